// The studio's flow editor in Chromium against the real service: an editor signs in with the
// authenticator code, edits a question's label in both languages and sees the site's renderer
// change in the preview, the draft saved and there after a reload; adds and removes a question
// (what refers to a question is named before it goes); builds a condition and tries it; undo and
// redo; a stale save from a second tab offers the choice; the JSON view gives the repository's
// file back unchanged and takes edits; a checker problem's button focuses the property it names;
// a viewer reads but cannot change. Greek at 390 px, English at 1280 px; axe on each view.

import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { type Lang, openAt, S, STAFF, signIn, startFromLive } from './studioSupport';
import { expectAccessible, expectNoSideScroll } from './support';

const EDITOR = STAFF.editor;
const VIEWER = STAFF.viewer;

const editorTexts = (lang: Lang) =>
  JSON.parse(readFileSync(`src/studio/locales/${lang}/editor.json`, 'utf8')) as Record<string, never>;

function E(lang: Lang, key: string, values: Record<string, string | number> = {}): string {
  let node: unknown = editorTexts(lang);
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`no editor text ${lang}:${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

// The drafts of travel other specs on this server may have left open: each test here starts from live.
test.beforeAll(async ({ browser }) =>
  startFromLive(browser, [
    ['flow', 'travel'],
    ['texts', 'travel'],
  ]),
);

async function openEditor(page: Page, lang: Lang, width: 390 | 1280, email: string, flow = 'travel') {
  const problems = await openAt(page, lang, width);
  await page.goto(`/studio/items/flow/${flow}/edit`);
  await signIn(page, lang, email);
  await expect(page.getByRole('heading', { level: 1, name: E(lang, 'title', { key: flow }) })).toBeVisible();
  // The checker answers (no problem on the live flow), or says clearly it is not there yet.
  await expect(
    page.getByText(
      new RegExp(`${literal(E(lang, 'problems.none'))}|${literal(E(lang, 'problems.unavailable'))}`),
    ),
  ).toBeVisible();
  return problems;
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const frame = (page: Page, lang: Lang, width: number, langName: Lang) =>
  page.frameLocator(
    `iframe[title="${E(lang, 'preview.frame', { width, lang: E(lang, `lang.${langName}`) })}"]`,
  );

const textField = (page: Page, lang: Lang, property: string, textLang: Lang) =>
  page.getByLabel(
    E(lang, 'props.textIn', { property: E(lang, `props.${property}`), lang: E(lang, `lang.${textLang}`) }),
  );

// A question's button in the outline (the checker's problems name it too, as buttons that jump to it).
const outlineNode = (page: Page, name: RegExp) =>
  page.locator('button.outline__node').filter({ hasText: name });

const saved = (page: Page) => expect(page.locator('[data-save]')).toHaveAttribute('data-save', 'saved');

test("edit a question's label in both languages, see the preview, saved after a reload (el, 390 px)", async ({
  page,
}) => {
  const lang = 'el';
  const problems = await openEditor(page, lang, 390, EDITOR);
  const greek = frame(page, lang, 390, 'el');
  const english = frame(page, lang, 390, 'en');
  await expect(greek.getByText('Έχει ήδη αρχίσει το ταξίδι;')).toBeVisible();

  await page.getByRole('button', { name: /TRAVEL_STARTED/ }).click();
  await textField(page, lang, 'label', 'el').fill('Έχετε ήδη ξεκινήσει το ταξίδι σας;');
  await textField(page, lang, 'label', 'en').fill('Have you already set off?');
  await expect(greek.getByText('Έχετε ήδη ξεκινήσει το ταξίδι σας;')).toBeVisible();
  await expect(english.getByText('Have you already set off?')).toBeVisible();
  await saved(page);
  await expectAccessible(page, `studio editor properties (${lang}, 390)`);
  await expectNoSideScroll(page, 390, `studio editor properties (${lang}, 390)`);
  await page.screenshot({ path: 'test-results/studio-editor-el-390.png', fullPage: true });

  // The draft is in the database: a reload shows both texts.
  await page.reload();
  await page.getByRole('button', { name: /TRAVEL_STARTED/ }).click();
  await expect(textField(page, lang, 'label', 'el')).toHaveValue('Έχετε ήδη ξεκινήσει το ταξίδι σας;');
  await expect(textField(page, lang, 'label', 'en')).toHaveValue('Have you already set off?');

  // Undo brings the Greek text back, redo takes it away again (the toolbar's buttons).
  await textField(page, lang, 'label', 'el').fill('Ξεκίνησε ήδη το ταξίδι;');
  await page.getByRole('button', { name: E(lang, 'undo'), exact: true }).click();
  await expect(textField(page, lang, 'label', 'el')).toHaveValue('Έχετε ήδη ξεκινήσει το ταξίδι σας;');
  await page.getByRole('button', { name: E(lang, 'redo'), exact: true }).click();
  await expect(textField(page, lang, 'label', 'el')).toHaveValue('Ξεκίνησε ήδη το ταξίδι;');
  await saved(page);

  // A second tab of the same editor, opened now, saves later than this one: its save is stale.
  const second = await page.context().newPage();
  await second.setViewportSize({ width: 390, height: 844 });
  await second.goto('/studio/items/flow/travel/edit');
  await second.getByRole('button', { name: /TRAVEL_STARTED/ }).click();
  await expect(textField(second, lang, 'label', 'el')).toHaveValue('Ξεκίνησε ήδη το ταξίδι;');
  await textField(page, lang, 'label', 'en').fill('Has your trip begun?');
  await saved(page);
  await textField(second, lang, 'label', 'en').fill('Did the trip start?');
  const dialog = second.getByRole('alertdialog', { name: E(lang, 'stale.title') });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: E(lang, 'stale.diff') }).click();
  await expect(dialog.getByText(E(lang, 'stale.diffCount_one').replace(/:$/, ''))).toBeVisible();
  await expectAccessible(second, `studio editor stale save (${lang}, 390)`);
  await dialog.getByRole('button', { name: E(lang, 'stale.reload') }).click();
  await expect(dialog).toBeHidden();
  await expect(textField(second, lang, 'label', 'en')).toHaveValue('Has your trip begun?');
  await second.close();
  expect(problems).toEqual([]);
});

test('add and remove a question, a condition tried, the JSON view (en, 1280 px)', async ({ page }) => {
  const lang = 'en';
  const problems = await openEditor(page, lang, 1280, EDITOR);

  // The JSON of the flow is the repository's file, byte for byte, while nothing changed.
  await page.getByRole('button', { name: E(lang, 'tabs.json'), exact: true }).click();
  const json = page.getByLabel(E(lang, 'json.label', { file: 'flow.json' }));
  await expect(json).toHaveValue(readFileSync('flows/travel/flow.json', 'utf8'));
  await expectAccessible(page, `studio editor JSON (${lang}, 1280)`);

  // Removing a question others read names them first; cancelling keeps it.
  await page.getByRole('button', { name: E(lang, 'tabs.props'), exact: true }).click();
  await page.getByRole('button', { name: /TRAVEL_STARTED/ }).click();
  await page.getByRole('button', { name: E(lang, 'actions.delete'), exact: true }).click();
  const ask = page.getByRole('alertdialog', { name: E(lang, 'delete.title') });
  await expect(ask.getByText(/check point/).first()).toBeVisible();
  await expectAccessible(page, `studio editor delete warning (${lang}, 1280)`);
  await ask
    .getByRole('button', { name: E(lang, 'delete.cancel'), exact: true })
    .first()
    .click();
  await expect(page.getByRole('button', { name: /TRAVEL_STARTED/ })).toBeVisible();

  // A new question on the first page: shown only when the trip has started; try it.
  await page.getByRole('button', { name: /Your trip\s+trip/ }).click();
  await page.getByRole('button', { name: E(lang, 'add.field'), exact: true }).click();
  await expect(page.locator('#root_id')).toBeFocused();
  await page.locator('#root_id').fill('STARTED_ON');
  await page.getByLabel(E(lang, 'props.path')).fill('CS_TRAVEL.STARTED_ON');
  const shown = page.getByRole('group', { name: E(lang, 'props.visibleIf') });
  await shown.getByRole('button', { name: E(lang, 'condition.addRow'), exact: true }).click();
  await shown.getByLabel(E(lang, 'condition.field'), { exact: true }).fill('CS_TRAVEL.TRAVEL_STARTED');
  await shown.getByLabel(E(lang, 'condition.value'), { exact: true }).selectOption('1');
  await expect(
    page.locator('#cond-visibleIf').getByRole('figure', { name: E(lang, 'condition.written') }),
  ).toHaveText(/CS_TRAVEL\.TRAVEL_STARTED/);
  const tryIt = page.locator('#cond-visibleIf-try');
  await tryIt.locator('summary').click();
  await expect(tryIt.getByRole('status')).toHaveText(E(lang, 'try.doesNotHold'));
  await tryIt.getByRole('combobox').selectOption('1');
  await expect(tryIt.getByRole('status')).toHaveText(E(lang, 'try.holds'));
  await saved(page);
  await expectAccessible(page, `studio editor condition (${lang}, 1280)`);
  await page.screenshot({ path: 'test-results/studio-editor-en-1280.png', fullPage: true });

  // The JSON view shows the new question; an edit there reaches the outline; undo takes it back.
  await page.getByRole('button', { name: E(lang, 'tabs.json'), exact: true }).click();
  await expect(json).toHaveValue(/"STARTED_ON"/);
  await json.fill((await json.inputValue()).replace('"STARTED_ON"', '"TRIP_STARTED_ON"'));
  await expect(outlineNode(page, /TRIP_STARTED_ON/)).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: E(lang, 'undo'), exact: true }).click();
  await expect(outlineNode(page, /TRIP_STARTED_ON/)).toBeHidden();

  // Only its own text refers to the new question: named, then it goes and the file is the repository's again.
  await outlineNode(page, /STARTED_ON/).click();
  await page.getByRole('button', { name: E(lang, 'actions.delete'), exact: true }).click();
  const remove = page.getByRole('alertdialog', { name: E(lang, 'delete.title') });
  await expect(remove.getByText(E(lang, 'refs.text', { detail: 'fields.STARTED_ON.label' }))).toBeVisible();
  await remove.getByRole('button', { name: E(lang, 'delete.confirm'), exact: true }).click();
  await expect(outlineNode(page, /STARTED_ON/)).toBeHidden();
  await page.getByRole('button', { name: E(lang, 'tabs.json'), exact: true }).click();
  await expect(json).toHaveValue(readFileSync('flows/travel/flow.json', 'utf8'));
  await saved(page);

  // The check points view.
  await page.getByRole('button', { name: E(lang, 'tabs.checkpoints'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: E(lang, 'checkpoints.title') })).toBeVisible();
  await expectAccessible(page, `studio editor check points (${lang}, 1280)`);
  expect(problems).toEqual([]);
});

test("a checker problem's button moves the keyboard to the property it is about (en, 1280 px)", async ({
  page,
}) => {
  const lang = 'en';
  const problems = await openEditor(page, lang, 1280, EDITOR);
  await expect(page.getByText(E(lang, 'problems.none'))).toBeVisible();

  // A question's label named by a text key no language has: the checker reports it, in English words.
  await outlineNode(page, /TRAVEL_STARTED/).click();
  await page.getByLabel(E(lang, 'props.label'), { exact: true }).fill('fields.NO_SUCH_TEXT.label');
  const problem = page
    .locator('.problems__list button')
    .filter({ hasText: /The text “\w+:fields\.NO_SUCH_TEXT\.label” is missing from locales\/en\// });
  await expect(problem).toBeVisible();
  await expect(problem).toContainText('/label');

  // Elsewhere in the editor, the problem's button brings back the question and focuses its label.
  await page.getByRole('button', { name: E(lang, 'outline.wholeFlow'), exact: true }).click();
  await expect(page.locator('#root_label')).toHaveCount(0);
  await problem.click();
  const label = page.locator('#root_label');
  await expect(label).toBeFocused();
  await expect(label).toHaveValue('fields.NO_SUCH_TEXT.label');
  await expect(outlineNode(page, /TRAVEL_STARTED/)).toHaveAttribute('aria-current', 'true');
  await expectAccessible(page, `studio editor problem jump (${lang}, 1280)`);

  // Undone, the checker finds nothing again.
  await page.getByRole('button', { name: E(lang, 'undo'), exact: true }).click();
  await expect(page.getByText(E(lang, 'problems.none'))).toBeVisible();
  await saved(page);
  expect(problems).toEqual([]);
});

test('a viewer reads the editor but cannot change the draft (en, 1280 px)', async ({ page }) => {
  const lang = 'en';
  const problems = await openEditor(page, lang, 1280, VIEWER);
  await expect(page.getByText(E(lang, 'save.viewerOnly'))).toBeVisible();
  await page.getByRole('button', { name: /TRAVEL_STARTED/ }).click();
  await expect(textField(page, lang, 'label', 'en')).toBeDisabled();
  await expect(page.getByRole('button', { name: E(lang, 'actions.delete'), exact: true })).toBeDisabled();
  await page.getByRole('button', { name: E(lang, 'tabs.json'), exact: true }).click();
  await expect(page.getByLabel(E(lang, 'json.label', { file: 'flow.json' }))).not.toBeEditable();
  await expectAccessible(page, `studio editor read only (${lang}, 1280)`);
  expect(problems).toEqual([]);
});
