// GET /dev/flows/check: the flows:check problems for the development flow preview. Empty for the
// shipped flows, file + JSON pointer for a broken copy (read from disk on every request), and no
// such route at all in production.

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FlowProblem } from '../../src/engine/flow/check';
import { FLOWS_DIR } from '../../src/engine/flow/files';
import { buildApp } from '../../src/server/app';
import { devFlowsRoutes } from '../../src/server/web/devFlows';
import { startService, type TestService } from './support/app';

let s: TestService;

beforeAll(async () => {
  s = await startService();
});
afterAll(async () => {
  await s?.close();
});

describe('GET /dev/flows/check in the service', () => {
  it('answers [] for the shipped flows, uncached', async () => {
    const res = await s.call({ method: 'GET', url: '/dev/flows/check' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is not registered in production', async () => {
    const app = await buildApp(
      { ...s.config, env: 'production', devMailbox: false, payment: { ...s.config.payment, mode: 'live' } },
      { db: s.testDb.db, flows: [] },
    );
    try {
      const res = await app.inject({ method: 'GET', url: '/dev/flows/check' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('pointer');
      // The development route next to it is absent for the same reason.
      expect((await app.inject({ method: 'GET', url: '/dev/mailbox.json' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('GET /dev/flows/check on a copy of flows/', () => {
  let dir: string;
  let app: FastifyInstance;
  const flowFile = (id: string) => join(dir, id, 'flow.json');
  const readFlow = (id: string) => JSON.parse(readFileSync(flowFile(id), 'utf8'));
  const check = async (): Promise<FlowProblem[]> => {
    const res = await app.inject({ method: 'GET', url: '/dev/flows/check' });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'zcp-flows-'));
    cpSync(FLOWS_DIR, dir, { recursive: true });
    app = Fastify();
    await app.register(devFlowsRoutes({ flowsDir: dir }));
    await app.ready();
    return async () => {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    };
  });

  it('is clean before anything is broken', async () => {
    expect(await check()).toEqual([]);
  });

  it('names the file and the JSON pointer of a schema error, and reads the files again on each request', async () => {
    const flow = readFlow('driver');
    flow.steps[0].substeps[0].fields[1].type = 'date';
    writeFileSync(flowFile('driver'), JSON.stringify(flow, null, 2));

    const problems = await check();
    expect(problems).toContainEqual(
      expect.objectContaining({
        file: 'flows/driver/flow.json',
        pointer: '/steps/0/substeps/0/fields/1/type',
      }),
    );
    expect(problems.every((p) => p.file.startsWith('flows/driver/'))).toBe(true);

    flow.steps[0].substeps[0].fields[1].type = 'string';
    writeFileSync(flowFile('driver'), JSON.stringify(flow, null, 2));
    expect(await check()).toEqual([]);
  });

  it('reports a field without its label in both languages', async () => {
    const flow = readFlow('hunter');
    const index =
      flow.steps[0].substeps[0].fields.push({
        id: 'HUNTING_CLUB',
        path: 'CS_HUNTER.HUNTING_CLUB',
        type: 'string',
      }) - 1;
    writeFileSync(flowFile('hunter'), JSON.stringify(flow, null, 2));

    const problems = await check();
    const missing = problems.filter((p) => p.message.includes('hunter:fields.HUNTING_CLUB.label'));
    expect(missing.map((p) => p.message).sort()).toEqual([
      expect.stringContaining('locales/el/hunter.json'),
      expect.stringContaining('locales/en/hunter.json'),
    ]);
    expect(missing[0].file).toBe('flows/hunter/flow.json');
    expect(missing[0].pointer).toBe(`/steps/0/substeps/0/fields/${index}/label`);
  });

  it('reports a file that is not JSON at all, with the path as the product team sees it', async () => {
    writeFileSync(
      flowFile('hunter'),
      readFileSync(flowFile('hunter'), 'utf8').replace('"steps"', '"steps" "'),
    );

    const problems = await check();
    expect(problems).toHaveLength(1);
    expect(problems[0].file).toBe('flows/hunter');
    expect(problems[0].message).toMatch(/^flows\/hunter\/flow\.json: /);
    expect(problems[0].message).not.toContain(dir);
  });

  it('answers a broken shared field set as a problem, not a server error', async () => {
    writeFileSync(join(dir, '_shared', 'holder.json'), '[{ "id": "FIRST_NAME", ');

    const problems = await check();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: 'flows', pointer: '/' });
    expect(problems[0].message).toMatch(/^flows\/_shared\/holder\.json: /);
  });
});
