// Property, travel and cyber bought in the browser against the real service, in Greek and English;
// every limit, warning and referral of their forms; axe on every screen on the way. Cyber is built
// from flows/cyber and its locale files only, so buying it proves a product is config.

import { expect, type Page } from '@playwright/test';
import { localeText, prepareVisitor, replayScenarioInPage } from '../../src/cli/replay/browser';
import { compareOutcome, type Scenario } from '../../src/server/publishing/replay/scenario';
import { test } from './fixtures';
import { ARTIFACTS, bundle, expectAccessible, inCi, scenario, watchConsole } from './support';

const ALL_PURCHASES = [
  { file: 'property-happy-path', lang: 'el', width: 390 },
  { file: 'property-tenant-en', lang: 'en', width: 390 },
  { file: 'property-low-building-value', lang: 'en', width: 1280 },
  { file: 'travel-adult-el', lang: 'el', width: 390 },
  { file: 'travel-family', lang: 'en', width: 390 },
  { file: 'cyber-happy-path', lang: 'el', width: 390 },
  { file: 'cyber-individual-en', lang: 'en', width: 390 },
] as const;

// In CI each product is bought once in the browser, Greek on a phone, and English once on a desktop;
// every other purchase replays headless (tests/scenarios) and in the browser with E2E_FULL=1.
const CI_PURCHASES = new Set([
  'property-happy-path',
  'property-low-building-value',
  'travel-adult-el',
  'cyber-happy-path',
]);
const PURCHASES = inCi(ALL_PURCHASES, (p) => CI_PURCHASES.has(p.file));

for (const { file, lang, width } of PURCHASES) {
  test(`buys ${file} in ${lang} at ${width} px`, async ({ page }) => {
    const problems = watchConsole(page);
    await page.setViewportSize({ width, height: 900 });
    const s = await scenario(file, { language: lang });
    const result = await replayScenarioInPage(page, await bundle(s.flow), s, {
      screenshotDir: ARTIFACTS,
      screenshotPrefix: `${file}-${lang}-${width}`,
      onSubstep: (substep) => expectAccessible(page, `${file} ${substep} (${lang})`),
      onPause: async (state, substep) => {
        // The code is asked under its own heading, not the heading of the substep it guards.
        if (state.includes('otp'))
          await expect(page.locator('h1')).toHaveText(localeText(lang, 'flow:otpTitle'));
        await expectAccessible(page, `${file} ${substep} ${state} (${lang})`);
      },
    });
    expect(compareOutcome(s.expect, result)).toEqual([]);
    await expect(page.locator('h1')).toBeVisible();
    await expect(page.getByText(result.contractNo!)).toBeVisible();
    await expectAccessible(page, `completion page (${lang})`);
    expect(problems).toEqual([]);
  });
}

const REFUSALS = [
  'property-total-over-700000',
  'property-contents-over-60000',
  'property-valuables-limits',
  'property-valuables-sum-mismatch',
  'property-photovoltaics-over-10000',
  'property-start-date-too-far',
  'property-mortgage-alarm-details',
  'property-referral-under-construction',
  'property-referral-professional-use',
  'property-referral-prior-refusal',
  'travel-start-date-too-far',
  'travel-age-flag-mismatch',
  'travel-children-ages',
  'travel-referral-trip-started',
  'travel-referral-not-resident',
  'travel-referral-not-healthy',
  'travel-referral-age-over-75',
  'travel-referral-spouse-over-75',
  'travel-referral-four-children-insured',
  'travel-referral-unaccompanied',
  'cyber-start-date-too-far',
  'cyber-referral-business-use',
  'cyber-referral-incidents',
  'cyber-referral-not-resident',
  'cyber-referral-under-18',
];

// A field limit and a referral of each product in CI (every one replays headless in tests/scenarios).
const CI_REFUSALS = new Set([
  'property-total-over-700000',
  'property-referral-prior-refusal',
  'travel-children-ages',
  'travel-referral-age-over-75',
  'cyber-start-date-too-far',
  'cyber-referral-under-18',
]);

for (const file of inCi(REFUSALS, (f) => CI_REFUSALS.has(f))) {
  test(`refuses ${file}`, async ({ page }) => {
    const s = await scenario(file);
    const result = await replayScenarioInPage(page, await bundle(s.flow), s, {
      screenshotDir: ARTIFACTS,
      screenshotPrefix: file,
    });
    // The browser shows the referral message, not its type and number; the headless replay checks those.
    const expectation = s.expect.referral
      ? { ...s.expect, referral: { message: s.expect.referral.message } }
      : s.expect;
    expect(compareOutcome(expectation, result)).toEqual([]);
    await expectAccessible(page, file);
  });
}

