// A flow's scenarios in the studio (issue 29 item 8) in Chromium against the real service: from
// the travel flow's page to its scenarios, the repository's files listed and not detachable; an
// editor attaches a deliberately failing variant of a travel file by uploading it, runs it with
// the repository's file against the live version, sees the file pass and the variant fail with
// what differed and the step and page where it went astray, and detaches it after a question.
// In Greek at 390 px: a bad scenario is refused (the studio's own words for broken JSON, the
// service's translated refusal for a scenario without steps) without losing what was typed, then a
// variant that goes astray on its first page is attached by pasting, fails there, and is detached.

import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { type Lang, S, STAFF, staffPage, startFromLive } from './studioSupport';
import { expectAccessible, expectNoSideScroll } from './support';

const FILE = 'travel-adult-el.json';
const base = () =>
  JSON.parse(readFileSync(`tests/scenarios/${FILE}`, 'utf8')) as {
    name: string;
    steps: { substep: string; answers?: Record<string, unknown> }[];
    expect: Record<string, unknown>;
  };

/** The service's own text (locales/<lang>/mail.json), as it answers a refusal. */
function serviceText(lang: Lang, key: string): string {
  let node: unknown = JSON.parse(readFileSync(`locales/${lang}/mail.json`, 'utf8'));
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`no service text ${lang}:${key}`);
  return node;
}

async function liveNumber(page: Page): Promise<number> {
  const answer = await page.request.get('/zcp/studio/items/flow/travel');
  return ((await answer.json()) as { LIVE: { NUMBER: number } }).LIVE.NUMBER;
}

const result = (page: Page, lang: Lang, passed: boolean, name: string) =>
  page.getByRole('listitem').filter({
    has: page.getByRole('heading', {
      level: 3,
      name: `${S(lang, passed ? 'scenarios.pass' : 'scenarios.fail')} ${name}`,
    }),
  });

async function detach(page: Page, lang: Lang, name: string) {
  await page.getByRole('button', { name: S(lang, 'scenarios.detachOne', { name }) }).click();
  const dialog = page.getByRole('dialog', { name: S(lang, 'scenarios.detachTitle') });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: S(lang, 'scenarios.detachConfirm') }).click();
  await expect(
    page.getByRole('status').filter({ hasText: S(lang, 'scenarios.detached', { name }) }),
  ).toBeVisible();
  await expect(page.getByRole('checkbox', { name })).toHaveCount(0);
}

// Drafts other specs on this server may have left open: this spec starts from live.
test.beforeAll(async ({ browser }) => startFromLive(browser, [['flow', 'travel']]));

test('an editor uploads a failing variant, runs it with a repository file against live, and detaches it (en, 1280 px)', async ({
  browser,
}) => {
  const lang = 'en';
  const { page, problems } = await staffPage(browser, lang, 1280, STAFF.editor, '/studio/items/flow/travel');
  await page.getByRole('link', { name: S(lang, 'scenarios.link'), exact: true }).click();
  await expect(page).toHaveURL(/\/studio\/items\/flow\/travel\/scenarios$/);
  await expect(
    page.getByRole('heading', { level: 1, name: S(lang, 'scenarios.title', { key: 'travel' }) }),
  ).toBeVisible();

  // The repository's file: listed, marked as such, not detachable.
  const scenario = base();
  const repository = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('checkbox', { name: scenario.name }) });
  await expect(repository.getByText(S(lang, 'scenarios.repository'), { exact: true })).toBeVisible();
  await expect(repository.getByText(FILE)).toBeVisible();
  await expect(repository.getByRole('button')).toHaveCount(0);

  // A variant expecting a premium the flow does not give, uploaded as a file.
  const name = `Adult to London at a wrong premium ${Date.now()}`;
  const wrong = { ...scenario, name, expect: { ...scenario.expect, premium: 999 } };
  await page.getByLabel(S(lang, 'scenarios.file')).setInputFiles({
    name: 'travel-wrong-premium.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(wrong, null, 2)),
  });
  await expect(page.getByLabel(S(lang, 'scenarios.name'))).toHaveValue(name);
  await page.getByRole('button', { name: S(lang, 'scenarios.attach'), exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: S(lang, 'scenarios.attached', { name }) }),
  ).toBeVisible();
  const attached = page.getByRole('listitem').filter({ has: page.getByRole('checkbox', { name }) });
  await expect(attached.getByText(S(lang, 'scenarios.studio'), { exact: true })).toBeVisible();
  await expect(attached.getByText(/by you, /)).toBeVisible();

  // Both against the live version.
  const number = await liveNumber(page);
  await page.getByLabel(S(lang, 'scenarios.version')).selectOption({
    label: S(lang, 'scenarios.versionLive', { number }),
  });
  await page.getByRole('checkbox', { name: scenario.name }).check();
  await page.getByRole('checkbox', { name }).check();
  await page.getByRole('button', { name: S(lang, 'scenarios.runChosen_other', { count: 2 }) }).click();
  const version = S(lang, 'scenarios.versionLive', { number });
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: S(lang, 'scenarios.summary', { version, passed: 1, count: 2 }) }),
  ).toBeVisible({ timeout: 150_000 });
  await expect(result(page, lang, true, scenario.name)).toBeVisible();
  const failed = result(page, lang, false, name);
  await expect(failed.getByText(`while 999 was expected`)).toBeVisible();
  const last = scenario.steps.length;
  await expect(failed.getByText(S(lang, 'scenarios.diverged', { step: last }))).toBeVisible();
  await expect(failed.getByText(scenario.steps[last - 1].substep, { exact: true })).toBeVisible();
  await expect(failed.getByText('CS_POLICY_HOLDER.FIRST_NAME')).toBeVisible();
  await expectAccessible(page, `studio scenarios, results (${lang}, 1280)`);
  await expectNoSideScroll(page, 1280, `studio scenarios (${lang}, 1280)`);

  await detach(page, lang, name);
  expect(problems).toEqual([]);
});

