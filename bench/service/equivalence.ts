// node --import tsx bench/service/equivalence.ts [quotes] [written both ways] [stored by the writer]
// The offer-writing check of issue 16: seeded, generated motor quotes are priced by the service's
// pricing (priceQuote, as every product call runs it), and offers are written both by the
// one-at-a-time path (the transaction the quotation made per offer before the group-commit
// writer: count, number, INSERT) and by the writer (writeOfferBatch in batches of seeded sizes),
// one after the other into the same database, emptied in between. Both runs must leave the same rows
// (every column of offers, the rate-limit counts) and every stored premium must be the one the
// pricing gave. A limit low enough to refuse some offers is part of the run, so refusals must
// match too. Every quote is also priced by the pricing as it was before it was made cheaper (the
// tariff interpreter, copies at every step) and must be priced the same, to the key order.
// The unit test (tests/unit/offerWriter.test.ts) prices 10,000 quotes and writes 200
// both ways; this CLI prices 100,000 by default and writes 2,000 both ways and all others batched.

import { loadFlowBundles } from '../../src/engine/flow/files';
import type { Quote } from '../../src/engine/flow/types';
import { seeded } from '../../src/engine/seeded';
import { type Db, openDb } from '../../src/server/db';
import { Catalog, type Product } from '../../src/server/offers/catalog';
import { type NewOffer, tooManyOffers, writeOfferBatch } from '../../src/server/offers/offerWriter';
import { offerInputOf, priceQuote } from '../../src/server/offers/pricing';
import { insertOffer, nextOfferNo, type OfferInput, withOffer } from '../../src/server/offers/store';
import { ApiError } from '../../src/server/platform/errors';
import { hitLimit, type LimitRule } from '../../src/server/platform/rateLimit';
import { referencePriceQuote } from '../../tests/unit/support/pricingReference';
import { motorQuotes } from '../rules/ruleSet';

export interface EquivalenceReport {
  quotes: number;
  priced: number;
  refused: number;
  written: number;
  /** Offers refused by the per-address limit (the same ones on both paths, or a mismatch below). */
  overLimit: number;
  mismatches: string[];
  pricingMs: number;
}

const TODAY = '2026-03-01';
const NOW = new Date('2026-03-01T08:00:00.000Z');
const SECRET = 'equivalence-check-secret';

/** Clients: a few addresses, one of them with a limit the run goes over. */
function limitFor(i: number): LimitRule {
  const ip = `10.0.0.${i % 7}`;
  return { bucket: 'OFFERS_IP', key: ip, limit: ip === '10.0.0.3' ? 10 : 1_000_000, windowMs: 3600_000 };
}

/** What pricing gives for a quote: the priced quote, rating and policy as JSON, or the refusal. */
function pricingOutcome(price: () => unknown): string {
  try {
    return JSON.stringify(price());
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return `refused ${JSON.stringify(error.messages)}`;
  }
}

/**
 * The quotes priced otherwise (or refused otherwise) than by the pricing as it was before it was
 * made cheaper: the tariff interpreter and copies at every step (tests/unit/support/pricingReference.ts).
 */
export function pricingMismatches(product: Product, quotes: Quote[]): string[] {
  const out: string[] = [];
  quotes.forEach((q, i) => {
    const options = { today: TODAY, lang: i % 3 === 0 ? 'en' : 'el', requirePackage: true } as const;
    const now = pricingOutcome(() => priceQuote(product, structuredClone(q), options));
    if (now !== pricingOutcome(() => referencePriceQuote(product, structuredClone(q), options)))
      out.push(`quote ${i}: priced otherwise than by the previous pricing`);
  });
  return out;
}

