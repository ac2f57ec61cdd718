// The studio's texts and tariff pages in Chromium against the real service (issue 26 items 5, 6):
// an editor signs in with the authenticator code, imports a translator's spreadsheet (a bad one
// refused with its row named, a good one applied to the draft), and sees the impact panel answer
// for a changed tariff cell. Greek at 390 px, English at 1280 px; axe on every screen.

import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { Secret, TOTP } from 'otpauth';
import { localeText } from '../../src/cli/replay/browser';
import { test } from './fixtures';
import { expectAccessible, expectNoSideScroll, watchConsole } from './support';

type Lang = 'el' | 'en';
const EDITOR = 'marios.hadjigeorgiou@gic.com.cy';
const PASSWORD = 'Studio!Demo2026';
const TOTP_SECRET = 'GICSTUDIODEMOKEYGICSTUDIODEMOKEY';

function text(lang: Lang, ns: 'studio' | 'texts', key: string, values: Record<string, string | number> = {}) {
  let node: unknown = JSON.parse(readFileSync(`src/studio/locales/${lang}/${ns}.json`, 'utf8'));
  for (const part of key.split('.')) node = (node as Record<string, unknown>)?.[part];
  if (typeof node !== 'string') throw new Error(`no studio text ${lang}:${ns}:${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

const totp = new TOTP({ secret: Secret.fromBase32(TOTP_SECRET), digits: 6, period: 30, algorithm: 'SHA1' });

/** Password, then the code; a code is good once, so a refused one waits for the next step's. */
async function signIn(page: Page, lang: Lang) {
  await page.getByLabel(text(lang, 'studio', 'signIn.email')).fill(EDITOR);
  await page.getByLabel(text(lang, 'studio', 'signIn.password')).fill(PASSWORD);
  await page.getByRole('button', { name: text(lang, 'studio', 'signIn.submit'), exact: true }).click();
  const codeField = page.getByLabel(text(lang, 'studio', 'signIn.code'));
  for (let attempt = 0; attempt < 3; attempt++) {
    await codeField.fill(totp.generate());
    await page.getByRole('button', { name: text(lang, 'studio', 'signIn.codeSubmit'), exact: true }).click();
    const done = await codeField
      .waitFor({ state: 'detached', timeout: 5000 })
      .then(() => true)
      .catch(() => false);
    if (done) return;
    await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
  }
  throw new Error('the authenticator code was refused three times');
}

async function open(page: Page, lang: Lang, width: 390 | 1280) {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
  await page.addInitScript((l) => localStorage.setItem('studio-lang', l), lang);
  return watchConsole(page);
}

async function xlsx(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('travel');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test("an editor imports a translator's spreadsheet: a bad one refused by row, a good one applied (el, 390 px)", async ({
  page,
}) => {
  const lang = 'el';
  const problems = await open(page, lang, 390);
  await page.goto('/studio/texts/travel');
  await signIn(page, lang);
  await expect(
    page.getByRole('heading', { level: 1, name: text(lang, 'texts', 'texts.title', { key: 'travel' }) }),
  ).toBeVisible();
  await expectAccessible(page, 'studio texts (el, 390)');
  await expectNoSideScroll(page, 390, 'studio texts (el, 390)');

  const input = page.getByLabel(text(lang, 'texts', 'texts.sheet.import'));
  await input.setInputFiles({
    name: 'travel-bad.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('KEY,EL,EN\ntitle,Ταξιδιωτική ασφάλιση,\nnot.a.key,Όχι,No\n'),
  });
  const refused = page.getByTestId('texts-refused');
  await expect(refused).toContainText(
    localeText(lang, 'studio:texts.import.unknownKey', { row: '3', key: 'not.a.key' }),
  );
  await expectAccessible(page, 'studio texts refused (el, 390)');

  await input.setInputFiles({
    name: 'travel.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await xlsx([
      ['KEY', 'EL', 'EN'],
      ['title', 'Ταξιδιωτική ασφάλιση', ''],
    ]),
  });
  await expect(page.getByTestId('texts-status')).toContainText(
    text(lang, 'texts', 'texts.import.applied_one', { count: 1, rows: 1, revision: 2 }),
  );
  await expect(refused).toHaveCount(0);
  const title = page.getByLabel(
    text(lang, 'texts', 'texts.cellLabel', { key: 'title', lang: text(lang, 'texts', 'texts.columns.el') }),
    { exact: true },
  );
  await expect(title).toHaveValue('Ταξιδιωτική ασφάλιση');
  // The Greek changed on its own: the English is marked as left behind.
  await expect(page.getByText(text(lang, 'texts', 'texts.marks.stale_en')).first()).toBeVisible();
  await expectAccessible(page, 'studio texts applied (el, 390)');
  await page.screenshot({ path: 'test-results/studio-texts-el-390.png', fullPage: false });
  expect(problems).toEqual([]);
});

test('the impact panel prices a changed tariff cell (en, 1280 px)', async ({ page }) => {
  const lang = 'en';
  const problems = await open(page, lang, 1280);
  await page.goto('/studio/items/flow/travel/tariff');
  await signIn(page, lang);
  await expect(
    page.getByRole('heading', { level: 1, name: text(lang, 'texts', 'tariff.title', { key: 'travel' }) }),
  ).toBeVisible();
  await page.getByRole('button', { name: text(lang, 'texts', 'tariff.startDraft') }).click();
  await expect(page.getByText(text(lang, 'texts', 'tariff.onDraft', { revision: 1 }))).toBeVisible();

  // The keyboard alone: into the premiums grid, Enter opens the first cell, a new value, Enter saves.
  const grid = page.getByRole('grid', { name: text(lang, 'texts', 'tariff.grids.constants.title') });
  const first = grid.getByRole('gridcell').first();
  await first.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  const cellInput = grid.getByRole('textbox');
  await expect(cellInput).toBeFocused();
  await cellInput.fill('16');
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: text(lang, 'texts', 'tariff.saved', { revision: 2 }) }),
  ).toBeVisible();
  await expect(grid.getByRole('gridcell').first()).toHaveAccessibleName(/16$/);

  const headline = page.getByTestId('impact-headline');
  await expect(headline).toBeVisible({ timeout: 60_000 });
  const changed = Number((await headline.textContent())?.match(/^(\d+)/)?.[1] ?? 0);
  expect(changed).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { name: text(lang, 'texts', 'impact.movers') })).toBeVisible();
  await page.locator('.impact__movers summary').first().click();
  await expect(page.locator('.impact__answers').first()).toContainText('CS_POLICY');
  await expectAccessible(page, 'studio tariff (en, 1280)');
  await expectNoSideScroll(page, 1280, 'studio tariff (en, 1280)');
  await page.screenshot({ path: 'test-results/studio-tariff-en-1280.png', fullPage: false });
  expect(problems).toEqual([]);
});
