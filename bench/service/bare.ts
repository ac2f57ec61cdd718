// The yardstick of the service benchmark: a bare Fastify app (defaults, no logger) with one route
// answering a small JSON body, started the same way as the service (node --import tsx).

import Fastify from 'fastify';

const app = Fastify();
app.get('/bare', async () => ({ ok: true, product: 'driver', premium: 62, currency: 'EUR' }));
app
  .listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' })
  .catch((error: Error) => {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
