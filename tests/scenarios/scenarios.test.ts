// Every scenario file replays headless through the flow machine and the zcp service in-process,
// and no message any of them brings up on screen keeps a template placeholder ("{{p0}}").

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import i18next, { type TFunction } from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInProcessService } from '../../src/cli/replay/inProcess';
import type { FlowBundle } from '../../src/engine/flow/bundle';
import { namespaceOf } from '../../src/engine/flow/expand';
import { loadFlowBundles } from '../../src/engine/flow/files';
import type { Flow } from '../../src/engine/flow/types';
import { replayHeadless } from '../../src/server/publishing/replay/headless';
import { compareOutcome, PROMO_PAGE, readScenario } from '../../src/server/publishing/replay/scenario';
import { type ReplayScreen, screenTexts } from '../../src/server/publishing/replay/screen';

const dir = join(import.meta.dirname, '.');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();

let app: FastifyInstance;
let bundles: FlowBundle[];

const LOCALES = join(import.meta.dirname, '..', '..', 'locales');
const translators = new Map<string, typeof i18next>();

/**
 * The browser's translation of a flow's screen in one language (src/i18n.ts: only that language's
 * files, no fallback to the other; FlowRunner's namespaces, the flow's own first).
 */
function translate(lang: 'el' | 'en', flow: Flow): TFunction {
  let instance = translators.get(lang);
  if (!instance) {
    const files = readdirSync(join(LOCALES, lang)).filter((f) => f.endsWith('.json'));
    const resources = Object.fromEntries(
      files.map((f) => [f.slice(0, -5), JSON.parse(readFileSync(join(LOCALES, lang, f), 'utf8'))]),
    );
    instance = i18next.createInstance();
    instance.init({
      lng: lang,
      fallbackLng: false,
      resources: { [lang]: resources },
      ns: Object.keys(resources),
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    translators.set(lang, instance);
  }
  return instance.getFixedT(lang, [namespaceOf(flow), 'fields', 'flow', 'validation', 'ui']);
}

beforeAll(async () => {
  [app, bundles] = await Promise.all([startInProcessService(), loadFlowBundles()]);
});
afterAll(() => app?.close());

describe('scenarios replay headless', () => {
  it('has scenario files', () => expect(files.length).toBeGreaterThan(0));
  for (const file of files) {
    it(file, async () => {
      const scenario = await readScenario(join(dir, file));
      const bundle = bundles.find((b) => b.flow.id === scenario.flow);
      expect(bundle, `flow ${scenario.flow}`).toBeDefined();
      const screens: ReplayScreen[] = [];
      const result = await replayHeadless(app, bundle!, scenario, { onScreen: (s) => screens.push(s) });
      expect(compareOutcome(scenario.expect, result)).toEqual([]);
      // Whatever the service said on the way (referrals, refusals) was filled in, never "{{p0}}"
      // (the quote itself holds text keys and templates the screen fills, so it is left out).
      const { quote: _quote, ...said } = result;
      expect(JSON.stringify(said)).not.toMatch(/\{\{|\}\}/);
      // Nor anything the screens on the way say, in the scenario's language: headings, labels,
      // help, options, notices, field errors, refusals, referrals, packages, buttons.
      const lang = scenario.language ?? 'el';
      const t = translate(lang, bundle!.flow);
      const documents = bundle!.rules.ET_TEXTS.map((x) => x.TEXT_NAME);
      const texts = screens.flatMap((screen) =>
        screenTexts(bundle!.flow, screen, t, lang, documents).map((x) => ({ ...x, on: screen.key })),
      );
      // A code refused on /promo stops the visitor before the flow's first screen.
      if (screens.length || result.refused?.substep !== PROMO_PAGE)
        expect(texts.length).toBeGreaterThan(screens.length);
      const unfilled = texts.filter((x) => /\{\{|\}\}/.test(x.text));
      expect(unfilled.map((x) => `${x.on}, ${x.where}: ${x.text}`)).toEqual([]);
    });
  }
});
