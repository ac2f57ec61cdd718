// Replays a scenario through the flow machine with the zcp service in-process (Fastify inject):
// the same calls the browser makes, the one-time code read from the outbox, and the card payment
// walked through the provider sandbox's pages as a browser would post them.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { createActor, waitFor } from 'xstate';
import { todayInNicosia } from '../../../engine/dates';
import type { FlowBundle } from '../../../engine/flow/bundle';
import { activeNotices } from '../../../engine/flow/notices';
import { callRequest } from '../../../engine/machine/calls';
import {
  createFlowMachine,
  offerResumeKey,
  substepPositions,
} from '../../../engine/machine/createFlowMachine';
import type { FlowServices, OtpResult, PaymentRedirect } from '../../../engine/machine/services';
import { getPath, setPath } from '../../../engine/paths';
import { premiumOf } from '../../../engine/quote';
import { offerToken } from '../../offers/offerAccess';
import { REPO_ROOT as ROOT } from '../items';
import { inProcessServiceOf } from './inProcess';
import {
  daysOf,
  emptyResult,
  OFFER_LINK,
  type PaymentOutcome,
  PROMO_PAGE,
  promoBlockOf,
  type ReplayResult,
  resolveAnswers,
  type Scenario,
  type ScenarioStep,
} from './scenario';
import type { ReplayScreen } from './screen';

export class ServiceCallError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    const messages = (body as { MESSAGES?: { MSGTEXT: string }[] } | null)?.MESSAGES;
    super(messages?.[0]?.MSGTEXT ?? `HTTP ${status}`);
  }
}

type Inject = FastifyInstance['inject'];

/**
 * One visitor's requests: the cookies the service sets (the offer cookie that proves the visitor
 * owns the offer they pay) are sent back, as a browser does. app.inject is looked up per call.
 */
export function visitorInject(app: FastifyInstance): Inject {
  const jar = new Map<string, string>();
  const send = async (options: InjectOptions) => {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await app.inject({
      ...options,
      headers: { ...options.headers, ...(cookie ? { cookie } : {}) },
    });
    for (const c of res.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (c.maxAge === 0 || c.value === '') jar.delete(c.name);
      else jar.set(c.name, c.value);
    }
    return res;
  };
  return send as unknown as Inject;
}

