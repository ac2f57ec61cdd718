// Scenario files (tests/scenarios/*.json): a flow, the answers of each substep and the expected
// outcome. The same file replays headless through the engine and the service, and in the browser
// through the generated forms. The format is documented in docs/scenarios.md.

import { readFile } from 'node:fs/promises';
import { resolveDateExpr } from '../../../engine/dates';
import { getPath } from '../../../engine/paths';

export type PaymentOutcome = 'SUCCESS' | 'SUCCESS_PENDING' | 'FAILED';

export interface ScenarioStep {
  /** "<step id>__<substep id>", as `npm run flows:paths` prints them. */
  substep: string;
  /** Values by quote path; "today", "today+3d", "today-40y" are resolved on the day of the replay. */
  answers?: Record<string, unknown>;
  /** Packages substeps: the package to choose, optional covers to add, panels to open. */
  select?: string;
  covers?: string[];
  openPanels?: string[];
}

export interface Scenario {
  name: string;
  flow: string;
  variant?: string;
  language?: 'el' | 'en';
  steps: ScenarioStep[];
  /** The e-mail confirmed with a one-time code when the flow asks for it. */
  email?: string;
  /** Answer a changed premium with "confirm" (default) or "reject". */
  premiumChange?: 'confirm' | 'reject';
  /** Card used on the provider's page (see docs/payments.md for the test cards). */
  card?: string;
  /**
   * A code the visitor entered on /promo before the flow: a promo code ("WELCOME2026", kept as
   * CS_PROMO.PROMO_CODE_CP) or the whole promo block ({ "PROMO_CODE_TIS": "TIS-CLUB" }). The page
   * checks it (POST /zcp/promo/validate) and the flow sends it in every quote, as the browser does.
   */
  promo?: string | PromoBlock;
  /**
   * After the steps (the offer e-mailed, or stored and its payment not completed: a declined
   * `card`), a visitor in a fresh browser opens the offer's link and goes on with `reopen.steps`.
   */
  reopen?: ScenarioReopen;
  expect: ScenarioExpectation;
}

/** The quote's promo block (spec §3) as the /promo page fills it. */
export interface PromoBlock {
  PROMO_CODE_CP?: string;
  PROMO_CODE_TIS?: string;
  AGENT_CODE?: string;
  DISTRICT?: string;
}

export interface ScenarioReopen {
  /**
   * The link is opened this long after the offer was made ("10d", "2w", "31d"): the in-process
   * service's clock and the visitor's day move on by it (headless only).
   */
  after?: string;
  /** "tampered": one character of the link's token is changed. */
  token?: 'tampered';
  /** The substeps after the offer reopened (it reopens on payment__holder), as `steps`. */
  steps?: ScenarioStep[];
  /** The card paid with after reopening (default `4000000000000002`, approved). */
  card?: string;
}

/** The refusal "substep" of the /promo page and of an offer link that does not open. */
export const PROMO_PAGE = 'promo';
export const OFFER_LINK = 'offer-link';

/** The promo block a scenario's `promo` stands for: a bare code is a promo code, trimmed and upper-cased. */
export function promoBlockOf(promo: string | PromoBlock): PromoBlock {
  const block: PromoBlock = typeof promo === 'string' ? { PROMO_CODE_CP: promo } : promo;
  const out: PromoBlock = {};
  for (const [k, v] of Object.entries(block) as [keyof PromoBlock, string | undefined][]) {
    const value = v?.trim();
    if (value) out[k] = k.startsWith('PROMO_CODE') ? value.toUpperCase() : value;
  }
  return out;
}

/** "10d", "2w", "1m": the number of days (a month is 30 days). */
export function daysOf(after: string | undefined): number {
  if (after === undefined || after === '') return 0;
  const m = /^(\d+)([dwm])$/.exec(after.trim());
  if (!m)
    throw new Error(`reopen.after "${after}": write a number of days, weeks or months ("10d", "2w", "1m")`);
  return Number(m[1]) * (m[2] === 'w' ? 7 : m[2] === 'm' ? 30 : 1);
}

