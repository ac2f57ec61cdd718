// The portal's claim calls (issue 15 items 1, 2 and 6; spec §4 "Claim flow", §7): search policy,
// incident types, validate, create, upload documents, payment details and one claim's detail.
// Every contract and claim named in a call must be the logged-in customer's own (403 otherwise).

import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { FlowBundle } from '../../engine/flow/bundle';
import { auth, forbidden, requireSession } from '../accounts/http';
import { caseFileRights, caseHistory, claimPayment, recordFiled } from '../casework/progress';
import { contractsOf } from '../customers/dashboard';
import type { Db } from '../db';
import { enqueueMail } from '../outbox';
import { type ServiceContext, today } from '../platform/context';
import { type PendingMessage, renderMessages, requestLang } from '../platform/errors';
import { hasKey, type Lang, t } from '../platform/i18n';
import { answers, body, open, str, ymd } from '../platform/schemaParts';
import { receiveUpload } from '../uploads/routes';
import {
  CLAIM_PRODUCTS,
  type ClaimContract,
  type ClaimPayload,
  type ClaimProduct,
  claimFlowRefusals,
  claimRefusals,
  claimRules,
  extraSlots,
  isClaimProduct,
} from './rules';
import { claimSlotKind } from './slots';
import { attachFile, claimFiles, insertClaim, ownClaim, type StoredClaim } from './store';
import { claimTusRoutes } from './tus';

const TAG = 'portal: claims';

const FLAG = { type: 'string', enum: ['X', ''], description: "'X' when the answer is yes ('1'), else empty" };
const TEXT = (n: number) => str(n);

const CLAIM_BODY = body(
  {
    PRODUCT_ID: str(10),
    CONTRACT_NO: str(20),
    IS_INCIDENT: body(
      {
        INCIDENT_DATE: ymd,
        INCIDENT_TIME: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' },
        CAUSE_NO: str(30),
        CAUSE_DETAILS_NO: str(30),
        DESCRIPTION: { ...TEXT(2000), minLength: 10 },
        CLAIMED_AMOUNT: { type: 'number', minimum: 0, maximum: 10_000_000 },
        REPAIR_SHOP: { type: 'string', enum: ['', 'NETWORK', 'OTHER'] },
        OTHER_INSURANCE: FLAG,
        OTHER_INSURANCE_DETAILS: TEXT(300),
        POLICE_PRESENCE: FLAG,
        POLICE_NUMBER: TEXT(40),
        FIRE_RESCUE_PRESENCE: FLAG,
        FIRE_RESCUE_NUMBER: TEXT(40),
      },
      ['INCIDENT_DATE', 'INCIDENT_TIME', 'CAUSE_NO', 'CAUSE_DETAILS_NO', 'DESCRIPTION'],
    ),
    IS_ADDRESS: body({ LOCATION: TEXT(200) }, ['LOCATION']),
    IS_HOME: body({
      LOCATION: TEXT(200),
      POLICE_PRESENCE: FLAG,
      POLICE_NUMBER: TEXT(40),
      FIRE_RESCUE_PRESENCE: FLAG,
      FIRE_RESCUE_NUMBER: TEXT(40),
    }),
    IS_DRIVER: body({ FULL_NAME: TEXT(80), LICENCE_NO: TEXT(30), ID_NUMBER: TEXT(30) }, [
      'FULL_NAME',
      'LICENCE_NO',
      'ID_NUMBER',
    ]),
    FULL_NAME: TEXT(80),
    BIRTH_DATE: { type: 'string', pattern: '^(\\d{4}-\\d{2}-\\d{2})?$' },
    INJURIES: FLAG,
    INVOLVED_VEHICLES: { type: 'integer', minimum: 0, maximum: 20 },
    CONSENT_CLAIM_DATA: FLAG,
    CONSENT_GDPR: FLAG,
    IT_PHOTO_SLOTS: { type: 'array', maxItems: 20, items: str(20) },
  },
  ['PRODUCT_ID', 'CONTRACT_NO', 'IS_INCIDENT', 'CONSENT_CLAIM_DATA', 'CONSENT_GDPR', 'IT_PHOTO_SLOTS'],
);

