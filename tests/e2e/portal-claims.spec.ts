// Portal claims in Chromium against the real service: a claim filed (through the claims API the
// wizard calls), then listed with its status, and its photos added from the claim's detail screen:
// resized in the browser, sent resumably with progress, a lying file refused in the visitor's
// language with a retry. Greek at 390 px (motor) and English at 1280 px (home), axe on each screen.

import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { localeText } from '../../src/cli/replay/browser';
import { todayInNicosia } from '../../src/engine/dates';
import { test } from './fixtures';
import { acceptNecessaryCookies, expectAccessible, phonePhoto, setLanguage, watchConsole } from './support';

type Lang = 'el' | 'en';
const L = (lang: Lang, key: string, values: Record<string, string> = {}) => localeText(lang, key, values);

async function logIn(page: Page, lang: Lang, width: 390 | 1280): Promise<string[]> {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
  await acceptNecessaryCookies(page);
  await setLanguage(page, lang);
  const problems = watchConsole(page);
  await page.goto('/login');
  await page.getByLabel(L(lang, 'portal:login.username')).fill('99000001');
  await page.getByLabel(L(lang, 'portal:login.password'), { exact: true }).fill('Portal!Demo2026');
  await page.getByRole('button', { name: L(lang, 'portal:login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/my-dashboard/);
  return problems;
}

/** Files a claim with the calls the wizard makes (SrchPolicy, CPClaimValidate, CrtClaim). */
async function fileClaim(
  page: Page,
  code: 'MOTOR' | 'PROPERTY',
  claim: Record<string, unknown>,
): Promise<string> {
  const csrf = (await (await page.request.get('/zcp/um/csrf')).json()).CSRF_TOKEN as string;
  const headers = { 'x-csrf-token': csrf };
  const policies = await (
    await page.request.post('/zcp/claim/SrchPolicy', { data: { PRODUCT_CODE: code }, headers })
  ).json();
  const contract = policies.CT_POLICY[0];
  const body = { PRODUCT_ID: contract.PRODUCT_ID, CONTRACT_NO: contract.CONTRACT_NO, ...claim };
  expect((await page.request.post('/zcp/claim/CPClaimValidate', { data: body, headers })).status()).toBe(204);
  const created = await page.request.post('/zcp/claim/CrtClaim', { data: body, headers });
  expect(created.status()).toBe(200);
  return (await created.json()).C_CLAIM_NO as string;
}

const yesterday = () => {
  const d = new Date(`${todayInNicosia()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

test('a motor claim in Greek at 390 px: listed with its status, photos added with progress', async ({
  page,
}) => {
  const problems = await logIn(page, 'el', 390);
  const claimNo = await fileClaim(page, 'MOTOR', {
    IS_INCIDENT: {
      INCIDENT_DATE: yesterday(),
      INCIDENT_TIME: '17:45',
      CAUSE_NO: 'PARKED',
      CAUSE_DETAILS_NO: 'UNKNOWN_PARTY',
      DESCRIPTION: 'Βρήκα το αυτοκίνητο χτυπημένο στο πίσω φτερό στον χώρο στάθμευσης του Mall of Cyprus.',
      POLICE_PRESENCE: '',
      FIRE_RESCUE_PRESENCE: '',
    },
    IS_ADDRESS: { LOCATION: 'Mall of Cyprus, Λευκωσία' },
    IS_DRIVER: { FULL_NAME: 'Ανδρέας Γεωργίου', LICENCE_NO: 'CY1234567', ID_NUMBER: '784512' },
    FULL_NAME: 'Ανδρέας Γεωργίου',
    BIRTH_DATE: '1978-04-12',
    // The motor-claim flow asks how many vehicles were involved; the service checks it as the flow says.
    INVOLVED_VEHICLES: 1,
    CONSENT_CLAIM_DATA: 'X',
    CONSENT_GDPR: 'X',
    IT_PHOTO_SLOTS: [
      'DAMAGE_1',
      'DAMAGE_2',
      'DAMAGE_3',
      'PLATE',
      'REGISTRATION',
      'LICENCE_FRONT',
      'LICENCE_BACK',
    ],
  });

  await page.goto('/my-claims');
  const card = page.locator(`[data-claim="${claimNo}"]`);
  await expect(card).toContainText(L('el', 'claims:statuses.SUBMITTED'));
  await expect(card).toContainText(L('el', 'claims:paymentStatus.NONE'));
  await expectAccessible(page, 'claims list (el, 390)');

  await card.getByRole('link', { name: L('el', 'claims:list.open', { claimNo }) }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: L('el', 'claims:detail.title', { claimNo }) }),
  ).toBeVisible();
  await expectAccessible(page, 'claim detail (el, 390)');

  // The photo goes up resized: the resumable upload announces far fewer bytes than the original.
  const original = await phonePhoto();
  const announced = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/zcp/claim/tus'));
  const slot = page.locator('[data-slot="DAMAGE_1"]');
  await slot.getByLabel(L('el', 'claims:slots.DAMAGE_1.label')).setInputFiles({
    name: 'IMG_2041.jpg',
    mimeType: 'image/jpeg',
    buffer: original,
  });
  const length = Number((await announced).headers()['upload-length']);
  expect(length).toBeGreaterThan(0);
  expect(length).toBeLessThan(original.length / 2);
  await expect(page.locator('.claim-files')).toContainText(L('el', 'claims:slots.DAMAGE_1.label'));
  await expect(page.locator('[data-slot="DAMAGE_1"]')).toHaveCount(0);
  await expectAccessible(page, 'claim detail after an upload (el, 390)');
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);
  expect(problems).toEqual([]);
});

test('a home claim in English at 1280 px: a lying file refused with a retry, a photo accepted', async ({
  page,
}) => {
  const problems = await logIn(page, 'en', 1280);
  const claimNo = await fileClaim(page, 'PROPERTY', {
    IS_INCIDENT: {
      INCIDENT_DATE: yesterday(),
      INCIDENT_TIME: '06:30',
      CAUSE_NO: 'STORM',
      CAUSE_DETAILS_NO: 'WIND',
      DESCRIPTION: 'Strong wind blew tiles off the roof; rain came into the bedroom ceiling.',
    },
    IS_HOME: { POLICE_PRESENCE: '', FIRE_RESCUE_PRESENCE: '' },
    CONSENT_CLAIM_DATA: 'X',
    CONSENT_GDPR: 'X',
    IT_PHOTO_SLOTS: ['INCIDENT_1'],
  });
  await page.goto(`/my-claims/${claimNo}`);
  await expect(
    page.getByRole('heading', { level: 1, name: L('en', 'claims:detail.title', { claimNo }) }),
  ).toBeVisible();

  const slot = page.locator('[data-slot="INCIDENT_1"]');
  await slot.getByLabel(L('en', 'claims:slots.INCIDENT_1.label')).setInputFiles({
    name: 'roof.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  });
  await expect(slot.getByRole('alert')).toContainText(L('en', 'uploads:errors.WRONG_TYPE'));
  await expect(slot.getByRole('button', { name: L('en', 'claims:detail.retry') })).toBeVisible();
  await expectAccessible(page, 'claim detail with a refused file (en, 1280)');

  await slot.getByLabel(L('en', 'claims:slots.INCIDENT_1.label')).setInputFiles({
    name: 'roof.jpg',
    mimeType: 'image/jpeg',
    buffer: await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#8d6e63' } })
      .jpeg()
      .toBuffer(),
  });
  await expect(page.locator('.claim-files')).toContainText(L('en', 'claims:slots.INCIDENT_1.label'));
  expect(problems).toEqual([]);
});
