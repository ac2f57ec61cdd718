// The yardsticks of the service benchmark, two bare Fastify routes (defaults, no logger, no hooks),
// started the same way as the service (node --import tsx):
//   GET  /bare            answers a small fixed JSON body: a route that does nothing (the no-op peer);
//   POST /bare/validated  parses the request body and validates it with the service's own quote
//                         schema (schemas/api/quote.json, the same Ajv options as src/server/app.ts),
//                         then answers the same small fixed body: the honest floor of a
//                         hand-written endpoint that takes a quote.

import Fastify from 'fastify';
import { ref, registerApiSchemas } from '../../src/server/platform/apiSchemas';

const FIXED = { ok: true, product: 'driver', premium: 62, currency: 'EUR' };

const app = Fastify({
  ajv: {
    customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false, strictTypes: false },
  },
});
registerApiSchemas(app);
app.get('/bare', async () => FIXED);
app.post('/bare/validated', { schema: { body: ref('quote') } }, async () => FIXED);
app
  .listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' })
  .catch((error: Error) => {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