/** Prices the quotes; answers the offer inputs of those priced, in order. */
export function priceAll(product: Product, quotes: Quote[]): { inputs: OfferInput[]; refused: number } {
  const inputs: OfferInput[] = [];
  let refused = 0;
  quotes.forEach((q, i) => {
    const lang = i % 3 === 0 ? 'en' : 'el';
    try {
      const priced = priceQuote(product, q, { today: TODAY, lang, requirePackage: true });
      const selected = priced.selected;
      if (!selected) throw new Error('no package selected');
      inputs.push(
        offerInputOf(
          product,
          { ...priced, selected },
          {
            mailAddress: `client${i % 50}@example.com.cy`,
            language: lang,
            expiryDate: '2026-03-31',
            now: new Date(NOW.getTime() + i * 1000),
          },
        ),
      );
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      refused++;
    }
  });
  return { inputs, refused };
}

/** The one-at-a-time path: each offer in its own transaction, as the quotation wrote it before. */
async function writeOneByOne(db: Db, inputs: OfferInput[]): Promise<(string | Error)[]> {
  const out: (string | Error)[] = [];
  for (const [i, input] of inputs.entries()) {
    try {
      out.push(
        await db.transaction(async (tx) => {
          if (!(await hitLimit(tx, limitFor(i), input.now, SECRET))) throw tooManyOffers();
          const number = await nextOfferNo(tx);
          await insertOffer(tx, number, {
            ...input,
            quote: withOffer(input.quote, number, input.expiryDate),
          });
          return number;
        }),
      );
    } catch (error) {
      out.push(error as Error);
    }
  }
  return out;
}

/** The group-commit path, in batches of seeded sizes (1 to 60). */
async function writeBatched(db: Db, inputs: OfferInput[], seed: number): Promise<(string | Error)[]> {
  const r = seeded(seed);
  const offers: NewOffer[] = inputs.map((input, i) => ({
    confirmation: {
      mail: input.mailAddress,
      client: 'client',
      since: new Date(0),
      refusal: () => new Error('not confirmed'),
    },
    limit: limitFor(i),
    now: input.now,
    build: (offerNo) => ({ ...input, quote: withOffer(input.quote, offerNo, input.expiryDate) }),
  }));
  const out: (string | Error)[] = [];
  for (let at = 0; at < offers.length; ) {
    const size = 1 + Math.floor(r() * 60);
    out.push(...(await writeOfferBatch(db, offers.slice(at, at + size), SECRET)));
    at += size;
  }
  return out;
}

