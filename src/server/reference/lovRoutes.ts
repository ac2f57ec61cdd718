// Lists of values:
//   GET /zcp/lov/multi?fieldname=A,B&origin=X   [{ LOV_NAME, LOV_VALUE }] in the order asked
//   GET /zcp/lov/dep/{key}/{value}.../{lov}      one dependent list (cities of a district)
//   GET /zcp/lov/yesno, /zcp/lov/CpBankList, /zcp/lov/GARAGE

import type { FastifyPluginAsync } from 'fastify';
import { ERROR_ANSWERS, ref } from '../platform/apiSchemas';
import type { ServiceContext } from '../platform/context';
import { badRequest, notFound, requestLang } from '../platform/errors';
import { banks, dependentLov, dependentLovKeys, garages, lovList } from './';

const NAME = /^[A-Za-z0-9_]{1,40}$/;
const VALUE = /^[\p{L}\p{N} _.-]{1,60}$/u;
const MAX_NAMES = 40;
const MAX_PAIRS = 10;

export function lovRoutes(_ctx: ServiceContext): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Querystring: { fieldname: string; origin?: string } }>(
      '/lov/multi',
      {
        schema: {
          tags: ['lists of values'],
          summary: 'Several lists of values at once',
          description:
            'fieldname: comma-separated LOV names (at most 40). origin: the asking flow (DRIVER, HUNTER …), informative. Answers one { LOV_NAME, LOV_VALUE } per name, in the order asked; an unknown name answers 404 naming it. Dependent lists are asked for with /zcp/lov/dep.',
          querystring: {
            type: 'object',
            properties: {
              fieldname: { type: 'string', minLength: 1, maxLength: 1000, pattern: '^[A-Za-z0-9_,]+$' },
              origin: { type: 'string', maxLength: 40, pattern: '^[A-Za-z0-9_]*$' },
            },
            required: ['fieldname'],
            additionalProperties: false,
          },
          response: { 200: ref('lovList'), ...ERROR_ANSWERS },
        },
      },
      async (request) => {
        const lang = requestLang(request);
        const names = [...new Set(request.query.fieldname.split(',').filter(Boolean))];
        if (names.length === 0 || names.length > MAX_NAMES) {
          throw badRequest(
            'errors.validation.maxItems',
            { field: 'fieldname', limit: MAX_NAMES },
            'fieldname',
          );
        }
        return names.map((name) => {
          const list = NAME.test(name) ? lovList(name, lang) : null;
          if (!list) throw notFound('errors.lov.unknown', { name });
          return list;
        });
      },
    );

    app.get<{ Params: { '*': string } }>(
      '/lov/dep/*',
      {
        schema: {
          tags: ['lists of values'],
          summary: 'A dependent list: key/value pairs, then the list name',
          description:
            'Example: /zcp/lov/dep/DISTRICT/LIM/CITY answers the cities of Limassol. Every key the list depends on must be given.',
          params: {
            type: 'object',
            properties: { '*': { type: 'string', maxLength: 1000 } },
          },
          response: { 200: ref('lov'), ...ERROR_ANSWERS },
        },
      },
      async (request) => {
        const parts = request.params['*'].split('/').filter(Boolean);
        if (parts.length < 3 || parts.length % 2 === 0 || parts.length > 2 * MAX_PAIRS + 1) {
          throw badRequest('errors.lov.badDependencies');
        }
        const lovName = parts[parts.length - 1];
        if (!NAME.test(lovName) || !Object.hasOwn(dependentLovKeys(), lovName)) {
          throw notFound('errors.lov.unknown', { name: lovName.slice(0, 40) });
        }
        const deps: Record<string, string> = {};
        for (let i = 0; i < parts.length - 1; i += 2) {
          if (!NAME.test(parts[i]) || !VALUE.test(parts[i + 1]))
            throw badRequest('errors.lov.badDependencies');
          deps[parts[i]] = parts[i + 1];
        }
        const list = dependentLov(lovName, deps, requestLang(request));
        if (!list) throw badRequest('errors.lov.badDependencies');
        return list;
      },
    );

    const fixed = (path: string, summary: string, answer: (lang: 'el' | 'en') => unknown) =>
      app.get(
        path,
        { schema: { tags: ['lists of values'], summary, response: { 200: ref('lov'), ...ERROR_ANSWERS } } },
        async (request) => answer(requestLang(request)),
      );
    fixed('/lov/yesno', 'Yes / no (1 / 2)', (lang) => lovList('YESNO', lang));
    fixed('/lov/CpBankList', 'Banks in Cyprus (VALUE is the BIC)', (lang) => banks(lang));
    fixed('/lov/GARAGE', 'Network repair shops, with district, address and phone', (lang) => garages(lang));
  };
}
