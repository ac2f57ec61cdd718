// The review of a change in Chromium against the real service (issue 29: life cycle, four eyes,
// gates): an editor makes a draft and submits it with a note; the author cannot approve it (no
// button, and the service refuses the call); a publisher approves and publishes it, the history
// shows the new number, and a rollback publishes the earlier one again as a new version. A draft
// with a broken reference is discarded-and-redone, submitted, approved, and its publication is
// refused with every gate's reason shown. English at 1280 px, Greek at 390 px; axe on each screen.

import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { type Lang, S, STAFF, staffPage, startFromLive, studioCall } from './studioSupport';
import { expectAccessible, expectNoSideScroll } from './support';

interface Version {
  ID: number;
  REVISION: number;
  STATUS: string;
  NUMBER: number | null;
  FILES: Record<string, string>;
}

async function openChange(page: Page, kind: string, key: string): Promise<Version> {
  const answer = await page.request.get(`/zcp/studio/items/${kind}/${key}`);
  expect(answer.status()).toBe(200);
  const change = ((await answer.json()) as { CHANGE: Version | null }).CHANGE;
  if (!change) throw new Error(`no open change on ${kind}/${key}`);
  return change;
}

/** What the editor's form would save: one edit to flow.json, at the revision read. */
async function editDraft(page: Page, draft: Version, edit: (flow: string) => string) {
  const flow = draft.FILES['flow.json'];
  const changed = edit(flow);
  expect(changed).not.toBe(flow);
  const saved = await studioCall(page, 'PUT', `drafts/${draft.ID}`, {
    REVISION: draft.REVISION,
    FILES: { ...draft.FILES, 'flow.json': changed },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

// Drafts other specs on this server may have left open: this spec starts from live.
test.beforeAll(async ({ browser }) =>
  startFromLive(browser, [
    ['flow', 'travel'],
    ['flow', 'cyber'],
  ]),
);

const panel = (page: Page, lang: Lang) =>
  page.getByRole('region', { name: S(lang, 'review.title') }).or(page.locator('section.studio-panel'));

const historyRow = (page: Page, lang: Lang, number: number, status: string) =>
  page
    .getByRole('region', { name: S(lang, 'history.title') })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: String(number), exact: true }) })
    .filter({ has: page.getByRole('cell', { name: S(lang, `status.${status}`), exact: true }) });

test('an editor submits, the author cannot approve, a publisher approves and publishes, then rolls back (en, 1280 px)', async ({
  browser,
}) => {
  const lang = 'en';
  const path = '/studio/items/flow/travel';
  const editor = await staffPage(browser, lang, 1280, STAFF.editor, path);
  const ep = editor.page;
  await expect(ep.getByRole('heading', { level: 1, name: 'Travel insurance' })).toBeVisible();
  // The outline, the map and its text alternative, the history.
  await expect(ep.getByRole('heading', { level: 2, name: S(lang, 'outline.title') })).toBeVisible();
  await expect(ep.getByRole('link', { name: 'Departure date' }).first()).toBeVisible();
  await expect(ep.getByRole('group', { name: S(lang, 'map.label') })).toBeVisible();
  await expect(ep.getByRole('heading', { level: 3, name: S(lang, 'map.endsTitle') })).toBeVisible();
  await expect(
    ep.getByText(S(lang, 'map.endAt', { end: S(lang, 'map.ends.payment'), substep: 'Policyholder details' })),
  ).toBeVisible();
  await expect(historyRow(ep, lang, 1, 'live')).toBeVisible();
  await expectAccessible(ep, `studio item (${lang}, 1280)`);
  await expectNoSideScroll(ep, 1280, `studio item (${lang}, 1280)`);

  await ep.getByRole('button', { name: S(lang, 'review.newDraft') }).click();
  await expect(ep.getByText(S(lang, 'review.done.newDraft'))).toBeVisible();
  await expect(panel(ep, lang).getByText(S(lang, 'status.draft'), { exact: true })).toBeVisible();

  // The edit (the editor page's save): a policyholder's birth date may go back 105 years, not 100.
  const draft = await openChange(ep, 'flow', 'travel');
  await editDraft(ep, draft, (flow) => flow.replace('"min": "today-100y"', '"min": "today-105y"'));
  await ep.reload();
  await ep.getByLabel(S(lang, 'review.noteLabel')).fill('Policyholders born up to 105 years ago may apply.');
  await ep.getByRole('button', { name: S(lang, 'review.submit') }).click();
  await expect(ep.getByText(S(lang, 'review.done.submit'))).toBeVisible();
  await expect(ep.getByText(S(lang, 'review.waiting'))).toBeVisible();
  await expect(ep.getByRole('button', { name: S(lang, 'review.approve') })).toHaveCount(0);
  // The service refuses the author too, whatever the page shows.
  expect((await studioCall(ep, 'POST', `drafts/${draft.ID}/approve`)).status()).toBe(403);
  await ep.screenshot({ path: `test-results/studio-review-submitted-${lang}-1280.png`, fullPage: true });

  const publisher = await staffPage(browser, lang, 1280, STAFF.publisher, path);
  const pp = publisher.page;
  await expect(panel(pp, lang).getByText(S(lang, 'status.in_review'), { exact: true })).toBeVisible();
  await expect(
    pp.getByRole('definition').filter({ hasText: 'Policyholders born up to 105 years ago may apply.' }),
  ).toBeVisible();
  const diff = pp.locator('details.studio-diff');
  await diff.locator('summary').click();
  await expect(diff).toContainText('today-105y');
  await expectAccessible(pp, `studio review, in review (${lang}, 1280)`);

  await pp.getByRole('button', { name: S(lang, 'review.approve') }).click();
  await expect(pp.getByText(S(lang, 'review.done.approve'))).toBeVisible();
  await pp.getByRole('button', { name: S(lang, 'review.publish') }).click();
  await expect(pp.getByText(S(lang, 'review.done.publish'))).toBeVisible({ timeout: 120_000 });
  await expect(historyRow(pp, lang, 2, 'live')).toBeVisible();
  await expect(historyRow(pp, lang, 1, 'archived')).toBeVisible();
  await expect(pp.getByText(S(lang, 'review.noChange'))).toBeVisible();
  await pp.screenshot({ path: `test-results/studio-review-published-${lang}-1280.png`, fullPage: true });

  // The list shows the new live number.
  await pp.goto('/studio');
  await expect(
    pp
      .getByRole('listitem')
      .filter({ hasText: 'Travel insurance' })
      .getByText(/version 2,/),
  ).toBeVisible();

  // Rollback: version 1 again, as version 3.
  await pp.goto(path);
  await pp.getByRole('button', { name: S(lang, 'history.rollback', { number: 1 }) }).click();
  await pp.getByLabel(S(lang, 'review.noteLabel')).fill('Back to 100 years until the tariff is ready.');
  await pp.getByRole('button', { name: S(lang, 'history.rollbackConfirm', { number: 1 }) }).click();
  await expect(pp.getByText(S(lang, 'history.rolledBack', { number: 1 }))).toBeVisible({ timeout: 120_000 });
  await expect(historyRow(pp, lang, 3, 'live')).toBeVisible();
  await expect(historyRow(pp, lang, 2, 'archived')).toBeVisible();
  await expectAccessible(pp, `studio history after rollback (${lang}, 1280)`);

  expect(editor.problems).toEqual([]);
  expect(publisher.problems).toEqual([]);
});

