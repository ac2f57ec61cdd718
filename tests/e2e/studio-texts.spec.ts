// The studio's texts and tariff pages in Chromium against the real service (issue 26 items 5, 6):
// an editor signs in with the authenticator code, imports a translator's spreadsheet (a bad one
// refused with its row named, a good one applied to the draft), and sees the impact panel answer
// for a changed tariff cell. Greek at 390 px, English at 1280 px; axe on every screen.

import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { localeText } from '../../src/cli/replay/browser';
import { test } from './fixtures';
import { type Lang, openAt, STAFF, signIn as staffSignIn, startFromLive } from './studioSupport';
import { expectAccessible, expectNoSideScroll } from './support';

const EDITOR = STAFF.editor;
const VIEWER = STAFF.viewer;

function text(lang: Lang, ns: 'studio' | 'texts', key: string, values: Record<string, string | number> = {}) {
  let node: unknown = JSON.parse(readFileSync(`src/studio/locales/${lang}/${ns}.json`, 'utf8'));
  for (const part of key.split('.')) node = (node as Record<string, unknown>)?.[part];
  if (typeof node !== 'string') throw new Error(`no studio text ${lang}:${ns}:${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** A studio text with one value left open, as a pattern: the revision a draft is at, say. */
function pattern(lang: Lang, key: string, open: string): RegExp {
  const [before, after] = text(lang, 'texts', key, { [open]: '\u0000' }).split('\u0000');
  const quote = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${quote(before)}(\\d+)${quote(after)}`);
}

const signIn = (page: Page, lang: Lang, email: string = EDITOR) => staffSignIn(page, lang, email);
const open = openAt;

// Drafts of travel other specs on this server may have left open: this spec starts from live.
test.beforeAll(async ({ browser }) =>
  startFromLive(browser, [
    ['flow', 'travel'],
    ['texts', 'travel'],
  ]),
);

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
  // The downloads look like the studio's other buttons (btn btn--secondary): framed, not underlined.
  for (const name of [text(lang, 'texts', 'texts.sheet.xlsx'), text(lang, 'texts', 'texts.sheet.csv')]) {
    const link = page.getByRole('link', { name });
    await expect(link).toHaveClass(/\bbtn--secondary\b/);
    const look = await link.evaluate((el) => {
      const s = getComputedStyle(el);
      return {
        border: s.borderTopStyle,
        width: s.borderTopWidth,
        line: s.textDecorationLine,
        color: s.borderTopColor,
      };
    });
    expect(look).toMatchObject({ border: 'solid', width: '2px', line: 'none' });
    expect(look.color).not.toBe('rgba(0, 0, 0, 0)');
  }

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

  // By hand: the English caught up, saved to the draft as the field is left, the mark gone.
  const english = page.getByLabel(
    text(lang, 'texts', 'texts.cellLabel', { key: 'title', lang: text(lang, 'texts', 'texts.columns.en') }),
    { exact: true },
  );
  await english.fill('Travel cover');
  await english.press('Tab');
  await expect(page.getByTestId('texts-status')).toHaveText(
    text(lang, 'texts', 'texts.saved', { revision: 3 }),
  );
  await expect(page.getByText(text(lang, 'texts', 'texts.marks.stale_en'))).toHaveCount(0);
  // It is in the draft: a new page load reads it back from the service.
  await page.reload();
  await expect(page.getByText(text(lang, 'texts', 'texts.onDraft', { revision: 3 }))).toBeVisible();
  await expect(english).toHaveValue('Travel cover');
  await expect(title).toHaveValue('Ταξιδιωτική ασφάλιση');

  // The translator's spreadsheet carries the draft's texts.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: text(lang, 'texts', 'texts.sheet.csv') }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('travel-vdraft3.csv');
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.split(/\r?\n/)[0]).toMatch(/^(\uFEFF)?KEY,EL,EN$/);
  expect(csv).toContain('title,Ταξιδιωτική ασφάλιση,Travel cover');
  await expectAccessible(page, 'studio texts edited (el, 390)');
  expect(problems).toEqual([]);
});

