// Renewal of contracts before they end (issue 28 item 2), run by every instance once a minute and
// by the testers' POST /dev/renewals/run. The calendar is the engine's (src/engine/renewal.ts);
// the offer is an ordinary offer (so the portal, the e-mailed link and the payment treat it as any
// other) that names the contract it renews: same answers, re-rated with the live tariff as a
// second year (no first-year promotion, no promo code), starting the day after the old contract
// ends. Every step is a conditional write, so two instances passing at once do each thing once.

import { ymdToDisplay } from '../../../engine/dates';
import type { Quote } from '../../../engine/flow/types';
import { formatEuro } from '../../../engine/money';
import { getPath } from '../../../engine/paths';
import { renewalNoticesDue, renewalSchedule } from '../../../engine/renewal';
import { isEmailAddress } from '../../../engine/rules/fieldRules';
import type { Db } from '../../db';
import type { Catalog, Product } from '../../offers/catalog';
import { offerMailLink } from '../../offers/offerAccess';
import { offerInputOf, priceQuote } from '../../offers/pricing';
import { insertOffer, nextOfferNo, withOffer } from '../../offers/store';
import { enqueueMail, enqueueSms, normalizeCypriotMobile } from '../../outbox';
import { ApiError } from '../../platform/errors';
import { hasKey, type Lang, t } from '../../platform/i18n';

export interface RenewalRun {
  db: Db;
  catalog: Catalog;
  /** Today in Cyprus, Y-m-d (the service's clock, or the tester's day on /dev/renewals/run). */
  today: string;
  now: Date;
  publicUrl: string;
  secret: string;
  log?: { warn: (obj: object, msg: string) => void };
}

export interface RenewalSummary {
  offered: number;
  referred: number;
  reminded: number;
  expired: number;
}

type Due = {
  contract_no: string;
  flow_id: string;
  variant: string | null;
  customer_no: string | null;
  expiry_date: string;
  mail_address: string | null;
  language: string;
  data: Quote;
};

/** Longest offer period a product may set (the flow schema's bound): contracts further out wait. */
const MAX_OFFER_DAYS = 90;

/** The renewal settings of a product, or null when its contracts are not renewed. */
export function renewalSettings(product: Product | undefined) {
  const renewal = product?.flow.product?.renewal;
  if (!product?.tariff || renewal?.offered === false) return null;
  return {
    offerDays: renewal?.offerDays,
    reminderDays: renewal?.reminderDays,
    reconfirm: renewal?.reconfirm ?? [],
  };
}

/**
 * The contract's answers as a new quote: the stored quote without what the purchase and payment
 * added (numbers, dates, status, the payment) or what was first-year only (a promo code).
 */
export function renewalQuote(data: Quote): Quote {
  const { PAYMENT: _p, CS_PAYMENT_DATA: _d, CS_PROMO: _promo, ...quote } = data as Record<string, unknown>;
  const {
    OFFER_NO: _o,
    CONTRACT_NO: _c,
    STATUS: _s,
    START_DATE: _start,
    END_DATE: _end,
    EXPIRY_DATE: _e,
    PROMO_CODE: _code,
    ...policy
  } = (quote.CS_POLICY ?? {}) as Record<string, unknown>;
  return { ...quote, CS_POLICY: policy } as Quote;
}

function langOf(value: string): Lang {
  return value === 'en' ? 'en' : 'el';
}

function holderName(quote: Quote): string {
  return [getPath(quote, 'CS_POLICY_HOLDER.FIRST_NAME'), getPath(quote, 'CS_POLICY_HOLDER.LAST_NAME')]
    .filter((p): p is string => typeof p === 'string' && p.trim() !== '')
    .join(' ');
}

function productName(product: Product, lang: Lang): string {
  const key = `products.${product.meta.rulesKey}`;
  return hasKey(lang, key) ? t(lang, key) : product.id;
}

/** The contract's mail address: the offer's, else the quote's. */
function mailOf(row: Pick<Due, 'mail_address' | 'data'>): string {
  const mail = (row.mail_address || String(getPath(row.data, 'CS_POLICY_HOLDER.MAIL_ADDRESS') ?? ''))
    .trim()
    .toLowerCase();
  return isEmailAddress(mail) ? mail : '';
}