async function zcp(
  inject: Inject,
  lang: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const res = await inject({
    method: method as 'GET' | 'POST',
    url: `/zcp${path}`,
    headers: { 'accept-language': lang },
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  if (res.statusCode === 204) return true;
  const parsed = res.body ? JSON.parse(res.body) : null;
  if (res.statusCode === 200) return parsed;
  throw new ServiceCallError(res.statusCode, parsed);
}

/** The newest one-time code mailed to an address, read from the development mailbox (newest first). */
export async function latestCode(inject: Inject, email: string): Promise<string> {
  const res = await inject({ method: 'GET', url: `/dev/mailbox.json?to=${encodeURIComponent(email)}` });
  const code = /\b(\d{6})\b/.exec((JSON.parse(res.body) as { text?: string }[])[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no one-time code was mailed to ${email}`);
  return code;
}

const HIDDEN = /<input type="hidden" name="([^"]+)" value="([^"]*)">/g;
const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

function hiddenFields(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(HIDDEN)) out[decode(m[1])] = decode(m[2]);
  return out;
}

/** What a browser does on the provider's pages: post the signed form, pay with the card, post the return. */
export async function payThroughSandbox(
  inject: Inject,
  redirect: PaymentRedirect,
  card: string,
  lang: string,
): Promise<PaymentOutcome | 'PENDING'> {
  const path = new URL(redirect.URL).pathname;
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const contentType = { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': lang };
  const page = await inject({
    method: 'POST',
    url: path,
    headers: contentType,
    payload: form(redirect.FIELDS),
  });
  if (page.statusCode !== 200)
    throw new Error(`the provider refused the payment request (${page.statusCode})`);
  const cardPage = hiddenFields(page.body);
  const paid = await inject({
    method: 'POST',
    url: path.replace(/\/payment$/, '/pay'),
    headers: contentType,
    payload: form({
      ...cardPage,
      action: 'pay',
      cardNumber: card,
      expiry: '12/30',
      cvv: '123',
      holder: 'ELENI GEORGIOU',
    }),
  });
  if (paid.statusCode !== 200) throw new Error(`the card page refused the card (${paid.statusCode})`);
  const orderId = redirect.FIELDS.OrderID;
  const returned = /<form id="merchant-return" method="post" action="([^"]+)"/.exec(paid.body);
  if (returned) {
    const back = await inject({
      method: 'POST',
      url: new URL(decode(returned[1])).pathname,
      headers: contentType,
      payload: form(hiddenFields(paid.body)),
    });
    if (back.statusCode >= 400) throw new Error(`the return to the merchant failed (${back.statusCode})`);
  }
  const status = (await zcp(
    inject,
    lang,
    'GET',
    `/paymeth/ORDSTAT?ORDER_ID=${encodeURIComponent(orderId)}`,
  )) as { STATUS: string };
  return status.STATUS as PaymentOutcome | 'PENDING';
}

export function serviceBackedServices(
  app: FastifyInstance,
  bundle: FlowBundle,
  lang: string,
  inject: Inject = visitorInject(app),
  today: () => string = () => todayInNicosia(),
): FlowServices {
  return {
    today,
    call: (_name, spec, quote) => {
      const request = callRequest(spec, quote);
      return zcp(inject, lang, request.method, request.path, request.body);
    },
    checkPoints: async () => {
      const rules = (await zcp(
        inject,
        lang,
        'GET',
        `/offer/RulesDetail/${bundle.flow.product?.rulesKey}`,
      )) as { ET_CHECK_POINTS: never[] };
      return rules.ET_CHECK_POINTS;
    },
    otpGenerate: async (email) => {
      await zcp(inject, lang, 'POST', '/otp/generate', { I_MAIL_ADDRESS: email });
    },
    otpValidate: async (email, code): Promise<OtpResult> => {
      try {
        await zcp(inject, lang, 'POST', '/otp/validate', { I_MAIL_ADDRESS: email, I_TOKEN: code });
        return 'ok';
      } catch (error) {
        if (error instanceof ServiceCallError && error.status === 422) {
          return (error.body as { CODE?: string })?.CODE === 'EXPIRED' ? 'expired' : 'invalid';
        }
        throw error;
      }
    },
    payment: async (_name, quote) => {
      const answer = (await zcp(inject, lang, 'POST', '/jcc/JCCFunc/REGPAY', {
        CS_POLICY: {
          OFFER_NO: getPath(quote, 'CS_POLICY.OFFER_NO'),
          PRODUCT_ID: getPath(quote, 'CS_POLICY.PRODUCT_ID'),
        },
        LANGUAGE: lang,
      })) as { ES_RETURN_DATA: PaymentRedirect };
      return answer.ES_RETURN_DATA;
    },
  };
}

const topKey = (value: unknown) => (typeof value === 'string' ? value : Object.keys(value as object)[0]);
const innerOf = (value: unknown) =>
  typeof value === 'string' ? '' : JSON.stringify((value as Record<string, unknown>)[topKey(value)]);

export interface HeadlessReplayOptions {
  /**
   * Called with each screen the visitor would see: every substep once its answers are filled
   * (before Continue), and every pause it comes to (errors, a refusal, a referral, a changed
   * premium). screenTexts (./screen) words it as the browser would.
   */
  onScreen?: (screen: ReplayScreen) => void;
}

type FlowActor = ReturnType<typeof startActor>;

function startActor(bundle: FlowBundle, services: FlowServices, scenario: Scenario) {
  return createActor(
    createFlowMachine(bundle.flow, services, { vars: { variant: scenario.variant ?? '' } }),
  ).start();
}

/** One visitor's browser: its cookies, its flow machine and its day. */
interface Visit {
  actor: FlowActor;
  inject: Inject;
  today: string;
}

function settledOf(actor: FlowActor) {
  return waitFor(
    actor,
    (s) =>
      s.status !== 'active' ||
      topKey(s.value) === 'redirecting' ||
      /"?(editing|referral|error|confirmPremium|email|code|expired)"?/.test(innerOf(s.value)),
    { timeout: 15_000 },
  );
}

/**
 * Answers `steps` one substep after another; false when the visitor was stopped (a referral, field
 * errors, a refusal: written into `result`).
 */
async function walk(
  app: FastifyInstance,
  bundle: FlowBundle,
  scenario: Scenario,
  visit: Visit,
  steps: ScenarioStep[],
  result: ReplayResult,
  options: HeadlessReplayOptions,
): Promise<boolean> {
  const { actor, today } = visit;
  const settled = () => settledOf(actor);
  for (const step of steps) {
    let snap = await settled();
    const key = topKey(snap.value);
    if (key !== step.substep) throw new Error(`expected to be on ${step.substep}, the flow is on ${key}`);
    result.visited.push(key);
    if (
      bundle.flow.steps.some((s) =>
        s.substeps.some((u) => `${s.id}__${u.id}` === key && u.kind === 'payment'),
      )
    )
      result.reachedPayment = true;
    if (step.select) {
      actor.send({ type: 'SELECT_PACKAGE', packageId: step.select });
      snap = await settled();
    }
    for (const cover of step.covers ?? []) {
      actor.send({ type: 'TOGGLE_COVER', coverId: cover, selected: true });
      await settled();
    }
    for (const panel of step.openPanels ?? []) actor.send({ type: 'OPEN_PANEL', id: panel });
    let quote = actor.getSnapshot().context.quote;
    for (const [path, value] of Object.entries(resolveAnswers(step.answers, today)))
      quote = setPath(quote, path, value);
    const substep = bundle.flow.steps.flatMap((s) => s.substeps.filter((u) => `${s.id}__${u.id}` === key))[0];
    for (const { notice } of activeNotices(bundle.flow, substep, quote, today, snap.context.vars))
      if (!result.notices.includes(notice.id)) result.notices.push(notice.id);
    const current = actor.getSnapshot();
    options.onScreen?.({
      key,
      substep,
      state: innerOf(current.value),
      quote,
      context: current.context,
      today,
    });
    actor.send({ type: 'NEXT', quote });
    // Answer the pauses this substep raises until the flow moves on or stops.
    for (let guard = 0; guard < 10; guard++) {
      snap = await settled();
      const inner = innerOf(snap.value);
      if (topKey(snap.value) !== key) break;
      options.onScreen?.({
        key,
        substep,
        state: inner,
        quote: snap.context.quote,
        context: snap.context,
        today,
      });
      if (inner.includes('editing')) {
        if (snap.context.errors.length) {
          result.blocked = {
            substep: key,
            fields: [...new Set(snap.context.errors.map((e) => e.fieldId))],
          };
          return false;
        }
        // A 422 leaves the visitor on the form with the service's message.
        if (snap.context.serviceError) {
          result.refused = { substep: key, message: snap.context.serviceError.message ?? '' };
          return false;
        }
        break;
      }
      if (inner.includes('referral')) {
        const r = snap.context.referral!;
        result.referral = {
          message: r.ERROR_MESSAGE,
          type: String(r.ERROR_TEXT_TYPE),
          checkNumber: String(r.CHECK_NUMBER),
        };
        return false;
      }
      if (inner.includes('error'))
        throw new Error(`service error on ${key}: ${snap.context.serviceError?.message}`);
      if (inner.includes('confirmPremium')) {
        result.premiumChanged = true;
        actor.send({ type: scenario.premiumChange === 'reject' ? 'REJECT_PREMIUM' : 'CONFIRM_PREMIUM' });
      } else if (inner.includes('"email"') || inner.includes('expired')) {
        const email = scenario.email ?? 'eleni.georgiou@example.com.cy';
        actor.send({ type: 'OTP_SEND', email });
      } else if (inner.includes('"code"')) {
        actor.send({
          type: 'OTP_VERIFY',
          code: await latestCode(app.inject.bind(app), snap.context.otp.email),
        });
      }
    }
  }
  return true;
}

const APPROVED_CARD = '4000000000000002';

/** Where the visitor is after the steps: the premium and the offer; paid with `card` on the provider's page. */
async function finish(
  bundle: FlowBundle,
  visit: Visit,
  result: ReplayResult,
  lang: string,
  card: string,
): Promise<void> {
  const { actor, inject } = visit;
  const snap = await settledOf(actor);
  result.premium = premiumOf(snap.context.quote, bundle.flow.product?.premiumPath) || null;
  result.offerNo = (getPath(snap.context.quote, 'CS_POLICY.OFFER_NO') as string) || null;
  result.quote = snap.context.quote as Record<string, unknown>;
  if (topKey(snap.value) !== 'redirecting' || !snap.context.redirect) return;
  result.reachedPayment = true;
  const outcome = await payThroughSandbox(inject, snap.context.redirect, card, lang);
  if (outcome !== 'PENDING') {
    actor.send({ type: 'PAYMENT_RESULT', status: outcome });
    result.payment = outcome;
  }
  if (result.payment?.startsWith('SUCCESS')) {
    const status = (await zcp(
      inject,
      lang,
      'GET',
      `/paymeth/ORDSTAT?ORDER_ID=${encodeURIComponent(snap.context.redirect.FIELDS.OrderID)}`,
    )) as { CONTRACT_NO?: string };
    result.contractNo = status.CONTRACT_NO ?? null;
  }
}

/** A text of the site in a language ("flow", "offerLink.expired.title"), as the page shows it. */
function siteText(lang: string, ns: string, key: string, values: Record<string, string>): string {
  const tree = JSON.parse(readFileSync(join(ROOT, 'locales', lang, `${ns}.json`), 'utf8')) as unknown;
  let node: unknown = tree;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no locale text ${lang}/${ns}:${key}`);
  return node.replace(/\{\{\s*(\w+)[^}]*\}\}/g, (_, name: string) => values[name] ?? '');
}

/**
 * The link that reopens the stored offer: the one in the offer e-mail (newest first), or, for an
 * offer that was stored but not e-mailed, the same link signed the way the e-mail and the portal
 * sign it (the in-process service's secret).
 */
async function offerLinkOf(
  app: FastifyInstance,
  bundle: FlowBundle,
  quote: Record<string, unknown>,
  offerNo: string,
): Promise<URL> {
  const mail = String(getPath(quote, 'CS_POLICY_HOLDER.MAIL_ADDRESS') ?? '');
  if (mail) {
    const res = await app.inject({ method: 'GET', url: `/dev/mailbox.json?to=${encodeURIComponent(mail)}` });
    const mails =
      res.statusCode === 200 ? (JSON.parse(res.body) as { template?: string; text?: string }[]) : [];
    for (const m of mails) {
      if (m.template !== 'offerSent') continue;
      const found = /https?:\/\/\S+\/offer\/1\?\S+/.exec(m.text ?? '')?.[0];
      if (found && new URL(found).searchParams.get('offer') === offerNo) return new URL(found);
    }
  }
  const service = inProcessServiceOf(app);
  if (!service)
    throw new Error(
      `offer ${offerNo} was not e-mailed and this service cannot sign its link: replay it in-process`,
    );
  const link = new URL(`http://replay.invalid/${bundle.flow.id}/offer/1`);
  link.searchParams.set('offer', offerNo);
  link.searchParams.set(
    'product',
    String(getPath(quote, 'CS_POLICY.PRODUCT_ID') ?? bundle.flow.product?.productId ?? ''),
  );
  link.searchParams.set('token', offerToken(service.config.sessionSecret, offerNo));
  return link;
}

/** The token with its last character changed, as a link cut or edited by hand. */
function tampered(token: string): string {
  const last = token.slice(-1);
  return `${token.slice(0, -1)}${last === 'A' ? 'B' : 'A'}`;
}

/** Quote blocks an answer carries (CS_…, CT_…, ES_…): none may come with a refused link. */
function offerDataIn(body: unknown): string[] {
  if (body === null || typeof body !== 'object') return [];
  return Object.keys(body).filter((k) => /^(C[ST]|E[ST])_/.test(k));
}

/**
 * A visitor in a fresh browser opens the offer's link (`reopen.after` days later, with the token
 * tampered when asked), as src/ui/flow/OfferReopen.tsx does: the offer is read through
 * GET /zcp/offer/detail; a changed premium is put to the visitor; the flow resumes on the payment
 * step with the offer's answers, or at the start when the new price is rejected. A link that does
 * not open ends the replay with the page's message as a refusal on "offer-link".
 */
async function reopenOffer(
  app: FastifyInstance,
  bundle: FlowBundle,
  scenario: Scenario,
  first: Visit,
  result: ReplayResult,
  lang: string,
  day: () => string,
  options: HeadlessReplayOptions,
): Promise<void> {
  const reopen = scenario.reopen!;
  const quote = first.actor.getSnapshot().context.quote as Record<string, unknown>;
  const offerNo = String(getPath(quote, 'CS_POLICY.OFFER_NO') ?? '');
  if (!offerNo) throw new Error('reopen: the steps stored no offer (no CS_POLICY.OFFER_NO) to reopen');
  const link = await offerLinkOf(app, bundle, quote, offerNo);
  const productId = link.searchParams.get('product') ?? '';
  const token = link.searchParams.get('token') ?? '';
  const sentToken = reopen.token === 'tampered' ? tampered(token) : token;
  result.visited.push(OFFER_LINK);

  const inject = visitorInject(app);
  const res = await inject({
    method: 'GET',
    url: `/zcp/offer/detail/${encodeURIComponent(offerNo)}/${encodeURIComponent(productId)}?token=${encodeURIComponent(sentToken)}`,
    headers: { 'accept-language': lang },
  });
  const body = res.body ? (JSON.parse(res.body) as Record<string, unknown>) : null;
  if (res.statusCode !== 200) {
    const leaked = offerDataIn(body);
    if (leaked.length)
      throw new Error(
        `the refused offer link answered offer data (${leaked.join(', ')}), HTTP ${res.statusCode}`,
      );
    const codes = [
      body?.CODE,
      ...((body?.MESSAGES as { CODE?: string }[] | undefined) ?? []).map((m) => m.CODE),
    ];
    const problem = codes.includes('OFFER_EXPIRED')
      ? 'expired'
      : res.statusCode === 404 || res.statusCode === 400
        ? 'notFound'
        : 'failed';
    const said = ['title', 'text'].map((part) =>
      siteText(lang, 'flow', `offerLink.${problem}.${part}`, { offerNo }),
    );
    result.refused = { substep: OFFER_LINK, message: said.join(' ') };
    return;
  }

  const detail = body as Record<string, unknown> & { DATA_CHANGED?: string };
  const { DATA_CHANGED, DATES_CHANGED: _d, PREVIOUS_AMOUNT: _p, ...offerQuote } = detail;
  let at = offerResumeKey(bundle.flow);
  if (DATA_CHANGED === 'X') {
    result.premiumChanged = true;
    // Not at the new price: back to the start with the offer's answers, to change them.
    if (scenario.premiumChange === 'reject') at = substepPositions(bundle.flow)[0]?.key;
  }
  if (!at) throw new Error(`reopen: flow ${bundle.flow.id} has no substep that stores the offer`);
  const services = serviceBackedServices(app, bundle, lang, inject, day);
  const visit: Visit = { actor: startActor(bundle, services, scenario), inject, today: day() };
  try {
    await settledOf(visit.actor);
    visit.actor.send({ type: 'RESUME', quote: offerQuote, at });
    if (await walk(app, bundle, scenario, visit, reopen.steps ?? [], result, options))
      await finish(bundle, visit, result, lang, reopen.card ?? APPROVED_CARD);
  } finally {
    visit.actor.stop();
  }
}

/** Replays one scenario; resolves with what happened (compare it with compareOutcome). */
export async function replayHeadless(
  app: FastifyInstance,
  bundle: FlowBundle,
  scenario: Scenario,
  options: HeadlessReplayOptions = {},
): Promise<ReplayResult> {
  const lang = scenario.language ?? 'el';
  const service = inProcessServiceOf(app);
  const day = () => todayInNicosia(service?.clock.now() ?? new Date());
  const inject = visitorInject(app);
  const services = serviceBackedServices(app, bundle, lang, inject, day);
  const visit: Visit = { actor: startActor(bundle, services, scenario), inject, today: day() };
  const result = emptyResult();
  const movedFrom = service?.clock.days ?? 0;
  try {
    // The code entered on /promo first: refused there, or sent with every quote of the flow.
    if (scenario.promo !== undefined) {
      const block = promoBlockOf(scenario.promo);
      const code = block.PROMO_CODE_CP ?? block.PROMO_CODE_TIS ?? '';
      try {
        await zcp(inject, lang, 'POST', '/promo/validate', { PROMO_CODE: code });
      } catch (error) {
        if (!(error instanceof ServiceCallError && error.status === 422)) throw error;
        result.refused = { substep: PROMO_PAGE, message: error.message };
        return result;
      }
      await settledOf(visit.actor);
      visit.actor.send({ type: 'SET_VALUES', values: { CS_PROMO: block } });
    }
    if (!(await walk(app, bundle, scenario, visit, scenario.steps, result, options))) return result;
    await finish(bundle, visit, result, lang, scenario.card ?? APPROVED_CARD);
    if (scenario.reopen) {
      const days = daysOf(scenario.reopen.after);
      if (days) {
        if (!service) throw new Error('reopen.after moves the clock of the in-process service only');
        service.clock.days = movedFrom + days;
      }
      await reopenOffer(app, bundle, scenario, visit, result, lang, day, options);
    }
    return result;
  } finally {
    if (service) service.clock.days = movedFrom;
    visit.actor.stop();
  }
}