test('bad input is refused without losing what was typed; a variant astray on its first page fails there (el, 390 px)', async ({
  browser,
}) => {
  const lang = 'el';
  const { page, problems } = await staffPage(
    browser,
    lang,
    390,
    STAFF.editor,
    '/studio/items/flow/travel/scenarios',
  );
  await expect(
    page.getByRole('heading', { level: 1, name: S(lang, 'scenarios.title', { key: 'travel' }) }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: S(lang, 'scenarios.listTitle') })).toBeVisible();
  await expectNoSideScroll(page, 390, `studio scenarios (${lang}, 390)`);

  const name = `Ενήλικας που ξεφεύγει στη δεύτερη σελίδα ${Date.now()}`;
  const nameBox = page.getByLabel(S(lang, 'scenarios.name'));
  const json = page.getByLabel(S(lang, 'scenarios.json'));
  const attach = page.getByRole('button', { name: S(lang, 'scenarios.attach'), exact: true });
  await nameBox.fill(name);

  // Broken JSON: the studio's own words; the name and the text stay.
  await json.fill('{"steps": [');
  await attach.click();
  await expect(page.getByRole('alert').filter({ hasText: S(lang, 'scenarios.bad.notJson') })).toBeVisible();
  await expect(nameBox).toHaveValue(name);
  await expect(json).toHaveValue('{"steps": [');

  // A scenario without steps: the service's refusal, in Greek; still nothing lost.
  const noSteps = JSON.stringify({ steps: [], expect: { reachesPayment: true } });
  await json.fill(noSteps);
  await attach.click();
  await expect(
    page.getByRole('alert').filter({ hasText: serviceText(lang, 'errors.publishing.scenario.noSteps') }),
  ).toBeVisible();
  await expect(nameBox).toHaveValue(name);
  await expect(json).toHaveValue(noSteps);
  await expectAccessible(page, `studio scenarios, a refused scenario (${lang}, 390)`);

  // The second step names a page the flow does not go to: it went astray after the first.
  const scenario = base();
  const astray = structuredClone(scenario);
  astray.steps[1].substep = 'travel__nowhere';
  await json.fill(JSON.stringify(astray, null, 2));
  await attach.click();
  await expect(
    page.getByRole('status').filter({ hasText: S(lang, 'scenarios.attached', { name }) }),
  ).toBeVisible();
  await expect(nameBox).toHaveValue('');

  await page.getByRole('checkbox', { name }).check();
  await page.getByRole('button', { name: S(lang, 'scenarios.runChosen_one', { count: 1 }) }).click();
  const version = S(lang, 'scenarios.versionLive', { number: await liveNumber(page) });
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: S(lang, 'scenarios.summary', { version, passed: 0, count: 1 }) }),
  ).toBeVisible({ timeout: 150_000 });
  const failed = result(page, lang, false, name);
  await expect(failed.getByText(S(lang, 'scenarios.diverged', { step: 1 }))).toBeVisible();
  await expect(failed.getByText(scenario.steps[0].substep, { exact: true })).toBeVisible();
  await expect(failed.getByText('CS_TRAVEL.OBJECT_TYPE')).toBeVisible();
  await expect(failed.getByText('travel__nowhere')).toBeVisible();
  await expectAccessible(page, `studio scenarios, a failed run (${lang}, 390)`);
  await expectNoSideScroll(page, 390, `studio scenarios, a failed run (${lang}, 390)`);

  await detach(page, lang, name);
  expect(problems).toEqual([]);
});
