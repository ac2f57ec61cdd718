// The yardsticks of the service benchmark, bare Fastify routes (defaults, no logger, no hooks),
// started the same way as the service (node --import tsx):
//   GET  /bare            answers a small fixed JSON body: a route that does nothing (the no-op peer);
//   POST /bare/validated  parses the request body and validates it with the service's own quote
//                         schema (schemas/api/quote.json, the same Ajv options as src/server/app.ts),
//                         then answers the same small fixed body: the honest floor of a
//                         hand-written endpoint that takes a quote;
//   POST /bare/offer      the same, then stores the offer row the service stores for that quote
//                         (BENCH_OFFER_INPUT: the offer input the service's pricing gives, written
//                         by bench/service/cost.ts) in one transaction, a number from the offer
//                         sequence and one INSERT into the same offers table with the same indexes
//                         (the project's migrations), on BENCH_BARE_DB: a PostgreSQL URL, or
//                         "pglite:<folder>" for an embedded database in this process as the
//                         service has one: the honest floor of a quotation.

import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { type Db, openDb } from '../../src/server/db';
import { insertOffer, nextOfferNo, type OfferInput, withOffer } from '../../src/server/offers/store';
import { ref, registerApiSchemas } from '../../src/server/platform/apiSchemas';

const FIXED = { ok: true, product: 'driver', premium: 62, currency: 'EUR' };

async function offerRoute(): Promise<{ db: Db; input: OfferInput } | null> {
  const where = process.env.BENCH_BARE_DB;
  const file = process.env.BENCH_OFFER_INPUT;
  if (!where || !file) return null;
  const raw = JSON.parse(readFileSync(file, 'utf8')) as OfferInput & { now: string };
  const db = where.startsWith('pglite:')
    ? await openDb({ dataDir: where.slice('pglite:'.length) })
    : await openDb({ url: where });
  return { db, input: { ...raw, now: new Date(raw.now) } };
}

async function main() {
  const app = Fastify({
    ajv: {
      customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false, strictTypes: false },
    },
  });
  registerApiSchemas(app);
  app.get('/bare', async () => FIXED);
  app.post('/bare/validated', { schema: { body: ref('quote') } }, async () => FIXED);
  const offer = await offerRoute();
  if (offer) {
    const { db, input } = offer;
    app.post('/bare/offer', { schema: { body: ref('quote') } }, async () => {
      const offerNo = await db.transaction(async (tx) => {
        const number = await nextOfferNo(tx);
        await insertOffer(tx, number, { ...input, quote: withOffer(input.quote, number, input.expiryDate) });
        return number;
      });
      return { ...FIXED, offerNo };
    });
  }
  await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
  process.on(
    'SIGTERM',
    () =>
      void app
        .close()
        .then(() => offer?.db.close())
        .then(() => process.exit(0)),
  );
}

main().catch((error: Error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