test('a draft is discarded, then a broken one is refused at publication with its reasons (el, 390 px)', async ({
  browser,
}) => {
  const lang = 'el';
  const path = '/studio/items/flow/cyber';
  const editor = await staffPage(browser, lang, 390, STAFF.editor, path);
  const ep = editor.page;
  await expect(ep.getByRole('heading', { level: 2, name: S(lang, 'map.title') })).toBeVisible();
  await expect(ep.getByRole('group', { name: S(lang, 'map.label') })).toBeVisible();
  await expectAccessible(ep, `studio item (${lang}, 390)`);
  await expectNoSideScroll(ep, 390, `studio item (${lang}, 390)`);
  await ep.screenshot({ path: `test-results/studio-item-${lang}-390.png`, fullPage: true });

  await ep.getByRole('button', { name: S(lang, 'review.newDraft') }).click();
  await expect(ep.getByText(S(lang, 'review.done.newDraft'))).toBeVisible();
  await ep.getByRole('button', { name: S(lang, 'review.discard') }).click();
  await ep.getByRole('button', { name: S(lang, 'review.discardYes') }).click();
  await expect(ep.getByText(S(lang, 'review.done.discard'))).toBeVisible();
  await expect(ep.getByText(S(lang, 'review.noChange'))).toBeVisible();

  await ep.getByRole('button', { name: S(lang, 'review.newDraft') }).click();
  await expect(ep.getByText(S(lang, 'review.done.newDraft'))).toBeVisible();
  const draft = await openChange(ep, 'flow', 'cyber');
  // A condition that names a field the flow does not have.
  await editDraft(ep, draft, (flow) =>
    flow.replace('"path": "CS_CYBER.COVER_FOR"', '"path": "CS_CYBER.NO_SUCH_FIELD"'),
  );
  await ep.reload();
  await ep.getByLabel(S(lang, 'review.noteLabel')).fill('Νέα προϋπόθεση για την οικογενειακή κάλυψη.');
  await ep.getByRole('button', { name: S(lang, 'review.submit') }).click();
  await expect(ep.getByText(S(lang, 'review.done.submit'))).toBeVisible();

  const publisher = await staffPage(browser, lang, 390, STAFF.publisher, path);
  const pp = publisher.page;
  await pp.getByRole('button', { name: S(lang, 'review.approve') }).click();
  await expect(pp.getByText(S(lang, 'review.done.approve'))).toBeVisible();
  await pp.getByRole('button', { name: S(lang, 'review.publish') }).click();
  const refusal = pp.getByRole('alert');
  await expect(refusal).toBeVisible({ timeout: 120_000 });
  await expect(
    refusal
      .getByRole('listitem')
      .filter({ hasText: S(lang, 'review.gates.checker') })
      .first(),
  ).toContainText('flow.json');
  await expect(refusal).toContainText('CS_CYBER');
  // Nothing was published: version 1 is still the live one.
  await expect(historyRow(pp, lang, 1, 'live')).toBeVisible();
  await expectAccessible(pp, `studio publication refused (${lang}, 390)`);
  await expectNoSideScroll(pp, 390, `studio publication refused (${lang}, 390)`);
  await pp.screenshot({ path: `test-results/studio-review-refused-${lang}-390.png`, fullPage: true });

  expect(editor.problems).toEqual([]);
  expect(publisher.problems).toEqual([]);
});
