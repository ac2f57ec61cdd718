// POST /zcp/studio/impact — what a draft tariff does to premiums, priced by the service's own
// pricing on the benchmark's seeded quotes (./impact). A read for any staff member (viewer): it
// changes nothing. Bounded: at most MAX_QUOTES quotes and BUDGET_MS of pricing per call, one call
// at a time per instance (the others wait their turn), so the panel cannot tie the service up.

import type { FastifyPluginAsync } from 'fastify';
import promoCodes from '../../../../flows/_catalogues/promoCodes.json' with { type: 'json' };
import { todayInNicosia } from '../../../engine/dates';
import type { Tariff } from '../../../engine/rating/types';
import type { ServiceContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import { liveCatalogue } from '../../platform/liveConfig';
import { answers, body, open, str } from '../../platform/schemaParts';
import { requireStaff, staffGuard } from '../../staff/http';
import { scenarioBase } from './base';
import { tariffImpact } from './impact';

const TAG = 'studio';
export const DEFAULT_QUOTES = 2000;
export const MAX_QUOTES = 5000;
export const BUDGET_MS = 8000;
/** The same quotes every time, so two tries of one change answer alike. */
export const IMPACT_SEED = 26;

const refused = (status: number, key: string, code: string, params: Record<string, unknown>) =>
  new ApiError(status, [{ key, params, code }], { CODE: code });

let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(run: () => Promise<T>): Promise<T> {
  const next = queue.then(run, run);
  queue = next.catch(() => undefined);
  return next;
}

export function impactRoutes(ctx: ServiceContext): FastifyPluginAsync {
  return async (app) => {
    app.post<{ Body: { KEY: string; FILES: Record<string, string>; QUOTES?: number } }>(
      '/impact',
      {
        onRequest: staffGuard('viewer'),
        bodyLimit: 1024 * 1024,
        schema: {
          tags: [TAG],
          summary:
            "A draft tariff's impact on premiums: seeded quotes priced under the live and the draft tariff (viewer)",
          description: `KEY: a product flow; FILES: the draft's files (tariff.json is read). QUOTES: how many (default ${DEFAULT_QUOTES}, at most ${MAX_QUOTES}). Answers QUOTES, PREMIUMS (a quote's rated packages priced both ways), CHANGED, UP, DOWN, ONLY_LIVE, ONLY_DRAFT, DELTA and PERCENT { MIN, MEDIAN, MAX } of the changed ones, MOVERS (the largest, with the quote's ANSWERS), TIMED_OUT when the ${BUDGET_MS} ms budget ran out first. 404 NOT_RATED (no such product), 422 BAD_TARIFF.`,
          body: body(
            {
              KEY: str(80, { pattern: '^[a-z0-9][a-z0-9_-]*$' }),
              FILES: { type: 'object', additionalProperties: { type: 'string', maxLength: 512 * 1024 } },
              QUOTES: { type: 'integer', minimum: 100, maximum: MAX_QUOTES },
            },
            ['KEY', 'FILES'],
          ),
          response: answers({ 200: open('The impact') }),
        },
      },
      async (request) => {
        await requireStaff(request, 'viewer');
        const { KEY, FILES } = request.body;
        const product = ctx.registry.current().catalog.byFlowId(KEY);
        if (!product?.tariff) throw refused(404, 'studio:impact.errors.notRated', 'NOT_RATED', { key: KEY });
        let tariff: Tariff;
        try {
          tariff = JSON.parse(FILES['tariff.json'] ?? '') as Tariff;
          if (!tariff || typeof tariff !== 'object' || !Array.isArray(tariff.packages))
            throw new Error('packages');
        } catch (error) {
          throw refused(422, 'studio:impact.errors.badTariff', 'BAD_TARIFF', {
            detail: error instanceof SyntaxError ? error.message : 'tariff.json',
          });
        }
        const today = todayInNicosia(ctx.now());
        return oneAtATime(() =>
          tariffImpact(product, tariff, {
            today,
            base: scenarioBase(KEY, today),
            promoCodes: liveCatalogue('promoCodes', promoCodes).map((p) => p.CODE),
            count: request.body.QUOTES ?? DEFAULT_QUOTES,
            seed: IMPACT_SEED,
            budgetMs: BUDGET_MS,
          }),
        );
      },
    );
  };
}
