// What the studio's browser tests share: the studio's own strings (src/studio/locales), a page set
// to a language and a width, and a staff sign-in with the password and the authenticator code. A
// code is good once per account, and the service takes one step early, so each sign-in takes the
// next unused step and waits for the clock when it would run ahead of it.

import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, expect, type Page } from '@playwright/test';
import { DEMO_STAFF_PASSWORD, DEMO_TOTP_SECRET } from '../../src/server/staff/demo';
import { currentCode } from '../../src/server/staff/totp';
import { waitUntilLive } from './fixtures';
import { watchConsole } from './support';

export type Lang = 'el' | 'en';
export const STAFF = {
  viewer: 'eleni.charalambous@gic.com.cy',
  editor: 'marios.hadjigeorgiou@gic.com.cy',
  publisher: 'katerina.demetriou@gic.com.cy',
  admin: 'christos.panayiotou@gic.com.cy',
} as const;

const studioTexts = (lang: Lang) =>
  JSON.parse(readFileSync(`src/studio/locales/${lang}/studio.json`, 'utf8')) as Record<string, never>;

/** A string of the studio's own (src/studio/locales/<lang>/studio.json), with {{values}} filled. */
export function S(lang: Lang, key: string, values: Record<string, string | number> = {}): string {
  let node: unknown = studioTexts(lang);
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`no studio text ${lang}:${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

const STEP_MS = 30_000;
// Kept in a file: Playwright starts a new worker after a failed test, and the service remembers.
const USED_FILE = join(tmpdir(), `zcp-e2e-totp-${process.env.E2E_PORT ?? 8181}.json`);
function usedSteps(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(USED_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

/** The next unused authenticator code of an account (waits when the next step is not yet taken). */
export async function nextCode(email: string): Promise<string> {
  for (;;) {
    const now = Math.floor(Date.now() / STEP_MS);
    const used = usedSteps();
    const step = Math.max(now, (used[email] ?? -1) + 1);
    if (step <= now + 1) {
      writeFileSync(USED_FILE, JSON.stringify({ ...used, [email]: step }));
      return currentCode(DEMO_TOTP_SECRET, new Date(step * STEP_MS + 1000));
    }
    await new Promise((resolve) => setTimeout(resolve, (now + 1) * STEP_MS - Date.now() + 500));
  }
}

/** The page at a width, the studio in a language; answers the console's problems as they come. */
export async function openAt(page: Page, lang: Lang, width: 390 | 1280): Promise<string[]> {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
  await page.addInitScript((l) => localStorage.setItem('studio-lang', l), lang);
  return watchConsole(page);
}

/** Fills the sign-in form (the page shows it) with the demo password, then the code. */
export async function signIn(page: Page, lang: Lang, email: string): Promise<void> {
  await page.getByLabel(S(lang, 'signIn.email')).fill(email);
  await page.getByLabel(S(lang, 'signIn.password')).fill(DEMO_STAFF_PASSWORD);
  await page.getByRole('button', { name: S(lang, 'signIn.submit'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: S(lang, 'signIn.codeTitle') })).toBeVisible();
  await page.getByLabel(S(lang, 'signIn.code')).fill(await nextCode(email));
  await page.getByRole('button', { name: S(lang, 'signIn.codeSubmit'), exact: true }).click();
}

/** A new browser context signed in as one staff member, on the given studio path. */
export async function staffPage(
  browser: Browser,
  lang: Lang,
  width: 390 | 1280,
  email: string,
  path = '/studio',
): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ locale: 'el-GR', timezoneId: 'Asia/Nicosia' });
  const page = await context.newPage();
  const problems = await openAt(page, lang, width);
  await page.goto(path);
  await waitUntilLive(page).catch(() => undefined);
  await expect(page).toHaveURL(/\/studio\/signin/);
  await signIn(page, lang, email);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/.]/g, '\\$&')}$`));
  return { page, problems };
}

/** A state-changing studio call from the page's session (its CSRF token), answering the response. */
export async function studioCall(
  page: Page,
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  data: unknown = {},
) {
  const csrf = await page.request.get('/zcp/studio/csrf');
  const token = ((await csrf.json()) as { CSRF_TOKEN: string }).CSRF_TOKEN;
  return page.request.fetch(`/zcp/studio/${path}`, { method, data, headers: { 'x-csrf-token': token } });
}

/**
 * Discards the open change (a draft or one in review) of each item, signed in as the editor
 * through the service's calls, so a spec starts from the live versions whatever ran before it on
 * this server. An approved change cannot be discarded and is left as it is.
 */
export async function startFromLive(browser: Browser, items: Array<[kind: string, key: string]>) {
  const context = await browser.newContext();
  const api = context.request;
  const csrf = async () =>
    ((await (await api.get('/zcp/studio/csrf')).json()) as { CSRF_TOKEN: string }).CSRF_TOKEN;
  const post = async (path: string, data: unknown) =>
    api.post(`/zcp/studio/${path}`, { data, headers: { 'x-csrf-token': await csrf() } });
  expect((await post('signin', { EMAIL: STAFF.editor, PASSWORD: DEMO_STAFF_PASSWORD })).status()).toBe(200);
  const signedIn = await post('signin/totp', { CODE: await nextCode(STAFF.editor) });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  for (const [kind, key] of items) {
    const item = await api.get(`/zcp/studio/items/${kind}/${key}`);
    expect(item.status()).toBe(200);
    const change = ((await item.json()) as { CHANGE: { ID: number; STATUS: string } | null }).CHANGE;
    if (change && (change.STATUS === 'draft' || change.STATUS === 'in_review')) {
      const gone = await api.delete(`/zcp/studio/drafts/${change.ID}`, {
        headers: { 'x-csrf-token': await csrf() },
      });
      expect(gone.status(), await gone.text()).toBe(204);
    }
  }
  await context.close();
}
