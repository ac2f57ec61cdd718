// The project files the flow preview reads besides the generated flows: scenario files for sample
// answers, and each flow's tariff (to rate sample packages) and rules texts (cover and document
// panels). Development only: this module is reached only from the dev route.

import { localizeRules, type RulesFile } from '../engine/flow/bundle';
import type { Tariff } from '../engine/rating/types';
import type { SampleScenario } from './sampleData';

const scenarioFiles = import.meta.glob<SampleScenario>('../../tests/scenarios/*.json', {
  eager: true,
  import: 'default',
});
const tariffFiles = import.meta.glob<Tariff>('../../flows/*/tariff.json', { import: 'default' });
const rulesFiles = import.meta.glob<RulesFile>('../../flows/*/rules.json', { import: 'default' });

const fileName = (path: string) => path.split('/').pop() ?? path;

/** Scenario files by file name ("driver-happy-path.json"). */
export const scenarios: Record<string, SampleScenario> = Object.fromEntries(
  Object.entries(scenarioFiles).map(([path, scenario]) => [fileName(path), scenario]),
);

export interface PreviewFiles {
  scenarios: Record<string, SampleScenario>;
  tariff(flowId: string): Promise<Tariff | undefined>;
  /** The rules texts (TEXT_NAME → text) in a language. */
  texts(flowId: string, lang: 'el' | 'en'): Promise<Record<string, string>>;
}

export const projectFiles: PreviewFiles = {
  scenarios,
  tariff: async (flowId) => tariffFiles[`../../flows/${flowId}/tariff.json`]?.(),
  texts: async (flowId, lang) => {
    const rules = await rulesFiles[`../../flows/${flowId}/rules.json`]?.();
    if (!rules) return {};
    return Object.fromEntries(localizeRules(rules, lang).ET_TEXTS.map((t) => [t.TEXT_NAME, t.TEXT]));
  },
};
