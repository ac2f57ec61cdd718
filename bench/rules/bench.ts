// Measure 3: check-point evaluations per second, evaluateCheckPoints against json-rules-engine
// running the same rules (./jre.ts) on the same realistic motor quotes (./ruleSet.ts).
// Rounds alternate between the engines so that drift on a noisy machine hits both; the answer is
// the median rate of each, and the ratio is the median of the rounds' own ratios (each round times
// the two engines back to back, so a busy moment of the machine weighs on both sides of a ratio). Both engines must name the same referral on every quote.

import { performance } from 'node:perf_hooks';
import { evaluateCheckPoints } from '../../src/engine/checkpoints';
import { median, round } from '../lib/stats';
import { jreEngine } from './jre';
import { motorQuotes, RULE_SET } from './ruleSet';

export interface EngineRate {
  /** Whole rule-set evaluations (one quote each) per second: median of the rounds. */
  evaluationsPerSecond: number;
  /** The same, times the number of check points (rows) in the set. */
  checkPointsPerSecond: number;
  rounds: number[];
}

export interface RulesResult {
  checkPoints: number;
  groups: number;
  quotes: number;
  /** Share of the quotes that raise a referral. */
  referralShare: number;
  /** Quotes on which the two engines named a different referral (must be 0). */
  disagreements: number;
  ours: EngineRate;
  jsonRulesEngine: EngineRate;
  /** ours / json-rules-engine: the median of the rounds' ratios. */
  ratio: number;
  roundRatios: number[];
  secondsPerRound: number;
}

// A sink the optimiser cannot see through, so the evaluations are not dropped as dead code.
let sink = 0;

function timeOurs(quotes: readonly unknown[], seconds: number): number {
  const budget = seconds * 1000;
  const start = performance.now();
  let n = 0;
  let elapsed = 0;
  do {
    for (let i = 0; i < quotes.length; i++) {
      const hit = evaluateCheckPoints(RULE_SET, quotes[i]);
      if (hit !== null) sink += hit.CHECK_NUMBER.length;
    }
    n += quotes.length;
    elapsed = performance.now() - start;
  } while (elapsed < budget);
  return (n / elapsed) * 1000;
}

async function timeJre(
  run: (q: unknown) => Promise<string | null>,
  quotes: readonly unknown[],
  seconds: number,
) {
  const budget = seconds * 1000;
  const start = performance.now();
  let n = 0;
  let elapsed = 0;
  do {
    for (let i = 0; i < quotes.length && (i & 63 || performance.now() - start < budget); i++) {
      const hit = await run(quotes[i]);
      if (hit !== null) sink += hit.length;
      n++;
    }
    elapsed = performance.now() - start;
  } while (elapsed < budget);
  return (n / elapsed) * 1000;
}

export async function runRulesBench(
  options: { secondsPerRound?: number; rounds?: number; quotes?: number } = {},
): Promise<RulesResult> {
  const seconds = options.secondsPerRound ?? 0.4;
  const rounds = options.rounds ?? 15;
  const quotes = motorQuotes(options.quotes ?? 2000);
  const jre = jreEngine(RULE_SET);

  let disagreements = 0;
  let referrals = 0;
  for (const quote of quotes) {
    const ours = evaluateCheckPoints(RULE_SET, quote)?.CHECK_NUMBER ?? null;
    const theirs = await jre.run(quote);
    if (ours !== theirs) disagreements++;
    if (ours !== null) referrals++;
  }

  // Warm both up (JIT tiers, the compile cache) before the timed rounds.
  timeOurs(quotes, Math.min(0.3, seconds));
  await timeJre(jre.run, quotes, Math.min(0.3, seconds));
  const ours: number[] = [];
  const theirs: number[] = [];
  for (let r = 0; r < rounds; r++) {
    ours.push(timeOurs(quotes, seconds));
    theirs.push(await timeJre(jre.run, quotes, seconds));
  }
  const ratios = ours.map((x, i) => x / theirs[i]);
  const rate = (list: number[]): EngineRate => ({
    evaluationsPerSecond: round(median(list)),
    checkPointsPerSecond: round(median(list) * RULE_SET.length),
    rounds: list.map((x) => round(x)),
  });
  return {
    checkPoints: RULE_SET.length,
    groups: new Set(RULE_SET.map((cp) => String(cp.CHECK_NUMBER))).size,
    quotes: quotes.length,
    referralShare: round(referrals / quotes.length),
    disagreements,
    ours: rate(ours),
    jsonRulesEngine: rate(theirs),
    ratio: round(median(ratios)),
    roundRatios: ratios.map((x) => round(x)),
    secondsPerRound: seconds,
  };
}

/** Keeps the sink observable (and the evaluations alive). */
export const sinkValue = () => sink;