export interface ScenarioExpectation {
  /** The referral message (or a part of it) and type; absent: no referral may happen. */
  referral?: { message?: string; type?: string; checkNumber?: string };
  /** Premium shown before payment, euro (exact to the cent). */
  premium?: number;
  reachesPayment?: boolean;
  payment?: PaymentOutcome;
  /** Field errors that must keep the visitor on a substep: { substep, fields: [ids] }. */
  blocked?: { substep: string; fields: string[] };
  /**
   * The service refused the answers of a substep (422, e.g. a plate of another maker): its message,
   * or a part of it. Substep "promo": the /promo page refused the code; "offer-link": the reopened
   * offer link showed no offer (the page's message, e.g. "This offer has expired").
   */
  refused?: { substep: string; message?: string };
  /** The visitor was asked to confirm a premium that changed since the offer (true), or never (false). */
  premiumChanged?: boolean;
  /** The ids of every notice shown on the way, exactly ([] : none may show). */
  notices?: string[];
  /**
   * Values the quote carries at the end, by path ({ "CS_TRAVEL.ACTIVATED": "X" }): what the last
   * call sent plus what the service answered. Checked headless (the browser keeps it in the page).
   */
  quote?: Record<string, unknown>;
}

export interface ReplayResult {
  visited: string[];
  referral: { message: string; type: string; checkNumber: string } | null;
  blocked: { substep: string; fields: string[] } | null;
  premium: number | null;
  reachedPayment: boolean;
  payment: PaymentOutcome | null;
  contractNo: string | null;
  offerNo: string | null;
  /** Ids of the notices shown on the substeps visited (each once, in order of appearance). */
  notices: string[];
  refused: { substep: string; message: string } | null;
  /** A changed premium was put to the visitor. */
  premiumChanged: boolean;
  /** The quote at the end (headless replay only). */
  quote?: Record<string, unknown>;
}

export function emptyResult(): ReplayResult {
  return {
    notices: [],
    refused: null,
    premiumChanged: false,
    visited: [],
    referral: null,
    blocked: null,
    premium: null,
    reachedPayment: false,
    payment: null,
    contractNo: null,
    offerNo: null,
  };
}

export async function readScenario(file: string): Promise<Scenario> {
  const scenario = JSON.parse(await readFile(file, 'utf8')) as Scenario;
  if (!scenario.flow || !Array.isArray(scenario.steps) || !scenario.expect) {
    throw new Error(`${file}: a scenario needs "flow", "steps" and "expect"`);
  }
  if (scenario.reopen) {
    daysOf(scenario.reopen.after);
    if (scenario.reopen.token !== undefined && scenario.reopen.token !== 'tampered')
      throw new Error(`${file}: reopen.token may only be "tampered"`);
    if (scenario.reopen.steps !== undefined && !Array.isArray(scenario.reopen.steps))
      throw new Error(`${file}: reopen.steps is a list of steps`);
  }
  return scenario;
}

const DATE_EXPR = /^today((?:[+-]\d+[dwmy])*)$/;

/** "today", "today-40y", or offsets one after the other: "today-25y+5d" (25 years ago, 5 days on). */
function resolveDate(value: string, today: string): string {
  const offsets = DATE_EXPR.exec(value)?.[1].match(/[+-]\d+[dwmy]/g) ?? [];
  let day: string | null = today;
  for (const offset of offsets) day = day && resolveDateExpr(`today${offset}`, day);
  return day ?? value;
}

/** A value with relative dates resolved, also inside list items (a child's birth date). */
function resolveValue(value: unknown, today: string): unknown {
  if (typeof value === 'string' && DATE_EXPR.test(value)) return resolveDate(value, today);
  if (Array.isArray(value)) return value.map((v) => resolveValue(v, today));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveValue(v, today)]));
  }
  return value;
}

/** Answers with relative dates resolved against `today`. */
export function resolveAnswers(
  answers: Record<string, unknown> | undefined,
  today: string,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(answers ?? {})) out[path] = resolveValue(value, today);
  return out;
}