/** The e-mail, and an SMS when the customer consented to texts. */
async function notify(
  db: Db,
  row: Pick<Due, 'mail_address' | 'data' | 'customer_no'>,
  template: 'renewalOffered' | 'renewalReminder' | 'renewalReferred',
  lang: Lang,
  values: Record<string, string>,
): Promise<void> {
  const mail = mailOf(row);
  if (mail) await enqueueMail(db, { to: mail, template, lang, values });
  if (!row.customer_no || template === 'renewalReferred') return;
  const [customer] = await db.query<{ telephone: string; sms_consent: boolean }>(
    'SELECT telephone, sms_consent FROM customers WHERE customer_no = $1',
    [row.customer_no],
  );
  if (customer?.sms_consent && normalizeCypriotMobile(customer.telephone))
    await enqueueSms(db, { to: customer.telephone, template, lang, values });
}

/** Prepares the renewal of one due contract: the offer and its first notice, or the referral. */
async function prepare(run: RenewalRun, row: Due, product: Product): Promise<'offered' | 'referred' | null> {
  const settings = renewalSettings(product);
  if (!settings) return null;
  const schedule = renewalSchedule(row.expiry_date, settings);
  if (run.today < schedule.offerOn) return null;
  const lang = langOf(row.language);
  const base = {
    name: holderName(row.data),
    contractNo: row.contract_no,
    product: productName(product, lang),
    endDate: ymdToDisplay(row.expiry_date),
  };
  let priced: ReturnType<typeof priceQuote> | undefined;
  let referral = '';
  try {
    priced = priceQuote(product, renewalQuote(row.data), {
      today: run.today,
      lang,
      requirePackage: true,
      renewalStart: schedule.startDate,
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // Referred by today's rules, or a package no longer sold: the call centre renews it.
    const first = error.messages[0];
    referral = first?.text ?? (first?.key ? t(lang, first.key, first.params) : 'referred');
  }
  return run.db.transaction(async (tx) => {
    const claimed = await tx.query(
      `INSERT INTO renewals (contract_no, status, notices, referral, prepared_at, updated_at)
       VALUES ($1, $2, 1, $3, $4, $4) ON CONFLICT (contract_no) DO NOTHING RETURNING contract_no`,
      [row.contract_no, priced ? 'OFFERED' : 'REFERRED', referral || null, run.now],
    );
    if (claimed.length === 0) return null;
    if (!priced?.selected) {
      await notify(tx, row, 'renewalReferred', lang, base);
      return 'referred';
    }
    const offerNo = await nextOfferNo(tx);
    const input = offerInputOf(
      product,
      { ...priced, selected: priced.selected },
      {
        mailAddress: mailOf(row),
        language: lang,
        // Payable until the last day of the old cover; unpaid then, the contract is expired.
        expiryDate: row.expiry_date,
        now: run.now,
      },
    );
    await insertOffer(tx, offerNo, { ...input, quote: withOffer(input.quote, offerNo, row.expiry_date) });
    await tx.query('UPDATE offers SET customer_no = $2, renewal_of = $3 WHERE offer_no = $1', [
      offerNo,
      row.customer_no,
      row.contract_no,
    ]);
    // Prepared late (inside the reminder's days): this notice is the last one too.
    const notices = renewalNoticesDue(schedule, run.today);
    await tx.query('UPDATE renewals SET offer_no = $2, notices = $3 WHERE contract_no = $1', [
      row.contract_no,
      offerNo,
      notices,
    ]);
    await notify(tx, row, 'renewalOffered', lang, {
      ...base,
      amount: formatEuro(priced.selected.AMOUNT, lang),
      startDate: ymdToDisplay(schedule.startDate),
      newEndDate: ymdToDisplay(schedule.expiryDate),
      link: offerMailLink(
        { publicUrl: run.publicUrl, sessionSecret: run.secret },
        product,
        priced.variant,
        offerNo,
        String(priced.policy.PRODUCT_ID),
      ),
    });
    return 'offered';
  });
}

/** Contracts in force whose renewal is due and not yet prepared. */
async function dueContracts(db: Db, today: string): Promise<Due[]> {
  return db.query<Due>(
    `SELECT c.contract_no, o.flow_id, o.variant, c.customer_no, c.expiry_date::text AS expiry_date,
            o.mail_address, o.language, c.data
       FROM contracts c
       JOIN offers o ON o.offer_no = c.offer_no
  LEFT JOIN renewals r ON r.contract_no = c.contract_no
      WHERE c.status = 'ACTIVE' AND r.contract_no IS NULL
        AND c.expiry_date >= $1::date AND c.expiry_date <= $1::date + $2::int
      ORDER BY c.expiry_date, c.contract_no
      LIMIT 500`,
    [today, MAX_OFFER_DAYS],
  );
}

/** The second notice of renewals still open, on its day (once: notices goes from 1 to 2). */
async function remind(run: RenewalRun): Promise<number> {
  const open = await run.db.query<
    Due & { offer_no: string; premium_cents: number; quote: Quote; product_id: string }
  >(
    `SELECT c.contract_no, o.flow_id, ro.variant, c.customer_no, c.expiry_date::text AS expiry_date,
            o.mail_address, o.language, c.data, r.offer_no, ro.premium_cents, ro.quote, ro.product_id
       FROM renewals r
       JOIN contracts c ON c.contract_no = r.contract_no
       JOIN offers o ON o.offer_no = c.offer_no
       JOIN offers ro ON ro.offer_no = r.offer_no
      WHERE r.status = 'OFFERED' AND r.notices < 2 AND c.status = 'ACTIVE' AND c.expiry_date >= $1::date`,
    [run.today],
  );
  let sent = 0;
  for (const row of open) {
    const product = run.catalog.byFlowId(row.flow_id);
    const settings = renewalSettings(product);
    if (!product || !settings) continue;
    if (renewalNoticesDue(renewalSchedule(row.expiry_date, settings), run.today) < 2) continue;
    const lang = langOf(row.language);
    await run.db.transaction(async (tx) => {
      const claimed = await tx.query(
        `UPDATE renewals SET notices = 2, updated_at = $2 WHERE contract_no = $1 AND notices < 2
         RETURNING contract_no`,
        [row.contract_no, run.now],
      );
      if (claimed.length === 0) return;
      await notify(tx, row, 'renewalReminder', lang, {
        name: holderName(row.data),
        contractNo: row.contract_no,
        product: productName(product, lang),
        endDate: ymdToDisplay(row.expiry_date),
        amount: formatEuro(Number(row.premium_cents) / 100, lang),
        link: offerMailLink(
          { publicUrl: run.publicUrl, sessionSecret: run.secret },
          product,
          row.variant ?? undefined,
          row.offer_no,
          row.product_id,
        ),
      });
      sent += 1;
    });
  }
  return sent;
}

/**
 * Renewals unpaid at the end of the old contract's last day, or whose contract is no longer in
 * force (withdrawn), are expired with their offer.
 */
async function expire(run: RenewalRun): Promise<number> {
  return run.db.transaction(async (tx) => {
    const rows = await tx.query<{ offer_no: string | null }>(
      `UPDATE renewals r SET status = 'EXPIRED', updated_at = $2
         FROM contracts c
        WHERE c.contract_no = r.contract_no AND r.status = 'OFFERED'
          AND (c.expiry_date < $1::date OR c.status <> 'ACTIVE')
        RETURNING r.offer_no`,
      [run.today, run.now],
    );
    const offers = rows.map((r) => r.offer_no).filter((n): n is string => n !== null);
    if (offers.length > 0)
      await tx.query(
        `UPDATE offers SET status = 'EXPIRED', updated_at = $2 WHERE offer_no = ANY($1::text[]) AND status = 'OPEN'`,
        [offers, run.now],
      );
    return rows.length;
  });
}

/** One pass: prepare what is due, send the reminders due today, expire what was not paid. */
export async function runRenewals(run: RenewalRun): Promise<RenewalSummary> {
  const summary: RenewalSummary = { offered: 0, referred: 0, reminded: 0, expired: 0 };
  summary.expired = await expire(run);
  for (const row of await dueContracts(run.db, run.today)) {
    const product = run.catalog.byFlowId(row.flow_id);
    if (!product) continue;
    try {
      const done = await prepare(run, { ...row, data: parseQuote(row.data) }, product);
      if (done) summary[done] += 1;
    } catch (error) {
      // One contract the tariff cannot rate must not stop the others; it is tried again next pass.
      run.log?.warn({ err: error, contractNo: row.contract_no }, 'renewal not prepared');
    }
  }
  summary.reminded = await remind(run);
  return summary;
}

function parseQuote(value: unknown): Quote {
  return (typeof value === 'string' ? JSON.parse(value) : value) as Quote;
}
