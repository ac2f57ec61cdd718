// The right of withdrawal for a buyer without an account (issue 28 item 1) in Chromium against the
// real service: the demo guest Κυριάκος Ιωάννου opens the link of his policy e-mail (from the dev
// mailbox) on a phone in Greek, sees the refund, has the code e-mailed, types a wrong one (the
// service's Greek text), then the right one, and sees the result. In English on a desktop the same
// link says he has already withdrawn, Παναγιώτα Σωκράτους's link says her period is over, and a
// broken link says so; each with the call centre. Axe on every screen. The rules themselves:
// tests/api/portal-withdrawal.test.ts.

import { expect, type Page } from '@playwright/test';
import { localeText } from '../../src/cli/replay/browser';
import { test } from './fixtures';
import {
  acceptNecessaryCookies,
  expectAccessible,
  expectNoSideScroll,
  mailsTo,
  setLanguage,
  watchConsole,
} from './support';

type Lang = 'el' | 'en';
const L = (lang: Lang, key: string, values: Record<string, string | number> = {}) =>
  localeText(lang, key, values as Record<string, string>);
const KYRIAKOS = 'kyriakos.ioannou@example.com.cy';
const PANAGIOTA = 'panagiota.sokratous@example.com.cy';

/** The withdrawal link of the policy e-mail sent to `to`, as a path. */
async function linkOf(page: Page, to: string): Promise<string> {
  let url = '';
  await expect
    .poll(
      async () => {
        const policy = (await mailsTo(page, to)).find((m) => m.template === 'policyIssued');
        url = /https?:\/\/\S+\/withdraw#[A-Za-z0-9_-]{43}/.exec(policy?.text ?? '')?.[0] ?? '';
        return url;
      },
      { message: `the policy e-mail to ${to}`, timeout: 30_000 },
    )
    .not.toBe('');
  const { pathname, hash } = new URL(url);
  return `${pathname}${hash}`;
}

async function codeMailedTo(page: Page, to: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const mail = (await mailsTo(page, to)).find((m) => m.template === 'withdrawalCode');
        code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
        return code;
      },
      { message: `a withdrawal code mailed to ${to}`, timeout: 30_000 },
    )
    .not.toBe('');
  return code;
}

async function open(page: Page, lang: Lang, width: 390 | 1280, path: string) {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
  await acceptNecessaryCookies(page);
  await setLanguage(page, lang);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: L(lang, 'pages:withdraw.title') })).toBeVisible();
}

test('Greek at 390 px: a guest withdraws by the policy e-mail’s link with the code mailed to him', async ({
  page,
}) => {
  const problems = watchConsole(page);
  const path = await linkOf(page, KYRIAKOS);
  await open(page, 'el', 390, path);
  const offer = page.locator('.withdraw__offer');
  await expect(page.locator('.withdraw__facts').first()).toContainText('CY9000901');
  const refund = (await offer.locator('dd strong').innerText()).trim();
  expect(refund).toMatch(/^\d+\s?€$/u); // whole euro
  await expectAccessible(page, 'guest withdrawal offered (el, 390)');
  await expectNoSideScroll(page, 390, 'guest withdrawal offered');
  await page.screenshot({ path: 'test-results/guest-withdrawal-el-390-offer.png', fullPage: true });

  await offer.getByRole('button', { name: L('el', 'pages:withdraw.send') }).click();
  await expect(offer.getByRole('status')).toContainText('k•••@example.com.cy');
  const code = await codeMailedTo(page, KYRIAKOS);
  const field = offer.getByLabel(L('el', 'pages:withdraw.code'));
  await field.fill(code === '000000' ? '111111' : '000000');
  const confirm = offer.getByRole('button', { name: L('el', 'pages:withdraw.confirm', { refund }) });
  await confirm.click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(offer).toContainText(L('el', 'mail:errors.portal.codeInvalid'));
  await expectAccessible(page, 'guest withdrawal, wrong code (el, 390)');
  await page.screenshot({ path: 'test-results/guest-withdrawal-el-390-code.png', fullPage: true });

  await field.fill(code);
  await confirm.click();
  const result = page.locator('.withdraw__result');
  await expect(result).toContainText(refund);
  await expect(result).toContainText(L('el', 'pages:withdraw.way.CARD'));
  await expect(result).toContainText(L('el', 'pages:withdraw.mailed'));
  await expectAccessible(page, 'guest withdrawn (el, 390)');
  await expectNoSideScroll(page, 390, 'guest withdrawn');
  await page.screenshot({ path: 'test-results/guest-withdrawal-el-390-done.png', fullPage: true });
  await expect
    .poll(async () => (await mailsTo(page, KYRIAKOS)).some((m) => m.template === 'withdrawalConfirmed'))
    .toBe(true);
  expect(problems).toEqual([]);
});

test('English at 1280 px: already withdrawn, past the period, a broken link; each says why', async ({
  page,
}) => {
  const problems = watchConsole(page);
  await open(page, 'en', 1280, await linkOf(page, KYRIAKOS));
  await expect(page.getByRole('status').filter({ hasText: 'already withdrawn' })).toBeVisible();
  await expect(page.locator('.withdraw__result')).toContainText('CY9000901');
  await expect(page.getByRole('button', { name: L('en', 'pages:withdraw.send') })).toHaveCount(0);
  await expectAccessible(page, 'guest already withdrawn (en, 1280)');
  await page.screenshot({ path: 'test-results/guest-withdrawal-en-1280-withdrawn.png', fullPage: true });

  await open(page, 'en', 1280, await linkOf(page, PANAGIOTA));
  const refusal = page.locator('.withdraw__refusal');
  await expect(refusal).toContainText('withdrawal period ended');
  await expect(
    refusal.getByRole('link', { name: L('en', 'pages:withdraw.call', { phone: '8000 8787' }) }),
  ).toHaveAttribute('href', 'tel:80008787');
  await expectAccessible(page, 'guest past the period (en, 1280)');
  await page.screenshot({ path: 'test-results/guest-withdrawal-en-1280-past.png', fullPage: true });

  await open(page, 'en', 1280, `/withdraw#${'Q'.repeat(43)}`);
  await expect(page.locator('.withdraw__refusal')).toContainText(
    L('en', 'mail:errors.withdrawal.badLink', { phone: '8000 8787' }),
  );
  await expectAccessible(page, 'guest broken link (en, 1280)');
  expect(problems).toEqual([]);
});
