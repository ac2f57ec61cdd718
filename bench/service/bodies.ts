// Realistic request bodies for the load tests, taken from each product's happy-path scenario
// (tests/scenarios/<flow>-happy-path.json): the scenario is replayed headless against the service
// in-process, and the bodies the flow machine posts to the calc and quotation calls are kept.
// So a new product (motor) is measured with the quote its own flow builds, without code here.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { startInProcessService } from '../../src/cli/replay/inProcess';
import { loadFlowBundles } from '../../src/engine/flow/files';
import { replayHeadless } from '../../src/server/publishing/replay/headless';
import { readScenario } from '../../src/server/publishing/replay/scenario';
import { ROOT } from '../lib/paths';

export interface Captured {
  flow: string;
  calc?: { path: string; body: unknown };
  quotation?: { path: string; body: unknown; mail: string };
  /** Why a body is missing. */
  note?: string;
}

type Inject = FastifyInstance['inject'];
type InjectOptions = { url?: string; path?: string; payload?: unknown };

export async function captureBodies(flows: string[]): Promise<Captured[]> {
  const bundles = await loadFlowBundles();
  const app = await startInProcessService();
  const out: Captured[] = [];
  try {
    const original = app.inject.bind(app) as (options: InjectOptions) => ReturnType<Inject>;
    let seen: { url: string; payload: unknown }[] = [];
    app.inject = ((options: InjectOptions) => {
      seen.push({ url: String(options.url ?? options.path ?? ''), payload: options.payload });
      return original(options);
    }) as unknown as Inject;
    for (const flow of flows) {
      const bundle = bundles.find((b) => b.flow.id === flow);
      const api = bundle?.flow.product?.api;
      const file = join(ROOT, 'tests', 'scenarios', `${flow}-happy-path.json`);
      if (!bundle || !api) {
        out.push({ flow, note: 'not yet available' });
        continue;
      }
      if (!existsSync(file)) {
        out.push({ flow, note: `no scenario tests/scenarios/${flow}-happy-path.json to take a quote from` });
        continue;
      }
      seen = [];
      const scenario = await readScenario(file);
      try {
        await replayHeadless(app, bundle, scenario);
      } catch {
        // The payment part may fail here; the calls before it are what the benchmark needs.
      }
      const last = (name: string) => [...seen].reverse().find((c) => c.url === `/zcp/${api.segment}/${name}`);
      const calc = last(api.calc);
      const quotation = last(api.quotation);
      const captured: Captured = { flow };
      if (calc) captured.calc = { path: calc.url, body: structuredClone(calc.payload) };
      if (quotation) {
        const body = structuredClone(quotation.payload) as Record<string, Record<string, unknown>>;
        // Every request must store a new offer, without mail: no offer number to update, no e-mail.
        if (body.CS_POLICY) delete body.CS_POLICY.OFFER_NO;
        if (body.CS_USER_EXTRAS) delete body.CS_USER_EXTRAS.SEND_VIA_MAIL;
        const mail = String(body.CS_POLICY_HOLDER?.MAIL_ADDRESS ?? '');
        captured.quotation = { path: quotation.url, body, mail };
      }
      if (!calc || !quotation)
        captured.note = `the ${flow} happy path made no ${calc ? 'quotation' : 'calc'} call`;
      out.push(captured);
    }
  } finally {
    await app.close();
  }
  return out;
}
