// Group commit for new offers. Quotations arriving while a write is in flight wait in a queue and
// are then written together, in one transaction: one query for their e-mail confirmations, one
// rate-limit count per client address, one statement drawing their offer numbers, one INSERT of
// all rows, their mails, one COMMIT. So the
// round trips and the commit are paid per batch, not per offer, and the OFFERS_IP counter row
// (every offer of one address updates it) is locked once per batch instead of serialising every
// quotation behind it. What each offer gets is what the one-at-a-time path gives it: numbers in
// arrival order, the same limit decisions (an offer over the limit is refused and not counted),
// the same rows. A batch that fails for any other reason is retried one offer at a time, so one
// bad offer cannot sink the others.

import type { Db } from '../db';
import { enqueueMail, type MailRequest } from '../outbox';
import { ApiError } from '../platform/errors';
import { countHits, type LimitRule } from '../platform/rateLimit';
import { insertOffers, nextOfferNos, type OfferInput } from './store';

export interface NewOffer {
  /** The address must have been confirmed by this client (its binding cookie) since `since`. */
  confirmation: { mail: string; client: string; since: Date; refusal: () => Error };
  /** The OFFERS_IP limit this offer counts against. */
  limit: LimitRule;
  now: Date;
  /** The row to store, given its number (the stored quote carries the number). */
  build: (offerNo: string) => OfferInput;
  /** The mail to queue with the offer, given its number. */
  mail?: (offerNo: string) => MailRequest;
}

interface Pending {
  offer: NewOffer;
  resolve: (offerNo: string) => void;
  reject: (error: unknown) => void;
}

/** Largest batch: bounds the statement's size and the time the first offer of a batch waits. */
export const MAX_BATCH = 128;

export const tooManyOffers = () =>
  new ApiError(429, [{ key: 'errors.http.rateLimited', code: 'TOO_MANY' }], { CODE: 'TOO_MANY' });

/** Writes a batch in one transaction; answers, per offer, its number or its refusal. */
export async function writeOfferBatch(
  db: Db,
  offers: NewOffer[],
  secret: string,
): Promise<(string | Error)[]> {
  return db.transaction(async (tx) => {
    const outcome: (string | Error | null)[] = offers.map(() => null);
    // Unconfirmed addresses are refused first, before anything is counted, as one at a time.
    const confirmed = await confirmedSince(
      tx,
      offers.map((o) => o.confirmation),
    );
    offers.forEach((o, i) => {
      if (!confirmed[i]) outcome[i] = o.confirmation.refusal();
    });
    // One count per limited key, weighted by its offers; those over the limit are refused and
    // their hits taken back, as the one-at-a-time path rolls back a refused offer's count.
    const groups = new Map<string, number[]>();
    offers.forEach((o, i) => {
      if (outcome[i] !== null) return;
      const id = `${o.limit.bucket}\u0000${o.limit.key}\u0000${o.limit.limit}\u0000${o.limit.windowMs}`;
      groups.set(id, [...(groups.get(id) ?? []), i]);
    });
    for (const members of groups.values()) {
      const first = offers[members[0]];
      const total = await countHits(tx, first.limit, first.now, secret, members.length);
      const allowed = Math.max(0, Math.min(members.length, first.limit.limit - (total - members.length)));
      members.slice(allowed).forEach((i) => {
        outcome[i] = tooManyOffers();
      });
      if (allowed < members.length)
        await countHits(tx, first.limit, first.now, secret, allowed - members.length);
    }
    const accepted = offers.map((_, i) => i).filter((i) => outcome[i] === null);
    if (accepted.length > 0) {
      const numbers = await nextOfferNos(tx, accepted.length);
      const rows = accepted.map((i, k) => ({ offerNo: numbers[k], input: offers[i].build(numbers[k]) }));
      await insertOffers(tx, rows);
      for (const [k, i] of accepted.entries()) {
        const mail = offers[i].mail;
        if (mail) await enqueueMail(tx, mail(numbers[k]));
        outcome[i] = numbers[k];
      }
    }
    return outcome as (string | Error)[];
  });
}

/**
 * Per request, whether its address was confirmed by its client since its `since`: the same test
 * as isEmailConfirmed (src/server/otp/codes.ts), for a whole batch in one query.
 */
async function confirmedSince(
  db: Db,
  asked: { mail: string; client: string; since: Date }[],
): Promise<boolean[]> {
  const rows = await db.query<{ mail_address: string; client_key: string; at: Date | string }>(
    `SELECT c.mail_address, c.client_key, max(c.confirmed_at) AS at
       FROM email_confirmations c
       JOIN unnest($1::text[], $2::text[]) AS a(mail_address, client_key)
         ON c.mail_address = a.mail_address AND c.client_key = a.client_key
      GROUP BY c.mail_address, c.client_key`,
    [asked.map((a) => a.mail), asked.map((a) => a.client)],
  );
  const latest = new Map(
    rows.map((r) => [`${r.mail_address}\u0000${r.client_key}`, new Date(r.at).getTime()]),
  );
  return asked.map((a) => (latest.get(`${a.mail}\u0000${a.client}`) ?? -Infinity) >= a.since.getTime());
}

export interface OfferWriter {
  /** Stores a new offer with the next batch; answers its number, or rejects (429 over the limit). */
  write(offer: NewOffer): Promise<string>;
}

export function createOfferWriter(db: Db, secret: string): OfferWriter {
  let queue: Pending[] = [];
  let writing = false;

  const settle = (batch: Pending[], outcome: (string | Error)[]) =>
    batch.forEach((p, i) => {
      const r = outcome[i];
      if (typeof r === 'string') p.resolve(r);
      else p.reject(r);
    });

  // Each batch waits for one turn of the event loop first (setImmediate): the embedded database
  // runs a whole transaction on microtasks without yielding to I/O, so without this turn the
  // requests that arrived meanwhile would never be read before the writer is idle again, and every
  // batch would hold one offer.
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

  const flush = async () => {
    while (queue.length > 0) {
      await nextTurn();
      const batch = queue.slice(0, MAX_BATCH);
      if (process.env.DEBUG_BATCH) process.stderr.write(`batch ${batch.length}\n`);
      queue = queue.slice(batch.length);
      try {
        settle(
          batch,
          await writeOfferBatch(
            db,
            batch.map((p) => p.offer),
            secret,
          ),
        );
      } catch (error) {
        if (batch.length === 1) batch[0].reject(error);
        else
          for (const p of batch) {
            try {
              settle([p], await writeOfferBatch(db, [p.offer], secret));
            } catch (single) {
              p.reject(single);
            }
          }
      }
    }
    writing = false;
  };

  return {
    write: (offer) =>
      new Promise<string>((resolve, reject) => {
        queue.push({ offer, resolve, reject });
        if (!writing) {
          writing = true;
          void flush();
        }
      }),
  };
}

const writers = new WeakMap<Db, OfferWriter>();

/** The writer of a database (one queue per database, shared by every product route). */
export function offerWriterFor(db: Db, secret: string): OfferWriter {
  let writer = writers.get(db);
  if (!writer) {
    writer = createOfferWriter(db, secret);
    writers.set(db, writer);
  }
  return writer;
}