/** Replays the scenario's first substeps only, leaving the page on the next one. */
async function openAfter(page: Page, file: string, steps: number, overrides: Partial<Scenario> = {}) {
  const s = await scenario(file, overrides);
  const partial: Scenario = { ...s, steps: s.steps.slice(0, steps), expect: {} };
  await replayScenarioInPage(page, await bundle(s.flow), partial);
  return s;
}

const building = (page: Page) => page.locator('#root_PROPERTY_VALUE');

test('the low building value warning follows the building value, in Greek', async ({ page }) => {
  await openAfter(page, 'property-happy-path', 1);
  await expect(page.locator('.flow')).toHaveAttribute('data-substep', 'property__amounts');
  const warning = page.locator('[data-notice="lowBuildingValue"]');
  await building(page).fill('120000');
  await building(page).blur();
  // 150 m² × €1,500 × 80%
  await expect(warning).toContainText('180.000');
  await expect(warning).toContainText('150 τ.μ.');
  await expectAccessible(page, 'low building value warning (el)');
  await building(page).fill('180000');
  await building(page).blur();
  await expect(warning).toHaveCount(0);
});

test('the low building value warning uses the value per m² that loadV2 answers', async ({ page }) => {
  await page.route('**/zcp/prop/loadV2', (route) =>
    route.fulfill({
      json: { PRODUCT_ID: '157', PROPERTY_VALUE_PER_SQM: 2000, PROPERTY_VALUE_PERCENTAGE: 90 },
    }),
  );
  await openAfter(page, 'property-happy-path', 1, { language: 'en' });
  const warning = page.locator('[data-notice="lowBuildingValue"]');
  await building(page).fill('250000');
  await building(page).blur();
  // 150 m² × €2,000 × 90%
  await expect(warning).toContainText('270,000');
  await building(page).fill('270000');
  await building(page).blur();
  await expect(warning).toHaveCount(0);
});

test('the total of building, contents and valuables is limited to €700,000 as it is typed', async ({
  page,
}) => {
  await openAfter(page, 'property-happy-path', 1, { language: 'en' });
  await page.locator('#root_VALUE_OF_CONTENTS').fill('60000');
  await page.locator('#root_VALUE_OF_CONTENTS').blur();
  await building(page).fill('640001');
  await building(page).blur();
  const message = localeText('en', 'property:errors.totalInsured');
  await expect(page.getByText(message)).toBeVisible();
  await building(page).fill('640000');
  await building(page).blur();
  await expect(page.getByText(message)).toHaveCount(0);
});

test('the excesses are listed ascending and a larger one lowers the package price', async ({ page }) => {
  await openAfter(page, 'property-happy-path', 2);
  await expect(page.locator('.flow')).toHaveAttribute('data-substep', 'plans__packages');
  const excess = page.locator('#root_EXCESS_DEDUCTIBLE');
  await expect(excess.locator('option[value="D1000"]')).toHaveCount(1);
  const values = await excess
    .locator('option')
    .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value).filter(Boolean));
  expect(values).toEqual(['D400', 'D600', 'D1000']);

  await page.locator('label[for="package-HOME_PLUS"]').click();
  await page.locator('#package-HOME_PLUS:checked').waitFor();
  const price = page.locator('label[for="package-HOME_PLUS"] .package-card__price strong');
  await expect(price).toHaveText(/\d/);
  const before = await price.textContent();
  await excess.selectOption('D1000');
  await expect(price).not.toHaveText(before ?? '');
  await expectAccessible(page, 'property plans with the excess');
});

test('a home unoccupied over 30 days is told which covers it loses, and they are not offered', async ({
  page,
}) => {
  await openAfter(page, 'property-unoccupied-exclusions', 2);
  await expect(page.locator('.flow')).toHaveAttribute('data-substep', 'plans__packages');
  await expect(page.locator('[data-notice="unoccupiedExclusions"]')).toBeVisible();
  const plus = page.locator('.package-card').filter({ has: page.locator('#package-HOME_PLUS') });
  await expect(plus).toContainText(localeText('el', 'property:covers.FIRE'));
  await expect(plus).not.toContainText(localeText('el', 'property:covers.THEFT'));
  await expect(plus).not.toContainText(localeText('el', 'property:covers.WATER_DAMAGE'));
});