test('the impact panel prices a changed tariff cell (en, 1280 px)', async ({ page }) => {
  const lang = 'en';
  const problems = await open(page, lang, 1280);
  // From the flow's page, as the product team finds it.
  await page.goto('/studio/items/flow/travel');
  await signIn(page, lang);
  await page.getByRole('link', { name: text(lang, 'texts', 'links.tariff') }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: text(lang, 'texts', 'tariff.title', { key: 'travel' }) }),
  ).toBeVisible();
  // A draft of the flow may be open already (the editor's tests work on travel too): use it.
  const start = page.getByRole('button', { name: text(lang, 'texts', 'tariff.startDraft') });
  const onDraft = pattern(lang, 'tariff.onDraft', 'revision');
  await expect(start.or(page.getByText(onDraft))).toBeVisible();
  if (await start.isVisible()) await start.click();
  const note = page.getByText(onDraft);
  await expect(note).toBeVisible();
  const revision = Number(onDraft.exec((await note.textContent()) ?? '')?.[1]);

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
    page
      .getByRole('status')
      .filter({ hasText: text(lang, 'texts', 'tariff.saved', { revision: revision + 1 }) }),
  ).toBeVisible();
  await expect(grid.getByRole('gridcell').first()).toHaveAccessibleName(/16$/);

  const headline = page.getByTestId('impact-headline');
  await expect(headline).toBeVisible({ timeout: 60_000 });
  const changed = Number((await headline.textContent())?.match(/^(\d+)/)?.[1] ?? 0);
  expect(changed).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { name: text(lang, 'texts', 'impact.movers') })).toBeVisible();
  await page.locator('.impact__movers summary').first().click();
  await expect(page.locator('.impact__answers').first()).toContainText('CS_POLICY.');
  await expectAccessible(page, 'studio tariff (en, 1280)');
  await expectNoSideScroll(page, 1280, 'studio tariff (en, 1280)');
  await page.screenshot({ path: 'test-results/studio-tariff-en-1280.png', fullPage: false });
  expect(problems).toEqual([]);
});

test('a viewer reads the texts side by side but cannot change them (en, 1280 px)', async ({ page }) => {
  const lang = 'en';
  const problems = await open(page, lang, 1280);
  await page.goto('/studio/items/flow/travel');
  await signIn(page, lang, VIEWER);
  await page.getByRole('link', { name: text(lang, 'texts', 'links.texts') }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: text(lang, 'texts', 'texts.title', { key: 'travel' }) }),
  ).toBeVisible();
  await expect(page.getByText(text(lang, 'texts', 'texts.readOnlyRole'))).toBeVisible();
  // The texts are there, as text: no field to type in, no import, no draft to start.
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'title', exact: true }) });
  await expect(row).toContainText('Ταξιδιωτική ασφάλιση');
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByLabel(text(lang, 'texts', 'texts.sheet.import'))).toHaveCount(0);
  await expect(page.getByRole('button', { name: text(lang, 'texts', 'texts.startDraft') })).toHaveCount(0);
  // Reading the spreadsheet is still open to a viewer.
  await expect(page.getByRole('link', { name: text(lang, 'texts', 'texts.sheet.xlsx') })).toBeVisible();
  await expectAccessible(page, 'studio texts viewer (en, 1280)');
  await expectNoSideScroll(page, 1280, 'studio texts viewer (en, 1280)');
  await page.screenshot({ path: 'test-results/studio-texts-en-1280.png', fullPage: false });
  expect(problems).toEqual([]);
});

test('a viewer reads the tariff and its impact but cannot change a cell (el, 390 px)', async ({ page }) => {
  const lang = 'el';
  const problems = await open(page, lang, 390);
  await page.goto('/studio/items/flow/travel/tariff');
  await signIn(page, lang, VIEWER);
  await expect(
    page.getByRole('heading', { level: 1, name: text(lang, 'texts', 'tariff.title', { key: 'travel' }) }),
  ).toBeVisible();
  await expect(page.getByText(text(lang, 'texts', 'tariff.readOnlyRole'))).toBeVisible();
  await expect(page.getByRole('button', { name: text(lang, 'texts', 'tariff.startDraft') })).toHaveCount(0);
  const grid = page.getByRole('grid', { name: text(lang, 'texts', 'tariff.grids.constants.title') });
  const first = grid.getByRole('gridcell').first();
  await expect(first).toHaveAttribute('aria-readonly', 'true');
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(grid.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByText(text(lang, 'texts', 'tariff.gridViewer')).first()).toBeVisible();
  // Pricing changes nothing: a viewer may ask for it.
  await page.getByRole('button', { name: text(lang, 'texts', 'impact.price') }).click();
  await expect(page.getByTestId('impact-headline')).toBeVisible({ timeout: 60_000 });
  await expectAccessible(page, 'studio tariff viewer (el, 390)');
  await expectNoSideScroll(page, 390, 'studio tariff viewer (el, 390)');
  await page.screenshot({ path: 'test-results/studio-tariff-el-390.png', fullPage: true });
  expect(problems).toEqual([]);
});
