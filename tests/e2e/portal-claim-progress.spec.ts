// A claim followed to its payment in Chromium (issue 28 items 3 and 4): a tester moves a new claim
// through /dev/desk step by step and the customer's claim page shows each step with the insurer's
// note, asks for more files while more information is needed, then shows the payment. English at
// 1280 px; Greek at 390 px the demo's paid claim's history and payment. axe on each screen.

import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { localeText } from '../../src/cli/replay/browser';
import { todayInNicosia } from '../../src/engine/dates';
import { test } from './fixtures';
import {
  acceptNecessaryCookies,
  expectAccessible,
  expectNoSideScroll,
  setLanguage,
  watchConsole,
} from './support';

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

async function fileHomeClaim(page: Page): Promise<string> {
  const csrf = (await (await page.request.get('/zcp/um/csrf')).json()).CSRF_TOKEN as string;
  const headers = { 'x-csrf-token': csrf };
  const policies = await (
    await page.request.post('/zcp/claim/SrchPolicy', { data: { PRODUCT_CODE: 'PROPERTY' }, headers })
  ).json();
  const contract = policies.CT_POLICY[0];
  const d = new Date(`${todayInNicosia()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 2);
  const created = await page.request.post('/zcp/claim/CrtClaim', {
    headers,
    data: {
      PRODUCT_ID: contract.PRODUCT_ID,
      CONTRACT_NO: contract.CONTRACT_NO,
      IS_INCIDENT: {
        INCIDENT_DATE: d.toISOString().slice(0, 10),
        INCIDENT_TIME: '23:10',
        CAUSE_NO: 'WATER_LEAK',
        CAUSE_DETAILS_NO: 'PIPE',
        DESCRIPTION: 'A pipe burst under the kitchen sink and the water soaked the floor of the living room.',
      },
      IS_HOME: { POLICE_PRESENCE: '', FIRE_RESCUE_PRESENCE: '' },
      CONSENT_CLAIM_DATA: 'X',
      CONSENT_GDPR: 'X',
      IT_PHOTO_SLOTS: ['INCIDENT_1'],
    },
  });
  expect(created.status()).toBe(200);
  return (await created.json()).C_CLAIM_NO as string;
}

/** On /dev/desk (English): moves the claim to a status, with a note. */
async function deskMove(page: Page, claimNo: string, status: string, note: string) {
  // The desk is the service's own page, not the app's: no wait for the app to take over.
  await page.goto('/dev/desk?lang=en', { waitUntil: 'domcontentloaded' });
  const card = page.locator(`[data-case="${claimNo}"]`);
  const move = card.locator('form[data-form="move"]');
  await move.getByLabel(L('en', 'casework:desk.moveTo')).selectOption(status);
  await move.getByLabel(L('en', 'casework:desk.note')).fill(note);
  await move.getByRole('button', { name: L('en', 'casework:desk.move') }).click();
  await expect(page.getByRole('status')).toContainText(`${claimNo}: ${L('en', `claims:statuses.${status}`)}`);
}

async function openClaim(page: Page, lang: Lang, claimNo: string) {
  await page.goto(`/my-claims/${claimNo}`);
  await expect(
    page.getByRole('heading', { level: 1, name: L(lang, 'claims:detail.title', { claimNo }) }),
  ).toBeVisible();
  return page.locator('.case-timeline');
}

test('English at 1280 px: a claim moved through /dev/desk shows each step, asks for more files, then the payment', async ({
  page,
}) => {
  const problems = await logIn(page, 'en', 1280);
  const claimNo = await fileHomeClaim(page);

  let timeline = await openClaim(page, 'en', claimNo);
  await expect(timeline.locator('li')).toHaveCount(1);
  await expect(timeline).toContainText(L('en', 'claims:statuses.SUBMITTED'));
  await expect(page.locator('.claim-more-info')).toHaveCount(0);

  await deskMove(page, claimNo, 'IN_REVIEW', 'Our loss adjuster will call you to arrange a visit.');
  await expectAccessible(page, 'the desk (en, 1280)');
  timeline = await openClaim(page, 'en', claimNo);
  await expect(timeline.locator('li')).toHaveCount(2);
  await expect(timeline.locator('[aria-current="step"]')).toContainText(L('en', 'claims:statuses.IN_REVIEW'));
  await expect(timeline).toContainText('Our loss adjuster will call you to arrange a visit.');

  await deskMove(page, claimNo, 'MORE_INFO', 'Please send the plumber’s invoice.');
  timeline = await openClaim(page, 'en', claimNo);
  await expect(timeline.locator('[aria-current="step"]')).toContainText(L('en', 'claims:statuses.MORE_INFO'));
  const more = page.locator('.claim-more-info');
  await expect(more.getByRole('heading', { name: L('en', 'claims:progress.moreInfoTitle') })).toBeVisible();
  await expectAccessible(page, 'claim asking for more information (en, 1280)');
  const extra = L('en', 'claims:progress.extra', { n: '1' });
  await more.getByLabel(extra).setInputFiles({
    name: 'plumber-invoice.jpg',
    mimeType: 'image/jpeg',
    buffer: await sharp({ create: { width: 1200, height: 1600, channels: 3, background: '#f4f1ea' } })
      .jpeg()
      .toBuffer(),
  });
  await expect(page.locator('.claim-files')).toContainText(extra);

  await deskMove(page, claimNo, 'IN_REVIEW', 'Thank you, we have the invoice.');
  await deskMove(page, claimNo, 'APPROVED', 'The damage is covered.');
  timeline = await openClaim(page, 'en', claimNo);
  await expect(page.locator('.claim-more-info')).toHaveCount(0);
  await expect(timeline.locator('[aria-current="step"]')).toContainText(L('en', 'claims:statuses.APPROVED'));

  // The tester pays the claim on the desk.
  // The desk is the service's own page, not the app's: no wait for the app to take over.
  await page.goto('/dev/desk?lang=en', { waitUntil: 'domcontentloaded' });
  const pay = page.locator(`[data-case="${claimNo}"] form[data-form="pay"]`);
  await pay.getByLabel(L('en', 'casework:desk.amount')).fill('1240');
  await pay.getByLabel(L('en', 'casework:desk.reference')).fill('PAY-2026-01177');
  await pay.getByRole('button', { name: L('en', 'casework:desk.pay') }).click();
  await expect(page.getByRole('status')).toContainText(`${claimNo}: ${L('en', 'claims:statuses.PAID')}`);

  timeline = await openClaim(page, 'en', claimNo);
  await expect(timeline.locator('li')).toHaveCount(6);
  await expect(timeline.locator('[aria-current="step"]')).toContainText(L('en', 'claims:statuses.PAID'));
  const payment = page.locator('[data-payment="paid"]');
  await expect(payment).toContainText('€1,240');
  await expect(payment).toContainText(L('en', 'claims:paymentMethods.BANK_TRANSFER'));
  await expect(payment).toContainText('CY17 **** 7600');
  await expect(payment).toContainText('PAY-2026-01177');
  await expectAccessible(page, 'paid claim (en, 1280)');
  await page.screenshot({ path: 'test-results/claim-progress-en-1280.png', fullPage: true });

  // Every step reached the customer's mailbox.
  const mails = (await (
    await page.request.get('/dev/mailbox.json?to=andreas.georgiou@example.com.cy')
  ).json()) as {
    template: string;
    subject: string;
  }[];
  const ours = mails.filter((m) => m.template === 'caseChanged' && m.subject.includes(claimNo));
  expect(ours).toHaveLength(5);
  expect(problems).toEqual([]);
});

test('Greek at 390 px: the paid claim’s history and payment', async ({ page }) => {
  const problems = await logIn(page, 'el', 390);
  const timeline = await openClaim(page, 'el', 'CL2026000102');
  for (const status of ['SUBMITTED', 'IN_REVIEW', 'APPROVED', 'PAID']) {
    await expect(timeline).toContainText(L('el', `claims:statuses.${status}`));
  }
  await expect(timeline).toContainText('Εγκρίθηκε η αποζημίωση για τις φθορές στο ταβάνι.');
  const payment = page.locator('[data-payment="paid"]');
  await expect(payment).toContainText(/640\s€/);
  await expect(payment).toContainText(L('el', 'claims:paymentMethods.BANK_TRANSFER'));
  await expect(payment).toContainText('CY17 **** 7600');
  await expectAccessible(page, 'paid claim (el, 390)');
  await expectNoSideScroll(page, 390, 'paid claim (el, 390)');
  await page.screenshot({ path: 'test-results/claim-progress-el-390.png', fullPage: true });
  expect(problems).toEqual([]);
});
