// Sample data for the flow preview: what a visitor would have in the quote on reaching a substep.
// The flow's defaults (and its variant's), then the answers of a scenario file
// (tests/scenarios/<flow>-*.json) for every substep up to this one, the derived values, and, on a
// packages substep, the packages and covers the flow's own tariff rates for those answers, with
// the scenario's choice of package, covers and opened panels.

import { resolveDateExpr } from '../engine/dates';
import { applyDerived } from '../engine/flow/derived';
import type { Flow, Quote } from '../engine/flow/types';
import { initialQuote, type SubstepPosition, substepPositions } from '../engine/machine/createFlowMachine';
import { setPath } from '../engine/paths';
import { recordOpened, selectPackage, toggleCover } from '../engine/quote';
import { rateQuote } from '../engine/rating/rate';
import type { Tariff } from '../engine/rating/types';

/** The parts of a scenario file (docs/scenarios.md) the preview reads. */
export interface SampleScenario {
  flow: string;
  variant?: string;
  steps: {
    substep: string;
    answers?: Record<string, unknown>;
    select?: string;
    covers?: string[];
    openPanels?: string[];
  }[];
}

export interface Sample {
  quote: Quote;
  /** The scenario file the answers came from ("driver-happy-path.json"), or null. */
  scenario: string | null;
  /** True when the packages were rated from the tariff. */
  rated: boolean;
  /** Why the tariff could not rate the sample, when it could not. */
  ratingError: string | null;
}

const DATE_EXPR = /^today([+-]\d+[dwmy])?$/;

/** The substep with that state key ("driver__eligibility"), or undefined. */
export function findPosition(flow: Flow, substepKey: string): SubstepPosition | undefined {
  return substepPositions(flow).find((p) => p.key === substepKey);
}

/**
 * The scenario to take answers from: the first file, by name, of `<flow>-*.json` that reaches the
 * substep, preferring files of the previewed variant (or of none); else the flow's first file.
 * Files are keyed by their name.
 */
export function pickScenario(
  flowId: string,
  substepKey: string,
  scenarios: Record<string, SampleScenario>,
  variant?: string,
): string | null {
  const mine = Object.keys(scenarios)
    .filter((name) => name.startsWith(`${flowId}-`) && scenarios[name].flow === flowId)
    .sort();
  const reaching = mine.filter((name) => scenarios[name].steps.some((s) => s.substep === substepKey));
  const sameVariant = reaching.find(
    (name) => (scenarios[name].variant || undefined) === (variant || undefined),
  );
  return sameVariant ?? reaching[0] ?? mine[0] ?? null;
}

function resolved(answers: Record<string, unknown> | undefined, today: string): [string, unknown][] {
  return Object.entries(answers ?? {}).map(([path, value]) => [
    path,
    typeof value === 'string' && DATE_EXPR.test(value) ? (resolveDateExpr(value, today) ?? value) : value,
  ]);
}

export interface SampleInput {
  flow: Flow;
  substepKey: string;
  scenarios: Record<string, SampleScenario>;
  /** The flow's tariff (flows/<id>/tariff.json), for packages substeps. */
  tariff?: Tariff;
  today: string;
  variant?: string;
}

export function sampleQuote({ flow, substepKey, scenarios, tariff, today, variant }: SampleInput): Sample {
  const positions = substepPositions(flow);
  const target = positions.findIndex((p) => p.key === substepKey);
  if (target < 0) throw new Error(`${flow.id} has no substep ${substepKey}`);
  const scenario = pickScenario(flow.id, substepKey, scenarios, variant);
  const steps = scenario ? scenarios[scenario].steps : [];
  let quote = initialQuote(flow, { vars: { variant: variant ?? '' } });
  let rated = false;
  let ratingError: string | null = null;

  for (const position of positions.slice(0, target + 1)) {
    const step = steps.find((s) => s.substep === position.key);
    for (const [path, value] of resolved(step?.answers, today)) quote = setPath(quote, path, value);
    quote = applyDerived(flow, quote, today);
    const spec = position.substep.packages;
    if (!spec || !tariff) continue;
    try {
      const result = rateQuote(tariff, quote, { today, variant, newPolicy: true });
      quote = setPath(quote, spec.listPath, result.CT_PACKAGES);
      if (spec.coversPath) quote = setPath(quote, spec.coversPath, result.CT_COVERS);
      rated = true;
      if (step?.select) {
        const paths = { list: spec.listPath, offers: spec.offersPath, policy: 'CS_POLICY' };
        quote = selectPackage(quote, step.select, paths);
        for (const cover of step.covers ?? [])
          quote = toggleCover(quote, cover, step.select, true, spec.coversPath);
      }
      const panels = position.substep.panels;
      if (panels) for (const id of step?.openPanels ?? []) quote = recordOpened(quote, panels.recordPath, id);
    } catch (error) {
      // A tariff or scenario that does not fit the flow: the preview says so and shows the rest.
      ratingError = (error as Error).message;
    }
  }
  return { quote, scenario, rated, ratingError };
}