/** What differs between the expectation and the result; empty when the scenario passed. */
export function compareOutcome(expect: ScenarioExpectation, result: ReplayResult): string[] {
  const problems: string[] = [];
  if (expect.referral) {
    if (!result.referral) problems.push('expected a referral, none happened');
    else {
      if (expect.referral.message && !result.referral.message.includes(expect.referral.message)) {
        problems.push(
          `referral message "${result.referral.message}" does not contain "${expect.referral.message}"`,
        );
      }
      if (expect.referral.type && result.referral.type !== String(expect.referral.type)) {
        problems.push(`referral type ${result.referral.type}, expected ${expect.referral.type}`);
      }
      if (
        expect.referral.checkNumber &&
        result.referral.checkNumber !== String(expect.referral.checkNumber)
      ) {
        problems.push(
          `referral check ${result.referral.checkNumber}, expected ${expect.referral.checkNumber}`,
        );
      }
    }
  } else if (result.referral) {
    problems.push(`unexpected referral: ${result.referral.message}`);
  }
  if (expect.blocked) {
    if (!result.blocked)
      problems.push(`expected ${expect.blocked.substep} to block on ${expect.blocked.fields.join(', ')}`);
    else {
      if (result.blocked.substep !== expect.blocked.substep)
        problems.push(`blocked on ${result.blocked.substep}, expected ${expect.blocked.substep}`);
      for (const f of expect.blocked.fields)
        if (!result.blocked.fields.includes(f)) problems.push(`field ${f} was not reported`);
    }
  } else if (result.blocked) {
    problems.push(`blocked on ${result.blocked.substep}: ${result.blocked.fields.join(', ')}`);
  }
  if (expect.premiumChanged !== undefined && result.premiumChanged !== expect.premiumChanged)
    problems.push(
      expect.premiumChanged ? 'no changed premium was put to the visitor' : 'the premium changed',
    );
  if (expect.refused) {
    if (!result.refused) problems.push(`expected the service to refuse ${expect.refused.substep}`);
    else {
      if (result.refused.substep !== expect.refused.substep)
        problems.push(`refused on ${result.refused.substep}, expected ${expect.refused.substep}`);
      if (expect.refused.message && !result.refused.message.includes(expect.refused.message))
        problems.push(`refusal "${result.refused.message}" does not contain "${expect.refused.message}"`);
    }
  } else if (result.refused) {
    problems.push(`refused on ${result.refused.substep}: ${result.refused.message}`);
  }
  if (
    expect.premium !== undefined &&
    (result.premium === null || Math.abs(result.premium - expect.premium) > 0.005)
  ) {
    problems.push(`premium ${result.premium}, expected ${expect.premium}`);
  }
  if (expect.notices !== undefined) {
    const shown = [...new Set(result.notices)].sort().join(', ');
    const wanted = [...new Set(expect.notices)].sort().join(', ');
    if (shown !== wanted) problems.push(`notices shown: [${shown}], expected [${wanted}]`);
  }
  if (expect.reachesPayment !== undefined && result.reachedPayment !== expect.reachesPayment) {
    problems.push(expect.reachesPayment ? 'did not reach payment' : 'reached payment');
  }
  if (expect.quote && result.quote) {
    for (const [path, wanted] of Object.entries(expect.quote)) {
      const value = getPath(result.quote, path);
      if (JSON.stringify(value) !== JSON.stringify(wanted))
        problems.push(`quote ${path} is ${JSON.stringify(value)}, expected ${JSON.stringify(wanted)}`);
    }
  }
  if (expect.payment && result.payment !== expect.payment)
    problems.push(`payment ${result.payment}, expected ${expect.payment}`);
  if (expect.payment?.startsWith('SUCCESS') && !result.contractNo)
    problems.push('no contract number after a successful payment');
  return problems;
}

export function describeResult(result: ReplayResult): string {
  const lines = [`visited: ${result.visited.join(' → ')}`];
  if (result.referral)
    lines.push(
      `referral (type ${result.referral.type}, check ${result.referral.checkNumber}): ${result.referral.message}`,
    );
  if (result.blocked) lines.push(`blocked on ${result.blocked.substep}: ${result.blocked.fields.join(', ')}`);
  if (result.refused) lines.push(`refused on ${result.refused.substep}: ${result.refused.message}`);
  if (result.notices.length) lines.push(`notices: ${result.notices.join(', ')}`);
  if (result.premium !== null) lines.push(`premium: ${result.premium.toFixed(2)} EUR`);
  if (result.offerNo) lines.push(`offer: ${result.offerNo}`);
  lines.push(`reached payment: ${result.reachedPayment ? 'yes' : 'no'}`);
  if (result.payment)
    lines.push(`payment: ${result.payment}${result.contractNo ? `, contract ${result.contractNo}` : ''}`);
  return lines.join('\n');
}
