// POST /zcp/travel/setduration: the trip's start and length in days give the policy's end date.
// Bounds come from the travel tariff's config (MAX_START_DAYS_AHEAD, MAX_DURATION_DAYS).

import type { FastifyPluginAsync } from 'fastify';
import { addDays, isValidYmd, policyEndDate } from '../../engine/dates';
import { readNumber } from '../../engine/expr';
import type { Quote } from '../../engine/flow/types';
import { getPath } from '../../engine/paths';
import { ERROR_ANSWERS, ref } from '../platform/apiSchemas';
import { type ServiceContext, today } from '../platform/context';
import { refuse } from '../platform/errors';
import type { Product } from './catalog';

const DEFAULT_MAX_START_DAYS = 30;
const DEFAULT_MAX_DURATION_DAYS = 365;

function configNumber(product: Product | undefined, name: string, fallback: number): number {
  const n = readNumber(product?.tariff?.config?.[name]);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback;
}

function firstDefined(...values: unknown[]): unknown {
  return values.find((v) => v !== undefined && v !== null && v !== '');
}

export function travelRoutes(ctx: ServiceContext): FastifyPluginAsync {
  return async (app) => {
    app.post<{ Body: Quote }>(
      '/travel/setduration',
      {
        schema: {
          tags: ['product: TRAVEL'],
          summary: 'End date of a trip from its start and length in days',
          description:
            'START_DATE from today up to MAX_START_DAYS_AHEAD (30) days ahead; DURATION_DAYS from 1 to MAX_DURATION_DAYS (365). END_DATE is the last day covered (start + days - 1).',
          body: ref('setDuration'),
          response: { 200: ref('answers', 'duration'), ...ERROR_ANSWERS },
        },
      },
      async (request) => {
        const product = ctx.catalog.bySegment('travel');
        const maxAhead = configNumber(product, 'MAX_START_DAYS_AHEAD', DEFAULT_MAX_START_DAYS);
        const maxDays = configNumber(product, 'MAX_DURATION_DAYS', DEFAULT_MAX_DURATION_DAYS);
        const body = request.body;
        const day = today(ctx);
        const start = firstDefined(getPath(body, 'CS_POLICY.START_DATE'), body.START_DATE);
        if (!isValidYmd(start) || start < day) {
          throw refuse('errors.travel.startDate', {}, { field: 'CS_POLICY.START_DATE' });
        }
        if (start > addDays(day, maxAhead)) {
          throw refuse('errors.travel.startTooFar', { days: maxAhead }, { field: 'CS_POLICY.START_DATE' });
        }
        const objectKey = product?.meta.objectKey ?? 'CS_TRAVEL';
        const days = readNumber(
          firstDefined(
            getPath(body, 'CS_POLICY.DURATION_DAYS'),
            body.DURATION_DAYS,
            getPath(body, `${objectKey}.DURATION_DAYS`),
          ),
        );
        if (!Number.isInteger(days) || days < 1 || days > maxDays) {
          throw refuse('errors.travel.duration', { days: maxDays }, { field: 'CS_POLICY.DURATION_DAYS' });
        }
        return {
          CS_POLICY: {
            START_DATE: start,
            END_DATE: policyEndDate(start, { days }),
            DURATION_DAYS: days,
            DURATION_MONTHS: 0,
            DURATION_YEARS: 0,
          },
        };
      },
    );
  };
}