/** 422 with the refusals as CT_MESSAGE (the screen shows the first MSGTEXT) and as MESSAGES. */
function sendRefusals(reply: FastifyReply, lang: Lang, messages: PendingMessage[]) {
  const rendered = renderMessages(lang, messages);
  return reply.code(422).send({ MESSAGES: rendered, CT_MESSAGE: rendered, CODE: messages[0]?.code });
}

const label = (lang: Lang, key: string, fallback: string) => (hasKey(lang, key) ? t(lang, key) : fallback);

/** A slot's name: the product's slots by their label, the extra ones numbered. */
function slotLabel(lang: Lang, slot: string): string {
  const extra = /^EXTRA_(\d+)$/.exec(slot);
  if (extra) return t(lang, 'claims:progress.extra', { n: Number(extra[1]) });
  return label(lang, `claims:slots.${slot}.label`, slot);
}

export function claimRoutes(ctx: ServiceContext): FastifyPluginAsync {
  const active = requireSession(ctx, 'ACTIVE');

  /** The customer's contracts that a portal claim can be on (motor and property), as SrchPolicy lists them. */
  async function claimableContracts(request: FastifyRequest) {
    const { customer } = auth(request);
    const lang = requestLang(request);
    const all = await contractsOf(ctx.db, ctx.bundles, customer, lang, today(ctx));
    return all
      .filter((c) => isClaimProduct(c.PRODUCT_CODE))
      .map((c) => ({
        CONTRACT_NO: c.CONTRACT_NO,
        PRODUCT_ID: c.PRODUCT_ID,
        PRODUCT_CODE: c.PRODUCT_CODE,
        OBJECT_NO: '1',
        OBJECT_DESC: c.OBJECT_DESC,
        START_DATE: c.START_DATE,
        EXPIRY_DATE: c.EXPIRY_DATE,
        STATUS: c.STATUS,
        STATUS_DESC: c.STATUS_DESC,
        // Only an active policy takes a claim online; any other is a call to the claims line.
        ONLINE_CLAIM: c.STATUS === 'ACTIVE',
      }));
  }

  /** The contract a claim names, or 403 when it is not one of the customer's motor or home contracts. */
  async function claimContract(request: FastifyRequest, contractNo: string, productId: string) {
    const found = (await claimableContracts(request)).find(
      (c) => c.CONTRACT_NO === contractNo && c.PRODUCT_ID === productId,
    );
    if (!found || !isClaimProduct(found.PRODUCT_CODE)) throw forbidden();
    const contract: ClaimContract = {
      productCode: found.PRODUCT_CODE,
      startDate: found.START_DATE,
      expiryDate: found.EXPIRY_DATE,
      onlineAllowed: found.ONLINE_CLAIM,
    };
    return contract;
  }

  function claimFlowOf(bundles: FlowBundle[], contract: ClaimContract) {
    return bundles.find((b) => b.flow.claimFor?.includes(contract.productCode))?.flow;
  }

  /** Every refusal of the claim: the claim rules, then the product's claim wizard flow's own checks. */
  function refusalsOf(
    request: FastifyRequest<{ Body: ClaimPayload }>,
    callPath: string,
    contract: ClaimContract,
    now: string,
    bundles = ctx.bundles,
  ) {
    const flow = claimFlowOf(bundles, contract);
    // A claim product without its wizard flow is a configuration fault, not the customer's.
    if (!flow) throw new Error(`No claim flow for ${contract.productCode}`);
    const own = claimFlowRefusals(flow, callPath, request.body, now, requestLang(request));
    return claimRefusals(request.body, contract, now, own);
  }

  async function mustOwnClaim(request: FastifyRequest, claimNo: string): Promise<StoredClaim> {
    const claim = await ownClaim(ctx.db, auth(request).customer.customer_no, claimNo);
    if (!claim) throw forbidden();
    return claim;
  }

  async function claimDetail(claim: StoredClaim, lang: Lang) {
    // The files in the order of the product's slots, the wizard's order (licence front before back).
    const order = claimRules().products[claim.product_code].slots.map((r) => r.id);
    const rank = (slot: string) => (order.includes(slot) ? order.indexOf(slot) : order.length);
    const files = (await claimFiles(ctx.db, claim.claim_id)).sort((a, b) => rank(a.SLOT) - rank(b.SLOT));
    const filled = new Set(files.map((f) => f.SLOT));
    const rights = await caseFileRights(ctx.db, 'CLAIM', claim.status);
    const moreInfo = rights.extra;
    return {
      CLAIM_NO: claim.claim_no,
      CLAIM_ID: String(claim.claim_id),
      OBJECT_NO: claim.object_no,
      CONTRACT_NO: claim.contract_no,
      PRODUCT_ID: claim.product_id,
      PRODUCT_CODE: claim.product_code,
      STATUS: claim.status,
      FILED_ONLINE: Boolean((claim as { filed_online?: boolean }).filed_online),
      IT_ATTACHMENT_LIST: files.map((f) => ({
        ...f,
        SLOT_DESC: slotLabel(lang, f.SLOT),
      })),
      // Slots the customer meant to fill and whose file has not arrived: added from the detail screen.
      MISSING_SLOTS: rights.own ? (claim.declared_slots ?? []).filter((s) => !filled.has(s)) : [],
      // While the claim is being assessed: every slot of the product, so the detail screen can offer
      // the right kind of file for each; none once it is decided.
      FILES_OPEN: rights.own,
      SLOTS: (rights.own ? claimRules().products[claim.product_code].slots : []).map((r) => ({
        SLOT: r.id,
        KIND: r.kind,
        FILLED: filled.has(r.id),
      })),
      // While the insurer asks for more information: the extra slots the customer may fill.
      MORE_INFO: moreInfo,
      EXTRA_SLOTS: moreInfo
        ? extraSlots().map((s) => ({ SLOT: s, KIND: 'document', FILLED: filled.has(s) }))
        : [],
      ET_HISTORY: await caseHistory(ctx.db, 'CLAIM', claim.claim_no, lang),
    };
  }

  async function notifyClaimsDesk(db: Db, claim: StoredClaim, request: FastifyRequest, lang: Lang) {
    const { customer } = auth(request);
    const incident = claim.data.IS_INCIDENT;
    await enqueueMail(db, {
      to: ctx.config.claimsMail,
      template: 'claimFiled',
      lang,
      values: {
        claimNo: claim.claim_no,
        product: label(lang, `claims:products.${claim.product_code}`, claim.product_code),
        contractNo: claim.contract_no,
        customerNo: customer.customer_no,
        name: `${customer.first_name} ${customer.last_name}`.trim(),
        phone: customer.telephone,
        email: customer.email,
        incidentDate: incident.INCIDENT_DATE.split('-').reverse().join('/'),
        incidentTime: incident.INCIDENT_TIME,
        cause: label(lang, `claims:causes.${incident.CAUSE_NO}`, incident.CAUSE_NO),
        location: claim.data.IS_ADDRESS?.LOCATION ?? claim.data.IS_HOME?.LOCATION ?? '',
        description: incident.DESCRIPTION,
        photos: claim.declared_slots.length,
      },
    });
  }

  return async (app) => {
    app.post<{ Body: { PRODUCT_CODE?: string; CONTRACT_NO?: string } }>(
      '/claim/SrchPolicy',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary: "The customer's motor and home contracts a claim can be filed on",
          body: body({ PRODUCT_CODE: { type: 'string', enum: [...CLAIM_PRODUCTS] }, CONTRACT_NO: str(20) }),
          response: answers({ 200: open('{ CT_POLICY: [...], ET_MOTOR: [...], ET_HOME: [...] }') }),
        },
      },
      async (request) => {
        const { PRODUCT_CODE, CONTRACT_NO } = request.body;
        let list = await claimableContracts(request);
        if (CONTRACT_NO) {
          list = list.filter((c) => c.CONTRACT_NO === CONTRACT_NO);
          if (list.length === 0) throw forbidden();
        }
        if (PRODUCT_CODE) list = list.filter((c) => c.PRODUCT_CODE === PRODUCT_CODE);
        return {
          CT_POLICY: list,
          // Per product as well, in the list the claim rules name for it (ET_MOTOR, ET_HOME).
          ...Object.fromEntries(
            CLAIM_PRODUCTS.map((code) => [
              claimRules().products[code].contractList,
              list.filter((c) => c.PRODUCT_CODE === code),
            ]),
          ),
          CLAIMS_LINE: claimRules().claimsLine,
        };
      },
    );

    app.post<{ Body: { PRODUCT_CODE: ClaimProduct } }>(
      '/claim/GetIncidentTypes',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary: 'Causes of an incident and their details for a product, in the request language',
          body: body({ PRODUCT_CODE: { type: 'string', enum: [...CLAIM_PRODUCTS] } }, ['PRODUCT_CODE']),
          response: answers({
            200: open('{ ET_CAUSE: [{ CAUSE_NO, CAUSE_DETAILS_NO, EVENT_DESCRIPTION }] }'),
          }),
        },
      },
      async (request) => {
        const lang = requestLang(request);
        const causes = claimRules().products[request.body.PRODUCT_CODE].causes;
        return {
          ET_CAUSE: causes.flatMap((c) =>
            c.details.map((d) => ({
              CAUSE_NO: c.CAUSE_NO,
              CAUSE_DESC: label(lang, `claims:causes.${c.CAUSE_NO}`, c.CAUSE_NO),
              CAUSE_DETAILS_NO: d,
              EVENT_DESCRIPTION: label(lang, `claims:causeDetails.${d}`, d),
            })),
          ),
        };
      },
    );

    app.post<{ Body: ClaimPayload }>(
      '/claim/CPClaimValidate',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary: 'Checks a claim before it is created: 204, or 422 with CT_MESSAGE (first MSGTEXT shown)',
          body: CLAIM_BODY,
          response: answers({ 204: { type: 'null', description: 'the claim may be created' } }),
        },
      },
      async (request, reply) => {
        const contract = await claimContract(request, request.body.CONTRACT_NO, request.body.PRODUCT_ID);
        const refusals = refusalsOf(request, '/claim/CPClaimValidate', contract, today(ctx));
        if (refusals.length > 0) return sendRefusals(reply, requestLang(request), refusals);
        return reply.code(204).send();
      },
    );

    app.post<{ Body: ClaimPayload }>(
      '/claim/CrtClaim',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary: 'Creates the claim (checked again as CPClaimValidate) and tells the claims desk by mail',
          body: CLAIM_BODY,
          response: answers({ 200: open('{ C_CLAIM_NO, C_CLAIM_ID, C_OBJECT_NO }') }),
        },
      },
      async (request, reply) => {
        const lang = requestLang(request);
        const contract = await claimContract(request, request.body.CONTRACT_NO, request.body.PRODUCT_ID);
        const now = today(ctx);
        // The claim is checked by, and records, one version of its wizard flow.
        const live = ctx.registry.current();
        const refusals = refusalsOf(request, '/claim/CrtClaim', contract, now, live.bundles);
        if (refusals.length > 0) return sendRefusals(reply, lang, refusals);
        const customerNo = auth(request).customer.customer_no;
        const flowId = claimFlowOf(live.bundles, contract)?.id;
        const configVersions = flowId ? live.refs.get(flowId) : undefined;
        const claim = await ctx.db.transaction(async (tx) => {
          const row = await insertClaim(tx, {
            customerNo,
            product: contract.productCode,
            claim: request.body,
            lang,
            today: now,
            configVersions,
          });
          // In the same transaction: a claim is never stored without its notification queued.
          await notifyClaimsDesk(tx, row, request, lang);
          // The first entry of the claim's timeline.
          await recordFiled(tx, {
            kind: 'CLAIM',
            ref: row.claim_no,
            customerNo,
            status: row.status,
            now: ctx.now(),
          });
          return row;
        });
        ctx.kickOutbox();
        return {
          C_CLAIM_NO: claim.claim_no,
          C_CLAIM_ID: String(claim.claim_id),
          C_OBJECT_NO: claim.object_no,
        };
      },
    );

    app.post(
      '/claim/ClmUplDocuments',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary:
            'One photo or document of a claim (multipart: CLAIM_NO, CLAIM_ID, OBJECT_NO, SLOT, then the file); a slot sent again is replaced',
          response: answers({ 200: open('{ CLAIM_NO, IT_ATTACHMENT_LIST: [...], MISSING_SLOTS: [...] }') }),
        },
      },
      async (request) => {
        let claim: StoredClaim | null = null;
        let slot = '';
        const { row } = await receiveUpload(ctx, request, {
          purpose: 'claim-file',
          field: 'SLOT',
          kind: async (fields) => {
            claim = await mustOwnClaim(request, fields.CLAIM_NO ?? '');
            if (fields.CLAIM_ID !== String(claim.claim_id) || (fields.OBJECT_NO ?? '1') !== claim.object_no) {
              throw forbidden();
            }
            slot = fields.SLOT ?? '';
            return claimSlotKind(ctx.db, claim, slot);
          },
        });
        const owned = claim as StoredClaim | null;
        if (!owned) throw forbidden();
        await attachFile(ctx.db, owned.claim_id, slot, row.upload_id, ctx.now());
        return claimDetail(owned, requestLang(request));
      },
    );

    app.post<{ Body: { CLAIM_NO: string } }>(
      '/claim/GetPaymentDetails',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary: "A claim's compensation payments",
          body: body({ CLAIM_NO: str(20) }, ['CLAIM_NO']),
          response: answers({ 200: open('{ ET_PAYMENT: [...] }') }),
        },
      },
      async (request) => {
        const lang = requestLang(request);
        const claim = (await mustOwnClaim(request, request.body.CLAIM_NO)) as StoredClaim & {
          payment_status: string;
          compensation_type: string;
          claimed_amount_cents: number | null;
        };
        const payment = claim.payment_status;
        const paid = await claimPayment(ctx.db, claim.claim_id);
        return {
          ET_PAYMENT:
            payment === 'NONE'
              ? []
              : [
                  {
                    // Once paid: the payment itself (whole euro on screen), the account masked.
                    ...(paid
                      ? {
                          PAID_AMOUNT: paid.AMOUNT,
                          PAYMENT_DATE: paid.PAYMENT_DATE,
                          PAYMENT_METHOD: paid.PAYMENT_METHOD,
                          PAYMENT_METHOD_DESC: t(lang, `claims:paymentMethods.${paid.PAYMENT_METHOD}`),
                          ACCOUNT: paid.ACCOUNT,
                          REFERENCE: paid.REFERENCE,
                        }
                      : {}),
                    CLAIM_NO: claim.claim_no,
                    PAYMENT_STATUS: payment,
                    PAYMENT_STATUS_DESC: label(lang, `claims:paymentStatus.${payment}`, payment),
                    COMPENSATION_TYPE: claim.compensation_type,
                    COMPENSATION_TYPE_DESC: label(
                      lang,
                      `claims:compensation.${claim.compensation_type}`,
                      claim.compensation_type,
                    ),
                    AMOUNT:
                      claim.claimed_amount_cents === null ? null : Number(claim.claimed_amount_cents) / 100,
                  },
                ],
        };
      },
    );

    app.get<{ Params: { claimNo: string } }>(
      '/claim/detail/:claimNo',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary: "One of the customer's claims with its files and the slots still to fill",
          params: body({ claimNo: str(20) }, ['claimNo']),
          response: answers({ 200: open('{ CLAIM_NO, ..., IT_ATTACHMENT_LIST, MISSING_SLOTS }') }),
        },
      },
      async (request) =>
        claimDetail(await mustOwnClaim(request, request.params.claimNo), requestLang(request)),
    );

    await app.register(claimTusRoutes(ctx, { mustOwnClaim }));
  };
}