async function rows(db: Db, table: 'offers' | 'rate_limits'): Promise<unknown[]> {
  return table === 'offers'
    ? db.query('SELECT *, expiry_date::text AS expiry_date FROM offers ORDER BY offer_no')
    : db.query('SELECT bucket, key, window_start, hits FROM rate_limits ORDER BY bucket, key, window_start');
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export async function checkOfferEquivalence(options: {
  quotes: number;
  /** Offers written both ways and compared row by row. */
  written: number;
  /** Further priced offers written by the writer alone, their premium and quote checked (default all). */
  stored?: number;
  seed?: number;
  /** The database to use (emptied first); a throwaway embedded one when absent. */
  db?: Db;
}): Promise<EquivalenceReport> {
  const seed = options.seed ?? 20261125;
  const product = new Catalog(await loadFlowBundles()).products.find((p) => p.id === 'motor');
  if (!product) throw new Error('no motor product');
  const t0 = performance.now();
  const quotes = motorQuotes(options.quotes, seed) as Quote[];
  const { inputs, refused } = priceAll(product, quotes);
  const pricingMs = performance.now() - t0;
  const mismatches: string[] = pricingMismatches(product, quotes);

  // One database, emptied before each path writes (opening an embedded database takes seconds).
  const db = options.db ?? (await openDb({ dataDir: 'memory://' }));
  const reset = async () => {
    await db.query('TRUNCATE offers, rate_limits, email_confirmations CASCADE');
    await db.query('ALTER SEQUENCE offer_no_seq RESTART');
    await db.query(
      `INSERT INTO email_confirmations (mail_address, client_key, confirmed_at)
       SELECT 'client' || i || '@example.com.cy', 'client', now() FROM generate_series(0, 49) AS i`,
    );
  };
  const batchedDb = db;
  try {
    const subset = inputs.slice(0, options.written);
    await reset();
    const reference = await writeOneByOne(db, subset);
    const referenceRows = { offers: await rows(db, 'offers'), rate_limits: await rows(db, 'rate_limits') };
    await reset();
    const batched = await writeBatched(db, subset, seed);
    reference.forEach((r, i) => {
      const b = batched[i];
      if (typeof r === 'string' ? r !== b : typeof b === 'string')
        mismatches.push(`offer ${i}: one at a time ${String(r)}, batched ${String(b)}`);
    });
    for (const table of ['offers', 'rate_limits'] as const) {
      const [a, b] = [referenceRows[table], await rows(db, table)];
      if (a.length !== b.length)
        mismatches.push(`${table}: ${a.length} rows one at a time, ${b.length} batched`);
      a.forEach((row, i) => {
        if (!same(row, b[i])) mismatches.push(`${table} row ${i} differs`);
      });
    }
    // Every priced offer written by the writer keeps the pricing's premium and quote.
    const rest = inputs.slice(options.written, options.written + (options.stored ?? inputs.length));
    const unlimited = rest.map((input) => ({
      confirmation: {
        mail: input.mailAddress,
        client: 'client',
        since: new Date(0),
        refusal: () => new Error('not confirmed'),
      },
      limit: { bucket: 'OFFERS_IP', key: 'bulk', limit: 1_000_000, windowMs: 3600_000 },
      now: input.now,
      build: (offerNo: string) => ({ ...input, quote: withOffer(input.quote, offerNo, input.expiryDate) }),
    }));
    const numbers: (string | Error)[] = [];
    for (let at = 0; at < unlimited.length; at += 128)
      numbers.push(...(await writeOfferBatch(batchedDb, unlimited.slice(at, at + 128), SECRET)));
    const stored = new Map(
      (
        await batchedDb.query<{ offer_no: string; premium_cents: number; quote: unknown }>(
          'SELECT offer_no, premium_cents, quote FROM offers',
        )
      ).map((r) => [r.offer_no, r]),
    );
    rest.forEach((input, i) => {
      const no = numbers[i];
      const row = typeof no === 'string' ? stored.get(no) : undefined;
      if (!row) mismatches.push(`offer ${options.written + i} not stored`);
      else if (Number(row.premium_cents) !== input.premiumCents)
        mismatches.push(`offer ${no}: stored premium ${row.premium_cents}, priced ${input.premiumCents}`);
      else if (!sameJson(row.quote, withOffer(input.quote, no as string, input.expiryDate)))
        mismatches.push(`offer ${no}: stored quote differs from the priced one`);
    });
    const overLimit = reference.filter((r) => typeof r !== 'string').length;
    return {
      quotes: options.quotes,
      priced: inputs.length,
      refused,
      written: options.written + rest.length,
      overLimit,
      mismatches,
      pricingMs: Math.round(pricingMs),
    };
  } finally {
    if (!options.db) await db.close();
  }
}

/** jsonb keeps no key order: compare as values. */
function sameJson(a: unknown, b: unknown): boolean {
  const norm = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(norm)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, norm((v as Record<string, unknown>)[k])]),
          )
        : v;
  return same(norm(typeof a === 'string' ? JSON.parse(a) : a), norm(JSON.parse(JSON.stringify(b))));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const quotes = Number(process.argv[2] ?? 100_000);
  const written = Number(process.argv[3] ?? 2_000);
  const stored = process.argv[4] === undefined ? undefined : Number(process.argv[4]);
  checkOfferEquivalence({ quotes, written, stored })
    .then((report) => {
      console.log(JSON.stringify({ ...report, mismatches: report.mismatches.slice(0, 20) }, null, 2));
      process.exit(report.mismatches.length === 0 ? 0 : 1);
    })
    .catch((error: Error) => {
      console.error(error.stack);
      process.exit(1);
    });
}
