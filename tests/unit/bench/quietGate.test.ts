// The quiet gate of the benchmark (bench/lib/quiet.ts): no figure is reported from a busy machine.

import { describe, expect, it } from 'vitest';
import { behindQuietGate, quietSettings, quietWords } from '../../../bench/lib/quiet';

/** A load average that follows a script, one value per reading, and a clock that does not wait. */
function machine(loads: number[]) {
  let i = 0;
  const slept: number[] = [];
  return {
    load: () => loads[Math.min(i++, loads.length - 1)],
    sleep: async (ms: number) => {
      slept.push(ms);
    },
    slept,
  };
}

describe('quiet gate', () => {
  it('reports the figures of a measure taken quiet, with the loads before and after', async () => {
    const m = machine([0.8, 1.1]);
    const r = await behindQuietGate('x', async () => 42, { ...m, waitSeconds: 10, anyLoad: false });
    expect(r).toEqual({
      data: 42,
      quiet: {
        loadBefore: 0.8,
        loadAfter: 1.1,
        threshold: 1.5,
        waitedSeconds: 0,
        quiet: true,
        anyLoad: false,
      },
    });
    expect(quietWords(r.quiet)).toBe('quiet (load 0.8 → 1.1)');
  });

  it('waits for a busy machine to calm down, then measures', async () => {
    const m = machine([3, 2, 1.4, 1.2]);
    let ran = 0;
    const r = await behindQuietGate('x', async () => ++ran, { ...m, waitSeconds: 60, anyLoad: false });
    expect(ran).toBe(1);
    expect(r.quiet).toMatchObject({ loadBefore: 1.4, loadAfter: 1.2, waitedSeconds: 10, quiet: true });
    expect(m.slept).toEqual([5000, 5000]);
  });

  it('skips with the reason, without measuring, when the machine stays busy', async () => {
    const m = machine([4.2]);
    let ran = 0;
    const r = await behindQuietGate('x', async () => ++ran, { ...m, waitSeconds: 12, anyLoad: false });
    expect(ran).toBe(0);
    expect(r.data).toBeUndefined();
    expect(r.skipped).toBe(
      'not measured: load average 4.2 (above 1.5) after waiting 12 s for a quiet machine',
    );
    expect(r.quiet.quiet).toBe(false);
  });

  it('drops the figures of a measure that ended above the threshold', async () => {
    const m = machine([1, 2.5]);
    const r = await behindQuietGate('service', async () => 7, { ...m, waitSeconds: 0, anyLoad: false });
    expect(r.data).toBeUndefined();
    expect(r.skipped).toMatch(/figures dropped: load average 2.5 \(above 1.5\) when service ended/);
  });

  it('BENCH_ANY_LOAD=1 reports at any load, marked as not quiet', async () => {
    const m = machine([6, 7]);
    const r = await behindQuietGate('x', async () => 1, { ...m, waitSeconds: 100, anyLoad: true });
    expect(r.data).toBe(1);
    expect(m.slept).toEqual([]);
    expect(quietWords(r.quiet)).toBe('NOT quiet (load 6 → 7, BENCH_ANY_LOAD=1: development only)');
    expect(quietSettings({ BENCH_ANY_LOAD: '1', BENCH_QUIET_WAIT: '30' })).toEqual({
      waitSeconds: 30,
      anyLoad: true,
    });
    expect(quietSettings({})).toEqual({ waitSeconds: 120, anyLoad: false });
  });
});

describe('goals of a gated measure', () => {
  it('a skipped measure judges nothing and says why; a quiet one says so per goal', async () => {
    const { judgeGoals } = await import('../../../bench/report/goals');
    const skipped = judgeGoals({
      rules: {
        measuredAt: '2026-03-10T08:00:00.000Z',
        seconds: 5,
        smoke: false,
        skipped: 'not measured: busy',
      },
    }).find((g) => g.id === 'rules.ratio');
    expect(skipped).toMatchObject({ met: null, measured: 'not measured: busy', taken: 'skipped' });
    const quiet = {
      loadBefore: 0.5,
      loadAfter: 0.6,
      threshold: 1.5,
      waitedSeconds: 0,
      quiet: true,
      anyLoad: false,
    };
    const data = {
      checkPoints: 26,
      groups: 18,
      quotes: 10,
      referralShare: 0.2,
      disagreements: 0,
      ours: { evaluationsPerSecond: 1, checkPointsPerSecond: 1, rounds: [1] },
      jsonRulesEngine: { evaluationsPerSecond: 1, checkPointsPerSecond: 1, rounds: [1] },
      ratio: 1500,
      roundRatios: [1500],
      secondsPerRound: 1,
    };
    const judged = judgeGoals({
      rules: { measuredAt: '2026-03-10T08:00:00.000Z', seconds: 5, smoke: false, quiet, data },
    }).find((g) => g.id === 'rules.ratio');
    expect(judged).toMatchObject({ met: true, taken: 'quiet (load 0.5 → 0.6)' });
  });
});
