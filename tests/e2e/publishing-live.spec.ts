// Live without a rebuild (issue 29): a travel question's text published through the life cycle
// (an editor's change, approved and published by a publisher) reaches a new visitor on a phone
// within seconds, while a visitor who had started keeps the text they started with; the service
// is never restarted. The spec runs a service of its own in this process (on its own embedded
// database, serving the built web app), so it can publish as the studio's calls do, through the
// same life-cycle functions, and watch the page.

import { resolve } from 'node:path';
import { expect } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { openDb } from '../../src/server/db';
import type { Db } from '../../src/server/db/types';
import { testConfig } from '../../src/server/platform/config';
import {
  approve,
  newDraftFromLive,
  publish,
  saveDraft,
  submitForReview,
} from '../../src/server/publishing/lifecycle';
import { EDITOR, lifeCycle, PUBLISHER } from '../api/support/publishing';
import { test } from './fixtures';
import { acceptNecessaryCookies } from './support';

const PORT = Number(process.env.E2E_PORT ?? 8181) + 1000;
const BASE = `http://127.0.0.1:${PORT}`;
const OLD = { el: 'Ατομική ή οικογενειακή ασφάλιση;', en: 'Individual or family cover?' };
const NEW = {
  el: 'Ασφαλίζεστε μόνος ή με την οικογένειά σας;',
  en: 'Are you insuring yourself or your family?',
};

let app: FastifyInstance;
let db: Db;

test.beforeAll(async () => {
  db = await openDb({ dataDir: 'memory://' });
  app = await buildApp(
    testConfig({ webDir: resolve(import.meta.dirname, '..', '..', 'dist'), logLevel: 'warn' }),
    { db },
  );
  await app.listen({ port: PORT, host: '127.0.0.1' });
});
test.afterAll(async () => {
  await app?.close();
  await db?.close();
});

async function publishLabel(labels: { el: string; en: string }) {
  const deps = lifeCycle(db);
  const draft = await newDraftFromLive(deps, EDITOR, { kind: 'texts', key: 'travel' });
  const files = { ...draft.files };
  for (const lang of ['el', 'en'] as const) {
    const texts = JSON.parse(files[`${lang}.json`]);
    texts.fields.OBJECT_TYPE.label = labels[lang];
    files[`${lang}.json`] = `${JSON.stringify(texts, null, 2)}\n`;
  }
  await saveDraft(deps, EDITOR, draft.id, { files, revision: draft.revision });
  await submitForReview(deps, EDITOR, draft.id, 'Η ερώτηση του ταξιδιού πιο απλά');
  await approve(deps, PUBLISHER, draft.id);
  await publish(deps, PUBLISHER, draft.id);
}

const question = (page: import('@playwright/test').Page) => page.locator('.rjsf .field__label').first();

test('a published question text reaches a new visitor on a phone; a visitor who had started keeps theirs', async ({
  browser,
}) => {
  const phone = { viewport: { width: 390, height: 844 }, baseURL: BASE };

  // A visitor starts the travel quote before the change: one answer given.
  const early = await browser.newContext(phone);
  const started = await early.newPage();
  await acceptNecessaryCookies(started);
  await started.goto('/travel/offer/1');
  await expect(question(started)).toHaveText(OLD.el);
  await started.locator('.rjsf select, .rjsf input[type=radio]').first().focus();
  await started.keyboard.press('ArrowDown');
  await expect
    .poll(() => started.evaluate(() => Object.keys(sessionStorage).some((k) => k.startsWith('flow:travel'))))
    .toBe(true);

  const before = (await (await fetch(`${BASE}/zcp/flows/manifest`)).json()).texts.travel;
  const published = Date.now();
  await publishLabel(NEW);
  await expect
    .poll(async () => (await (await fetch(`${BASE}/zcp/flows/manifest`)).json()).texts.travel, {
      timeout: 10_000,
    })
    .not.toBe(before);
  expect(Date.now() - published).toBeLessThan(10_000);

  // A new visitor on a phone, in Greek: the new text, drawn by the app (the prerendered step
  // shows the build's text, so it is not answered).
  const fresh = await browser.newContext(phone);
  const newcomer = await fresh.newPage();
  const errors: string[] = [];
  newcomer.on('console', (m) => {
    if (/hydrat|did not match|Content Security Policy|Refused/i.test(m.text())) errors.push(m.text());
  });
  newcomer.on('pageerror', (e) => errors.push(e.message));
  await acceptNecessaryCookies(newcomer);
  await newcomer.goto('/travel/offer/1');
  await expect(question(newcomer)).toHaveText(NEW.el);
  await expect(newcomer.locator('html')).toHaveAttribute('data-rendered', 'drawn');
  // In English too.
  await newcomer.evaluate(() => localStorage.setItem('lang', 'en'));
  await newcomer.reload();
  await expect(question(newcomer)).toHaveText(NEW.en);
  expect(errors).toEqual([]);

  // The visitor who had started finishes on their version, after a reload too.
  await expect(question(started)).toHaveText(OLD.el);
  await started.reload();
  await expect(question(started)).toHaveText(OLD.el);

  await early.close();
  await fresh.close();
});
