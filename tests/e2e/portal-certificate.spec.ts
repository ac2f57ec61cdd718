// The certificate of insurance (issue 28 item 6) in Chromium against the real service: the motor
// contract's certificate downloaded in Greek on a phone, its QR code's page opened without a login
// (valid, the plate and the period, nothing personal); in English on a desktop the code revoked
// and its page saying so, and an unknown code. Axe on each page. The rules themselves are covered
// by tests/api/portal-certificate.test.ts.

import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { localeText } from '../../src/cli/replay/browser';
import { test } from './fixtures';
import {
  acceptNecessaryCookies,
  expectAccessible,
  expectNoSideScroll,
  setLanguage,
  watchConsole,
} from './support';

type Lang = 'el' | 'en';
const PASSWORD = 'Portal!Demo2026';
const L = (lang: Lang, key: string, values: Record<string, string> = {}) => localeText(lang, key, values);

async function openMotorContract(page: Page, lang: Lang, width: 390 | 1280) {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
  await acceptNecessaryCookies(page);
  await setLanguage(page, lang);
  await page.goto('/login');
  await page.getByLabel(L(lang, 'portal:login.username')).fill('99000001');
  await page.getByLabel(L(lang, 'portal:login.password'), { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: L(lang, 'portal:login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/my-dashboard/);
  await page.goto('/my-contract/CY9000101');
  await expect(
    page.getByRole('heading', { level: 2, name: L(lang, 'contracts:certificate.title') }),
  ).toBeVisible();
}

/** Downloads the certificate and answers the path of the page its QR code opens. */
async function downloadCertificate(page: Page, lang: Lang): Promise<{ path: string; text: string }> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: L(lang, 'contracts:certificate.download') }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`certificate-of-insurance-CY9000101-${lang}.pdf`);
  const parser = new PDFParse({ data: new Uint8Array(await readFile(await file.path())) });
  const text = (await parser.getText()).text;
  await parser.destroy();
  const url = /https?:\/\/\S+\/verify\/[A-Za-z0-9_-]{43}/.exec(text)?.[0];
  expect(url, 'the address under the QR code').toBeTruthy();
  await expect(
    page.getByRole('status').filter({ hasText: L(lang, 'contracts:certificate.downloaded') }),
  ).toBeVisible();
  return { path: new URL(url as string).pathname, text };
}

test('a certificate downloaded on a phone in Greek, and its QR code page without a login (el, 390 px)', async ({
  page,
  browser,
}) => {
  const lang = 'el';
  const errors = watchConsole(page);
  await openMotorContract(page, lang, 390);
  await expectAccessible(page, 'contract detail with its certificate (el, 390)');
  await expectNoSideScroll(page, 390, 'contract detail with its certificate');
  const { path, text } = await downloadCertificate(page, lang);
  expect(text).toContain('Πιστοποιητικό ασφάλισης οχήματος');
  expect(text).toContain('NNT240');

  // Whoever scans it: a fresh browser, no session, no cookies.
  const stranger = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await acceptNecessaryCookies(stranger);
  await setLanguage(stranger, lang);
  await stranger.goto(path);
  await expect(
    stranger.getByRole('heading', { level: 1, name: L(lang, 'pages:verify.title') }),
  ).toBeVisible();
  // The verdict's word exactly ("Valid" is also inside "Not valid").
  await expect(stranger.locator('.verify__word')).toHaveText(L(lang, 'pages:verify.valid'));
  const verdict = stranger.getByRole('status');
  await expect(verdict).toContainText(L(lang, 'pages:verify.reasons.VALID'));
  await expect(verdict).toContainText('NNT240');
  await expect(verdict).not.toContainText('Γεωργίου');
  await expect(verdict).not.toContainText('CY9000101');
  await expectAccessible(stranger, 'certificate check, valid (el, 390)');
  await expectNoSideScroll(stranger, 390, 'certificate check');
  await stranger.close();
  expect(errors).toEqual([]);
});

test('a lost copy: the code revoked, its page says so; an unknown code (en, 1280 px)', async ({ page }) => {
  const lang = 'en';
  await openMotorContract(page, lang, 1280);
  const { path: old } = await downloadCertificate(page, lang);

  await page.getByRole('button', { name: L(lang, 'contracts:certificate.revoke') }).click();
  await expect(page.getByText(L(lang, 'contracts:certificate.revokeQuestion'))).toBeVisible();
  await expectAccessible(page, 'certificate revocation question (en, 1280)');
  await page.getByRole('button', { name: L(lang, 'contracts:certificate.revokeYes') }).click();
  await expect(
    page.getByRole('status').filter({ hasText: L(lang, 'contracts:certificate.revoked') }),
  ).toBeVisible();
  const { path: fresh } = await downloadCertificate(page, lang);
  expect(fresh).not.toBe(old);

  await page.goto(old);
  await expect(page.locator('.verify__word')).toHaveText(L(lang, 'pages:verify.notValid'));
  const revoked = page.getByRole('status');
  await expect(revoked).toContainText(L(lang, 'pages:verify.reasons.REVOKED'));
  await expect(revoked).toContainText('NNT240');
  await expectAccessible(page, 'certificate check, revoked (en, 1280)');

  await page.goto(`/verify/${'Z'.repeat(43)}`);
  await expect(page.getByRole('status').filter({ hasText: L(lang, 'pages:verify.unknown') })).toBeVisible();
  await page.goto(fresh);
  await expect(page.locator('.verify__word')).toHaveText(L(lang, 'pages:verify.valid'));
});
