// The quiet gate (issue 27): a figure taken while other work loads the machine moves more with that
// work than with the code, so every measure records the 1-minute load average before and after it,
// and a measure that would start above the threshold first waits for the machine to calm down
// (BENCH_QUIET_WAIT seconds, polled), then is skipped with the reason instead of reporting. A
// measure that ends above the threshold is not reported either: its figures are dropped and the
// reason kept. BENCH_ANY_LOAD=1 lifts the gate for development; the figures are then marked as
// taken at that load and never count as quiet.

import { loadavg } from 'node:os';

/** The load average (1 min) above which no figure is reported. */
export const QUIET_LOAD = 1.5;
const DEFAULT_WAIT_S = 120;
const POLL_S = 5;

export interface QuietRecord {
  /** 1-minute load average when the measure started (after any wait) and when it ended. */
  loadBefore: number;
  loadAfter?: number;
  threshold: number;
  /** Seconds waited for the load to fall below the threshold before starting. */
  waitedSeconds: number;
  /** Both loads at or below the threshold: the figures hold. */
  quiet: boolean;
  /** BENCH_ANY_LOAD=1 was set: figures reported whatever the load (development only). */
  anyLoad: boolean;
}

export interface QuietOptions {
  threshold?: number;
  waitSeconds?: number;
  anyLoad?: boolean;
  /** For tests: the load average and the clock. */
  load?: () => number;
  sleep?: (ms: number) => Promise<void>;
  log?: (line: string) => void;
}

export const currentLoad = (): number => Math.round(loadavg()[0] * 100) / 100;

export function quietSettings(env: NodeJS.ProcessEnv = process.env): {
  waitSeconds: number;
  anyLoad: boolean;
} {
  const wait = Number(env.BENCH_QUIET_WAIT);
  return {
    waitSeconds:
      env.BENCH_QUIET_WAIT !== undefined && Number.isFinite(wait) && wait >= 0 ? wait : DEFAULT_WAIT_S,
    anyLoad: env.BENCH_ANY_LOAD === '1',
  };
}

const loadWords = (load: number, threshold: number) => `load average ${load} (above ${threshold})`;

/**
 * Runs `measure` behind the gate. Answers its figures with the record, or `skipped` with the reason
 * (the machine did not calm down in time, or the load rose above the threshold during the measure).
 */
export async function behindQuietGate<T>(
  name: string,
  measure: () => Promise<T>,
  options: QuietOptions = {},
): Promise<{ data?: T; quiet: QuietRecord; skipped?: string }> {
  const settings = quietSettings();
  const threshold = options.threshold ?? QUIET_LOAD;
  const waitSeconds = options.waitSeconds ?? settings.waitSeconds;
  const anyLoad = options.anyLoad ?? settings.anyLoad;
  const load = options.load ?? currentLoad;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const log = options.log ?? (() => {});

  let before = load();
  let waited = 0;
  if (!anyLoad) {
    if (before > threshold)
      log(`${loadWords(before, threshold)}: waiting up to ${waitSeconds} s for a quiet machine`);
    while (before > threshold && waited < waitSeconds) {
      const step = Math.min(POLL_S, waitSeconds - waited);
      await sleep(step * 1000);
      waited += step;
      before = load();
    }
    if (before > threshold)
      return {
        quiet: { loadBefore: before, threshold, waitedSeconds: waited, quiet: false, anyLoad },
        skipped: `not measured: ${loadWords(before, threshold)} after waiting ${waited} s for a quiet machine`,
      };
  }
  const data = await measure();
  const after = load();
  const quiet: QuietRecord = {
    loadBefore: before,
    loadAfter: after,
    threshold,
    waitedSeconds: waited,
    quiet: before <= threshold && after <= threshold,
    anyLoad,
  };
  if (!quiet.quiet && !anyLoad)
    return {
      quiet,
      skipped: `figures dropped: ${loadWords(after, threshold)} when ${name} ended (${before} at its start)`,
    };
  return { data, quiet };
}

/** How a figure was taken, in words for RESULTS.md. */
export function quietWords(q: QuietRecord | undefined): string {
  if (!q) return 'quiet unknown (taken before the quiet gate)';
  const loads = `load ${q.loadBefore}${q.loadAfter !== undefined ? ` → ${q.loadAfter}` : ''}`;
  if (q.quiet) return `quiet (${loads})`;
  return q.anyLoad ? `NOT quiet (${loads}, BENCH_ANY_LOAD=1: development only)` : `NOT quiet (${loads})`;
}
