// The studio's shell in Chromium against the real service: staff sign-in with the password and the
// authenticator code (wrong password refused in words), the guard, the flows list, and a customer's
// portal session refused. Greek at 390 px, English at 1280 px; axe on every screen.

import { expect } from '@playwright/test';
import { localeText } from '../../src/cli/replay/browser';
import { DEMO_STAFF_PASSWORD } from '../../src/server/staff/demo';
import { test } from './fixtures';
import { openAt as open, S, STAFF, signIn } from './studioSupport';
import { expectAccessible, expectNoSideScroll } from './support';

const EDITOR = STAFF.editor;

for (const [lang, width] of [
  ['el', 390],
  ['en', 1280],
] as const) {
  test(`an editor signs in with the code and sees the flows (${lang}, ${width} px)`, async ({ page }) => {
    const problems = await open(page, lang, width);
    // Signed out, the guard sends the staff member to sign in, and back afterwards.
    await page.goto('/studio');
    await expect(page).toHaveURL(/\/studio\/signin$/);
    await expect(page.getByRole('heading', { level: 1, name: S(lang, 'signIn.title') })).toBeVisible();
    await expectAccessible(page, `studio sign-in (${lang}, ${width})`);

    await page.getByLabel(S(lang, 'signIn.email')).fill(EDITOR);
    await page.getByLabel(S(lang, 'signIn.password')).fill('Wrong!Password1');
    await page.getByRole('button', { name: S(lang, 'signIn.submit'), exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(localeText(lang, 'studio:errors.wrongSignIn'));

    await signIn(page, lang, EDITOR);
    await expect(page).toHaveURL(/\/studio$/);
    await expect(page.getByRole('heading', { level: 1, name: S(lang, 'flows.title') })).toBeVisible();
    await expect(
      page.getByText(
        S(lang, 'layout.signedInAs', { name: 'Μάριος Χατζηγεωργίου', role: S(lang, 'roles.editor') }),
      ),
    ).toBeVisible();
    await expectAccessible(page, `studio flows (${lang}, ${width})`);
    await expectNoSideScroll(page, width, `studio flows (${lang}, ${width})`);
    await page.screenshot({ path: `test-results/studio-flows-${lang}-${width}.png`, fullPage: true });
    expect(problems).toEqual([]);
  });
}

test("a customer's portal session opens no studio data", async ({ page }) => {
  await open(page, 'el', 390);
  const csrf = await page.request.get('/zcp/um/csrf');
  const token = ((await csrf.json()) as { CSRF_TOKEN: string }).CSRF_TOKEN;
  const login = await page.request.post('/zcp/um/login', {
    data: { USERNAME: '99000001', PASSWORD: 'Portal!Demo2026' },
    headers: { 'x-csrf-token': token },
  });
  expect(login.status()).toBe(200);
  expect((await page.request.get('/zcp/studio/flows')).status()).toBe(403);
  await page.goto('/studio');
  await expect(page.getByRole('alert')).toHaveText(localeText('el', 'studio:errors.customerSession'));
  await expectAccessible(page, 'studio refusing a customer (el, 390)');
});
