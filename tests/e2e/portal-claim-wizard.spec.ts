// The claim wizards (flows/motor-claim, flows/property-claim) in Chromium against the real service,
// each filed from start to end with its photos chosen inside the wizard: a motor claim from a phone
// in Greek with its seven photos and documents (a phone-sized photo brought down in the browser),
// the address following each step, the browser's back button and a reload; then a home claim in
// English at 1280 px. After submitting, the photos go up with their progress; the claim is then
// listed with its status and its page shows the files. Axe on every screen. The body sent ('X' /
// '' flags) is a unit test (tests/unit/portal/claimFlow.test.ts); refusals and the resumed upload
// are API tests; adding a photo later from the claim's page is tests/e2e/portal-claims.spec.ts.

import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { localeText } from '../../src/cli/replay/browser';
import { addDays, todayInNicosia } from '../../src/engine/dates';
import { test } from './fixtures';
import {
  acceptNecessaryCookies,
  expectAccessible,
  expectMailTo,
  phonePhoto,
  setLanguage,
  watchConsole,
} from './support';

/** The claims desk's address in development (CLAIMS_MAIL_TO's default). */
const CLAIMS_DESK = 'claims-dev@gic.com.cy';

/** A date as the date fields take it typed (ddmmyyyy). */
const typed = (ymd: string) => {
  const [y, m, d] = ymd.split('-');
  return `${d}${m}${y}`;
};

type Lang = 'el' | 'en';
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const yesNo = (page: Page, id: string, value: '1' | '2') =>
  page.locator(`input[name="root_${id}"][value="${value}"]`).check();

