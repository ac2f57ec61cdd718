// The error handler's last lines of defence: a value the database refuses is the client's 400,
// and an unexpected failure is a plain 500 whose body names no internals.

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../../src/server/platform/errors';

async function appThrowing(error: unknown) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get('/boom', async () => {
    throw error;
  });
  await app.ready();
  return app;
}

describe('error answers', () => {
  it('a PostgreSQL data exception (class 22) is a 400 with a message', async () => {
    const error = Object.assign(new Error('invalid input syntax for type integer: "x"'), { code: '22P02' });
    const app = await appThrowing(error);
    const res = await app.inject({ url: '/boom', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ MESSAGES: [{ MSGTEXT: 'The request is not valid.' }] });
  });

  it('an unexpected error is a 500 without its message, code or stack', async () => {
    const error = Object.assign(new Error('connection to 10.0.0.5:5432 refused'), { code: 'ECONNREFUSED' });
    const app = await appThrowing(error);
    const res = await app.inject({ url: '/boom', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toMatch(/10\.0\.0\.5|ECONNREFUSED|at .*\.ts/);
    expect(res.json().MESSAGES[0].MSGTEXT).toBe('Something went wrong on our side. Please try again later.');
  });
});
