// The endorsement calls (issue 14 item 4, spec §7): the screen's list, the chg…/save… pair of
// every kind (POST /zcp/contract/chgpropvalue prices, /zcp/contract/savepropvalue saves), and
// /workorder/CrtWorkOrder. Logged-in customers only, and only for their own contracts.

import type { FastifyPluginAsync } from 'fastify';
import { auth, requireSession } from '../../accounts/http';
import type { ServiceContext } from '../../platform/context';
import { today } from '../../platform/context';
import { requestLang } from '../../platform/errors';
import { answers, body, open, str } from '../../platform/schemaParts';
import { contractDetail } from '../detail';
import { type EndorsementKind, endorsementRules, type KindField } from './kinds';
import {
  changeAnswer,
  createWorkOrder,
  endorsementsOf,
  ownContractByNo,
  priceChange,
  saveChange,
} from './service';

const TAG = 'portal: endorsements';

function fieldSchema(field: KindField): Record<string, unknown> {
  switch (field.type) {
    case 'amount':
    case 'days':
      return { type: ['integer', 'string'], maxLength: 12 };
    case 'yesno':
      return { type: 'string', maxLength: 1 };
    case 'valuables':
      return {
        type: 'array',
        maxItems: 20,
        items: body({ DESCRIPTION: str(60), VALUE: { type: ['integer', 'string'], maxLength: 12 } }),
      };
    default:
      return str(field.maxLength ?? 40);
  }
}

/** The body of one chg…/save… call: the contract, the kind, and the values of every kind it serves. */
function changeBody(kinds: EndorsementKind[]) {
  const props: Record<string, unknown> = {
    CONTRACT_NO: str(20),
    PRODUCT_ID: str(10),
    ENDORSEMENT_TYPE: { type: 'string', enum: kinds.map((k) => k.type) },
  };
  for (const kind of kinds) for (const f of kind.fields) props[f.name] = fieldSchema(f);
  return body(props, ['CONTRACT_NO', 'PRODUCT_ID']);
}

type ChangeBody = Record<string, unknown> & {
  CONTRACT_NO: string;
  PRODUCT_ID: string;
  ENDORSEMENT_TYPE?: string;
};

export function endorsementRoutes(ctx: ServiceContext): FastifyPluginAsync {
  const active = requireSession(ctx, 'ACTIVE');
  const byCall = new Map<string, EndorsementKind[]>();
  for (const kind of endorsementRules().kinds)
    byCall.set(kind.call, [...(byCall.get(kind.call) ?? []), kind]);

  return async (app) => {
    app.get<{ Params: { contractNo: string } }>(
      '/contract/endorsements/:contractNo',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary:
            "The endorsements of one of the customer's contracts: which can be made online, current values, limits",
          params: body({ contractNo: str(20) }, ['contractNo']),
          response: answers({
            200: open(
              '{ CS_CONTRACT, CS_OBJECT, CT_ENDORSEMENTS, CS_CURRENT, CS_LIMITS } (docs/portal-api.md)',
            ),
          }),
        },
      },
      async (request) =>
        endorsementsOf(ctx, auth(request).customer, request.params.contractNo, requestLang(request)),
    );

    for (const [call, kinds] of byCall) {
      // A call serving one kind needs no ENDORSEMENT_TYPE; propvalue (three kinds) does.
      const typeOf = (b: ChangeBody) => b.ENDORSEMENT_TYPE ?? (kinds.length === 1 ? kinds[0].type : '');
      app.post<{ Body: ChangeBody }>(
        `/contract/chg${call}`,
        {
          preHandler: active,
          schema: {
            tags: [TAG],
            summary: `Prices a change (${kinds.map((k) => k.type).join(', ')}) without saving it`,
            body: changeBody(kinds),
            response: answers({
              200: open(
                '{ CS_ENDORSEMENT: { OLD_VALUES, NEW_VALUES, PREMIUM_BEFORE, PREMIUM_AFTER, PREMIUM_DIFFERENCE } }',
              ),
            }),
          },
        },
        async (request) => {
          const { customer } = auth(request);
          const lang = requestLang(request);
          const contract = await ownContractByNo(
            ctx.db,
            customer,
            request.body.CONTRACT_NO,
            request.body.PRODUCT_ID,
          );
          const change = await priceChange(ctx, ctx.db, contract, typeOf(request.body), request.body, lang);
          return changeAnswer(change, false);
        },
      );
      app.post<{ Body: ChangeBody }>(
        `/contract/save${call}`,
        {
          preHandler: active,
          schema: {
            tags: [TAG],
            summary: `Saves a change (${kinds.map((k) => k.type).join(', ')}) and answers the contract read again`,
            body: changeBody(kinds),
            response: answers({
              200: open('{ CS_ENDORSEMENT, CS_CONTRACT, CS_OBJECT, … } (the contract after the change)'),
            }),
          },
        },
        async (request) => {
          const { customer } = auth(request);
          const lang = requestLang(request);
          const b = request.body;
          const change = await saveChange(ctx, customer, b.CONTRACT_NO, b.PRODUCT_ID, typeOf(b), b, lang);
          // The contract is read again after the change (spec §4), so the answer shows what is stored.
          const fresh = await ownContractByNo(ctx.db, customer, b.CONTRACT_NO, b.PRODUCT_ID);
          return {
            ...changeAnswer(change, true),
            ...contractDetail(fresh, ctx.bundles, customer, lang, today(ctx)),
          };
        },
      );
    }

    app.post<{
      Body: {
        CONTRACT_NO: string;
        PRODUCT_ID: string;
        ENDORSEMENT_TYPE?: string;
        CALL_BACK?: string;
        PHONE?: string;
        REQUESTED_VALUES?: Record<string, unknown>;
      };
    }>(
      '/workorder/CrtWorkOrder',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary:
            'Records a work order for staff: an endorsement the portal could not make, with a call-back if asked',
          body: body(
            {
              CONTRACT_NO: str(20),
              PRODUCT_ID: str(10),
              ENDORSEMENT_TYPE: str(30),
              CALL_BACK: { type: 'string', enum: ['X', ''] },
              PHONE: str(20),
              REQUESTED_VALUES: { type: 'object', maxProperties: 30, additionalProperties: true },
            },
            ['CONTRACT_NO', 'PRODUCT_ID'],
          ),
          response: answers({ 200: open('{ WORKORDER_ID }') }),
        },
      },
      async (request) => createWorkOrder(ctx, auth(request).customer, request.body, requestLang(request)),
    );
  };
}