async function logIn(page: Page, lang: Lang, width: 390 | 1280): Promise<string[]> {
  const say = (key: string) => localeText(lang, key, {});
  await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
  await acceptNecessaryCookies(page);
  await setLanguage(page, lang);
  const errors = watchConsole(page);
  await page.goto('/login');
  await page.getByLabel(say('portal:login.username')).fill('99000001');
  await page.getByLabel(say('portal:login.password'), { exact: true }).fill('Portal!Demo2026');
  await page.getByRole('button', { name: say('portal:login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/my-dashboard/);
  return errors;
}

const photo = (background: string, width = 1200, height = 900) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** Chooses a file for a slot of the photos step. */
async function choose(
  page: Page,
  lang: Lang,
  slot: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const place = page.locator(`.photo-slot[data-slot="${slot}"]`);
  await place.getByLabel(localeText(lang, `claims:slots.${slot}.label`, {})).setInputFiles(file);
  await expect(place.getByRole('button', { name: localeText(lang, 'ui:photos.remove', {}) })).toBeVisible();
}

/** The claim number in the completion text. */
async function claimNumber(page: Page): Promise<string> {
  const status = page.getByRole('status').filter({ hasText: /\bCL\d{6,}\b/ });
  const claimNo = (await status.textContent())?.match(/\bCL\d{6,}\b/)?.[0] ?? '';
  expect(claimNo).not.toBe('');
  return claimNo;
}

// Two long end-to-end filings with photos: three times the usual time on a loaded machine.
test.slow();

test('a motor claim with seven photos, filed from a phone in Greek (390 px), then listed', async ({
  page,
}) => {
  const L = (key: string, values: Record<string, string> = {}) => localeText('el', key, values);
  const next = () => page.getByRole('button', { name: L('flow:actions.next'), exact: true }).click();
  const errors = await logIn(page, 'el', 390);

  await page.goto('/my-claims');
  await page.getByRole('link', { name: L('claims:list.newMotor'), exact: true }).click();
  await expect(page).toHaveURL(/\/motor-claim\/1$/);

  // 1. The contract: only the customer's motor contracts are offered.
  await expect(heading(page, L('claims:wizard.contract.title'))).toBeVisible();
  const contract = page.locator('#root_CONTRACT_NO');
  await expect(contract.locator('option[value="CY9000101"]')).toHaveCount(1);
  await expect(contract.locator('option[value="CY9000102"]')).toHaveCount(0);
  await expectAccessible(page, 'claim wizard: contract (el, 390)');
  await contract.selectOption('CY9000101');
  await next();

  // 2. The incident: a cause, then its details.
  await expect(heading(page, L('claims:wizard.incident.title'))).toBeVisible();
  await expect(page).toHaveURL(/\/motor-claim\/2$/);
  await page.locator('#root_CAUSE_NO').selectOption('COLLISION');
  await page.locator('#root_CAUSE_DETAILS_NO').selectOption('REAR');
  const date = page.locator('#root_INCIDENT_DATE');
  await date.pressSequentially(typed(todayInNicosia()));
  await date.blur();
  await page.locator('#root_INCIDENT_TIME').fill('00:05');
  await page.locator('#root_LOCATION').fill('Λεωφόρος Μακαρίου Γ΄ 45, Λευκωσία');
  await page.locator('#root_DESCRIPTION').fill('Με χτύπησαν από πίσω ενώ περίμενα στο φανάρι.');
  await expectAccessible(page, 'claim wizard: incident (el, 390)');
  await next();

  // 3. The driver; the browser's back button returns to the incident with its answers, and a
  // reload keeps them (the guard takes a reload's first navigation to step 1, and the wizard's
  // kept answers bring the address back to where the customer was).
  await expect(heading(page, L('claims:wizard.driver.title'))).toBeVisible();
  await expect(page).toHaveURL(/\/motor-claim\/3$/);
  await page.goBack();
  await expect(heading(page, L('claims:wizard.incident.title'))).toBeVisible();
  await expect(page).toHaveURL(/\/motor-claim\/2$/);
  await page.reload();
  await expect(heading(page, L('claims:wizard.incident.title'))).toBeVisible();
  await expect(page).toHaveURL(/\/motor-claim\/2$/);
  await expect(page.locator('#root_LOCATION')).toHaveValue('Λεωφόρος Μακαρίου Γ΄ 45, Λευκωσία');
  await next();
  await expect(heading(page, L('claims:wizard.driver.title'))).toBeVisible();
  await page.locator('#root_DRIVER_FULL_NAME').fill('Ανδρέας Γεωργίου');
  const birthDate = page.locator('#root_DRIVER_BIRTH_DATE');
  await birthDate.pressSequentially('12041978');
  await birthDate.blur();
  await page.locator('#root_DRIVER_LICENCE_NO').fill('CY1234567');
  await page.locator('#root_DRIVER_ID_NUMBER').fill('784512');
  await expectAccessible(page, 'claim wizard: driver (el, 390)');
  await next();

  // 4. Police present: its report number is asked for.
  await expect(heading(page, L('claims:wizard.circumstances.title'))).toBeVisible();
  await yesNo(page, 'POLICE_PRESENCE', '1');
  await page.locator('#root_POLICE_NUMBER').fill('ΑΣΤ/2026/4471');
  await yesNo(page, 'FIRE_RESCUE_PRESENCE', '2');
  await yesNo(page, 'OTHER_INSURANCE', '2');
  await yesNo(page, 'INJURIES', '2');
  await page.locator('#root_INVOLVED_VEHICLES').fill('2');
  await expectAccessible(page, 'claim wizard: further details (el, 390)');
  await next();

  // 5. Photos and amount: Continue is held until the mandatory ones are there; a text file is
  // refused in the slot.
  await expect(heading(page, L('claims:wizard.photos.title'))).toBeVisible();
  await expect(page).toHaveURL(/\/motor-claim\/5$/);
  await next();
  await expect(page.getByText(L('validation:photos_missing')).first()).toBeVisible();
  await page
    .locator('.photo-slot[data-slot="PLATE"]')
    .getByLabel(L('claims:slots.PLATE.label'))
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plate') });
  await expect(page.locator('.photo-slot[data-slot="PLATE"]').getByRole('alert')).toHaveText(
    L('ui:photos.wrongType.photo'),
  );
  await choose(page, 'el', 'DAMAGE_1', {
    name: 'IMG_2041.jpg',
    mimeType: 'image/jpeg',
    buffer: await phonePhoto(),
  });
  await choose(page, 'el', 'DAMAGE_2', {
    name: 'IMG_2042.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo('#a04000'),
  });
  await choose(page, 'el', 'DAMAGE_3', {
    name: 'IMG_2043.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo('#6e2c00'),
  });
  await choose(page, 'el', 'PLATE', {
    name: 'IMG_2044.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo('#f4d03f'),
  });
  await choose(page, 'el', 'REGISTRATION', {
    name: 'άδεια κυκλοφορίας.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await choose(page, 'el', 'LICENCE_FRONT', {
    name: 'licence-front.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo('#d5dbdb', 1000, 640),
  });
  await choose(page, 'el', 'LICENCE_BACK', {
    name: 'licence-back.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo('#aab7b8', 1000, 640),
  });
  await page.locator('#root_CLAIMED_AMOUNT').fill('1250');
  await expectAccessible(page, 'claim wizard: photos and amount (el, 390)');
  await next();

  // 6. Consents, then CPClaimValidate and CrtClaim; the photos go up after.
  await expect(heading(page, L('claims:wizard.consents.title'))).toBeVisible();
  await page.locator('#root_CONSENT_CLAIM_DATA').check();
  await page.locator('#root_CONSENT_GDPR').check();
  await expectAccessible(page, 'claim wizard: consents (el, 390)');
  const firstUpload = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/zcp/claim/tus'));
  await page.getByRole('button', { name: L('flow:actions.finish'), exact: true }).click();

  await expect(heading(page, L('claims:success.title'))).toBeVisible();
  const claimNo = await claimNumber(page);
  // The phone photo goes first, brought down: far fewer bytes than the original.
  const length = Number((await firstUpload).headers()['upload-length']);
  expect(length).toBeGreaterThan(0);
  expect(length).toBeLessThan((await phonePhoto()).length / 2);
  await expect(page.getByText(L('ui:photos.sending.allDone', { count: '7' }))).toBeVisible({
    timeout: 60_000,
  });
  await expectAccessible(page, 'claim wizard: submitted, photos sent (el, 390)');
  await expectMailTo(page, CLAIMS_DESK, claimNo);

  // The claim's page has the seven files and nothing missing; the list shows it with its status.
  await page.getByRole('link', { name: L('claims:wizard.done.claim'), exact: true }).click();
  await expect(heading(page, L('claims:detail.title', { claimNo }))).toBeVisible();
  await expect(page.locator('.claim-files li')).toHaveCount(7);
  // In the wizard's order by the names it gave them (licence front before back), and no empty
  // "add" heading once every slot is filled (issue 24 item 8).
  const slotNames = [
    'DAMAGE_1',
    'DAMAGE_2',
    'DAMAGE_3',
    'PLATE',
    'REGISTRATION',
    'LICENCE_FRONT',
    'LICENCE_BACK',
  ];
  const listed = await page.locator('.claim-files li').allInnerTexts();
  expect(listed.map((text) => text.split(':')[0].trim())).toEqual(
    slotNames.map((id) => L(`claims:slots.${id}.label`)),
  );
  await expect(page.getByRole('heading', { name: L('claims:detail.addFile'), exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: L('claims:detail.missing'), exact: true })).toHaveCount(0);
  await page.goto('/my-claims');
  const card = page.locator(`[data-claim="${claimNo}"]`);
  await expect(card).toContainText('CY9000101');
  await expect(card).toContainText(L('claims:statuses.SUBMITTED'));
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);
  expect(errors).toEqual([]);
});

test('a home claim with photos in English at 1280 px, then listed', async ({ page }) => {
  const L = (key: string, values: Record<string, string> = {}) => localeText('en', key, values);
  const next = () => page.getByRole('button', { name: L('flow:actions.next'), exact: true }).click();
  const errors = await logIn(page, 'en', 1280);

  await page.goto('/my-claims');
  await page.getByRole('link', { name: L('claims:list.newProperty'), exact: true }).click();
  await expect(page).toHaveURL(/\/property-claim\/any\/1$/);
  await expect(heading(page, L('claims:wizard.contract.title'))).toBeVisible();
  await page.locator('#root_CONTRACT_NO').selectOption('CY9000102');
  await expectAccessible(page, 'home claim wizard: contract (en, 1280)');
  await next();

  await expect(heading(page, L('claims:wizard.incident.title'))).toBeVisible();
  await expect(page).toHaveURL(/\/property-claim\/any\/2$/);
  await page.locator('#root_CAUSE_NO').selectOption('WATER_LEAK');
  await page.locator('#root_CAUSE_DETAILS_NO').selectOption('PIPE');
  // First a date before the policy started (40 days ago): the form takes it (within 365 days),
  // CPClaimValidate refuses it when the claim is filed.
  const date = page.locator('#root_INCIDENT_DATE');
  await date.pressSequentially(typed(addDays(todayInNicosia(), -60)));
  await date.blur();
  await page.locator('#root_INCIDENT_TIME').fill('00:10');
  await page.locator('#root_LOCATION').fill('Οδός Αρχιεπισκόπου Κυπριανού 12, Στρόβολος');
  await page.locator('#root_DESCRIPTION').fill('A pipe burst in the bathroom and flooded the hallway.');
  await expectAccessible(page, 'home claim wizard: incident (en, 1280)');
  await next();

  await expect(heading(page, L('claims:wizard.circumstances.title'))).toBeVisible();
  await yesNo(page, 'POLICE_PRESENCE', '2');
  await yesNo(page, 'FIRE_RESCUE_PRESENCE', '2');
  await yesNo(page, 'OTHER_INSURANCE', '2');
  await yesNo(page, 'INJURIES', '2');
  await expectAccessible(page, 'home claim wizard: further details (en, 1280)');
  await next();

  // At least one photo: Continue says so until one is chosen; two are sent, in any slots.
  await expect(heading(page, L('claims:wizard.photos.title'))).toBeVisible();
  await next();
  await expect(page.getByText(L('validation:required')).first()).toBeVisible();
  await choose(page, 'en', 'INCIDENT_1', {
    name: 'hallway.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo('#2e86c1'),
  });
  await choose(page, 'en', 'INCIDENT_3', {
    name: 'bathroom.png',
    mimeType: 'image/png',
    buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: '#5dade2' } })
      .png()
      .toBuffer(),
  });
  await expectAccessible(page, 'home claim wizard: photos (en, 1280)');
  await next();

  await expect(heading(page, L('claims:wizard.consents.title'))).toBeVisible();
  await page.locator('#root_CONSENT_CLAIM_DATA').check();
  await page.locator('#root_CONSENT_GDPR').check();
  const finish = page.getByRole('button', { name: L('flow:actions.finish'), exact: true });
  await finish.click();

  // The service's first MSGTEXT above Finish (spec §8); back to the incident to correct the date.
  await expect(page.getByText(L('claims:refusals.incidentOutsideCover'))).toBeVisible();
  await expect(heading(page, L('claims:wizard.consents.title'))).toBeVisible();
  await expectAccessible(page, 'home claim wizard: refused by the service (en, 1280)');
  const back = page.getByRole('button', { name: L('flow:actions.back'), exact: true });
  for (const title of ['photos', 'circumstances', 'incident']) {
    await back.click();
    await expect(heading(page, L(`claims:wizard.${title}.title`))).toBeVisible();
  }
  await date.fill('');
  await date.pressSequentially(typed(todayInNicosia()));
  await date.blur();
  for (const title of ['circumstances', 'photos', 'consents']) {
    await next();
    await expect(heading(page, L(`claims:wizard.${title}.title`))).toBeVisible();
  }
  await finish.click();
  await expect(heading(page, L('claims:success.title'))).toBeVisible();
  const claimNo = await claimNumber(page);
  await expect(page.getByText(L('claims:wizard.done.textHome', { claimNo }))).toBeVisible();
  await expect(page.getByText(L('ui:photos.sending.allDone', { count: '2' }))).toBeVisible({
    timeout: 60_000,
  });
  await expectAccessible(page, 'home claim wizard: submitted (en, 1280)');
  await expectMailTo(page, CLAIMS_DESK, claimNo);

  await page.getByRole('link', { name: L('claims:wizard.done.list'), exact: true }).click();
  const card = page.locator(`[data-claim="${claimNo}"]`);
  await expect(card).toContainText('CY9000102');
  await expect(card).toContainText(L('claims:statuses.SUBMITTED'));
  await card.getByRole('link', { name: L('claims:list.open', { claimNo }) }).click();
  await expect(page.locator('.claim-files li')).toHaveCount(2);
  expect(errors).toEqual([]);
});