test('a prior refusal offers the call-back and keeps the answers', async ({ page }) => {
  const s = await scenario('property-referral-prior-refusal');
  await replayScenarioInPage(page, await bundle('property'), s);
  await expect(
    page.getByRole('link', { name: localeText('el', 'flow:referral.contactMe') }).first(),
  ).toBeVisible();
  await page.getByRole('button', { name: localeText('el', 'flow:referral.edit') }).click();
  await expect(page.locator('input[name="root_PRIOR_REFUSAL"][value="1"]')).toBeChecked();
});

test('travel: a family trip asks for the spouse and up to 5 children, one adult does not', async ({
  page,
}) => {
  await openAfter(page, 'travel-family', 1);
  await expect(page.locator('.flow')).toHaveAttribute('data-substep', 'travel__travellers');
  await page.locator('input[name="root_NUMBER_OF_ADULTS"][value="2"]').check();
  await expect(page.locator('#root_SPOUSE_FIRST_NAME')).toBeVisible();
  await page.locator('#root_NUMBER_OF_CHILDREN').selectOption('5');
  const add = page.locator('.array__add');
  for (let i = 0; i < 5; i++) await add.click();
  await expect(page.locator('[id^="root_CHILDREN_4_"]').first()).toBeVisible();
  await expect(add).toBeDisabled();
  await expectAccessible(page, 'travel family travellers');

  await page.getByRole('button', { name: localeText('en', 'flow:actions.back') }).click();
  await page.locator('input[name="root_OBJECT_TYPE"][value="ADULT"]').check();
  await page.locator('.substep__actions button[type="submit"]').click();
  await expect(page.locator('.flow')).toHaveAttribute('data-substep', 'travel__travellers');
  await expect(page.locator('#root_BIRTH_DATE')).toBeVisible();
  await expect(page.locator('#root_SPOUSE_FIRST_NAME')).toHaveCount(0);
  await expect(page.locator('.array__add')).toHaveCount(0);
});

test('cyber has its own route in both languages, from its flow folder alone', async ({ page }) => {
  for (const lang of ['el', 'en'] as const) {
    await prepareVisitor(page, lang);
    await page.goto('/cyber');
    await expect(page).toHaveURL(/\/cyber\/offer\/1$/);
    await expect(page.locator('h1')).toHaveText(localeText(lang, 'cyber:household.title'));
    await expect(page.locator('.step-bar')).toContainText(localeText(lang, 'cyber:steps.plans'));
    await expectAccessible(page, `cyber first screen (${lang})`);
  }
});

test.describe('a tapped cover or package shows at once, whatever the line speed', () => {
  // The recalculation's answer is held back, as on a slow mobile line, until the test lets it go.
  async function holdPricing(page: Page) {
    const held: (() => Promise<void>)[] = [];
    await page.route('**/zcp/cyber/cybercalc', (route) => {
      held.push(() => route.continue());
    });
    return held;
  }

  test('the cover is ticked before the price arrives; the price is marked as updating', async ({ page }) => {
    await openAfter(page, 'cyber-happy-path', 1);
    await expect(page.locator('.flow')).toHaveAttribute('data-substep', 'plans__packages');
    await page.locator('label[for="package-CYB_PLUS"]').click();
    await expect(page.locator('.packages')).toHaveAttribute('aria-busy', 'false');
    const held = await holdPricing(page);
    const cover = page.locator('#cover-CYBERBULLYING');
    await cover.check();
    await expect(cover).toBeChecked();
    await expect(page.locator('.packages')).toHaveAttribute('aria-busy', 'true');
    await expect(page.locator('.flow__premium')).toHaveAttribute('aria-busy', 'true');
    // A second tap while the first is still being priced undoes it, as the visitor meant.
    await cover.uncheck();
    await expect(cover).not.toBeChecked();
    await expect.poll(() => held.length).toBe(2);
    for (const release of held) await release();
    await expect(page.locator('.packages')).toHaveAttribute('aria-busy', 'false');
    await expect(cover).not.toBeChecked();
    await expectAccessible(page, 'cyber packages after a quick tap and untap');
  });

  test('a refused recalculation takes the tick back and says why', async ({ page }) => {
    await openAfter(page, 'cyber-happy-path', 1, { language: 'en' });
    await page.locator('label[for="package-CYB_PLUS"]').click();
    await expect(page.locator('.packages')).toHaveAttribute('aria-busy', 'false');
    await page.route('**/zcp/cyber/cybercalc', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }),
    );
    const cover = page.locator('#cover-CYBERBULLYING');
    // A click, not check(): the refusal comes back at once and may undo the tick before check()
    // looks at it; what matters is the outcome below.
    await cover.click();
    await expect(page.getByText(localeText('en', 'flow:packages.choiceUndone'))).toBeVisible();
    await expect(cover).not.toBeChecked();
  });
});
