// Every scenario file replays headless through the flow machine and the zcp service in-process.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayHeadless } from '../../src/cli/replay/headless';
import { startInProcessService } from '../../src/cli/replay/inProcess';
import { compareOutcome, readScenario } from '../../src/cli/replay/scenario';
import type { FlowBundle } from '../../src/engine/flow/bundle';
import { loadFlowBundles } from '../../src/engine/flow/files';

const dir = join(import.meta.dirname, '.');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();

let app: FastifyInstance;
let bundles: FlowBundle[];

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
      const result = await replayHeadless(app, bundle!, scenario);
      expect(compareOutcome(scenario.expect, result)).toEqual([]);
      // Whatever the service said on the way (referrals, refusals) was filled in, never "{{p0}}"
      // (the quote itself holds text keys and templates the screen fills, so it is left out).
      const { quote: _quote, ...said } = result;
      expect(JSON.stringify(said)).not.toMatch(/\{\{|\}\}/);
    });
  }
});
