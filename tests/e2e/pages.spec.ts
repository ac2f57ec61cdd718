// Everything around the product flows, in Chromium against the real service: the layout (top bar,
// language switch, themes, greeting, call centre, loaders, lazily loaded areas), the shared pages
// (/promo, /email-validation, /contact, /error, /cookies, /help-page) with every error of spec §8
// they can show, HTTP 400/418, and accessibility and width checks of every page in both languages
// at 390 px and 1280 px. /payment-completion/{id} is purchase.spec.ts's, with the purchases that
// reach it.

import { expect, type Page } from '@playwright/test';
import { localeText } from '../../src/cli/replay/browser';
import { test } from './fixtures';
import {
  acceptNecessaryCookies,
  expectAccessible,
  expectNoSideScroll,
  inCi,
  mailsTo,
  setLanguage,
  storedFlowKeys,
  uniqueEmail,
  watchConsole,
} from './support';

type Lang = 'el' | 'en';
const LANGS: readonly Lang[] = ['el', 'en'];
const WIDTHS = [390, 1280] as const;

/** A text of the locale files as the page shows it. */
const L = (lang: Lang, key: string, values: Record<string, string> = {}) => localeText(lang, key, values);

function here(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/** An in-app navigation (the router's history listener): not the first navigation of the page load. */
async function navigateInApp(page: Page, to: string): Promise<void> {
  // The layout is drawn once the router has made (and guarded) the page load's first navigation.
  await page.locator('main#main').waitFor();
  await page.evaluate((path) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

/** Today plus `days` in Cyprus, as the date fields take it (ddmmyyyy typed). */
function cyprusDate(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const [y, m, day] = d.toLocaleDateString('sv-SE', { timeZone: 'Europe/Nicosia' }).split('-');
  return `${day}${m}${y}`;
}

/** Answers the driver's first substep as a visitor would. */
async function answerDriverEligibility(page: Page): Promise<void> {
  await page.locator('input[name="root_INSURANCE_TYPE"][value="CAR"]').check();
  await page.locator('#root_BIRTH_DATE').pressSequentially(cyprusDate(-40 * 366));
  for (const id of ['AGE_BETWEEN_18_75', 'CYPRUS_RESIDENT', 'HEALTHY_DRIVER'])
    await page.locator(`input[name="root_${id}"][value="1"]`).check();
  await page.locator('#root_START_DATE').pressSequentially(cyprusDate(3));
  await page.locator('#root_START_DATE').blur();
}

/** The newest one-time code mailed to `email` that differs from `previous`. */
async function mailedCode(page: Page, email: string, previous = ''): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const mails = await mailsTo(page, email);
    const code = /\b(\d{6})\b/.exec(mails[0]?.text ?? '')?.[1];
    if (code && code !== previous) return code;
    await page.waitForTimeout(200);
  }
  throw new Error(`no code mailed to ${email}`);
}

const unique = uniqueEmail;

// ---------------------------------------------------------------------------------------------
// Layout

test.describe('layout', () => {
  test.beforeEach(async ({ page }) => acceptNecessaryCookies(page));

  test('the desktop top bar: products, greeting, EL/EN and the call centre', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/help-page');
    const bar = page.getByRole('banner');
    await expect(bar.getByRole('link', { name: 'GIC – αρχική σελίδα' })).toBeVisible();
    const products = bar.getByRole('navigation', { name: 'Προϊόντα' }).getByRole('link');
    await expect(products).toHaveText([
      'Αυτοκίνητο',
      'Κατοικία',
      'Ταξίδι',
      'Οδηγός',
      'Κυνηγός',
      'Κυβερνοασφάλεια',
    ]);
    await expect(bar.locator('.greeting')).toHaveText(/^(Καλημέρα|Καλησπέρα)$/);
    await expect(bar.getByRole('button', { name: 'EL Ελληνικά' })).toHaveAttribute('aria-pressed', 'true');
    await expect(bar.getByRole('button', { name: 'EN English' })).toHaveAttribute('aria-pressed', 'false');
    await expect(bar.getByRole('link', { name: '8000 8787' })).toHaveAttribute('href', 'tel:+35780008787');
    await expect(bar).toContainText('Δευτέρα–Πέμπτη 07:30–14:30, Παρασκευή 07:30–14:00');
    await expect(page).toHaveTitle('Βοήθεια – GIC');
  });

  for (const lang of LANGS) {
    test(`the phone top bar fits 390 px in one row, and its menu opens in place (${lang})`, async ({
      page,
    }) => {
      await setLanguage(page, lang);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/help-page');
      const bar = page.getByRole('banner');
      const phone = bar.getByRole('link', {
        name: L(lang, 'common:callCentre.callUs', { phone: '8000 8787' }),
      });
      await expect(phone).toHaveAttribute('href', 'tel:+35780008787');
      const box = await phone.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390, 'the phone link is whole on screen').toBe(true);
      const row = await bar.locator('.top-bar__row').boundingBox();
      expect(row?.height, 'the compact bar is one row').toBeLessThan(80);
      await expectNoSideScroll(page, 390, 'the top bar');

      const menu = bar.getByRole('button', { name: L(lang, 'common:nav.openMenu'), exact: true });
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      await expect(bar.getByRole('navigation')).toHaveCount(0);
      const closedWidth = (await menu.boundingBox())?.width;
      await menu.click();
      const close = bar.getByRole('button', { name: L(lang, 'common:nav.closeMenu') });
      await expect(close).toHaveAttribute('aria-expanded', 'true');
      expect((await close.boundingBox())?.width, 'the menu button keeps its width').toBe(closedWidth);
      await expect(bar.locator('.greeting')).toBeVisible();
      await expect(bar).toContainText(L(lang, 'common:callCentre.hours'));
      await expectNoSideScroll(page, 390, 'the open menu');
      await expectAccessible(page, `open phone menu (${lang})`);
      await bar.getByRole('link', { name: L(lang, 'common:products.hunter.short') }).click();
      await expect.poll(() => here(page)).toBe('/hunter/offer/1');
      await expect(close).toHaveCount(0);
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
    });
  }

  const TIMES: [iso: string, lang: Lang, text: string][] = [
    ['2026-03-10T06:30:00+02:00', 'en', 'Good morning'],
    ['2026-03-10T11:59:00+02:00', 'en', 'Good morning'],
    ['2026-03-10T12:00:00+02:00', 'en', 'Good afternoon'],
    ['2026-07-10T17:59:00+03:00', 'en', 'Good afternoon'],
    ['2026-07-10T18:00:00+03:00', 'en', 'Good evening'],
    ['2026-03-10T11:59:00+02:00', 'el', 'Καλημέρα'],
    ['2026-03-10T12:00:00+02:00', 'el', 'Καλησπέρα'],
    // 09:30 in Cyprus is 07:30 UTC: the greeting follows Cyprus time, not the device's clock.
    ['2026-03-10T07:30:00Z', 'en', 'Good morning'],
    ['2026-03-10T10:30:00Z', 'en', 'Good afternoon'],
  ];
  // In CI: a morning and the Cyprus-time case; E2E_FULL=1 checks every boundary.
  for (const [iso, lang, text] of inCi(
    TIMES,
    ([iso]) => iso.endsWith('11:59:00+02:00') || iso.endsWith('07:30:00Z'),
  )) {
    test(`greets with "${text}" at ${iso}`, async ({ page }) => {
      await page.clock.setFixedTime(new Date(iso));
      await setLanguage(page, lang);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('/cookies');
      await expect(page.getByRole('banner').locator('.greeting')).toHaveText(text);
    });
  }

  test('the footer gives the call-centre hours and the service line 8000 8787', async ({ page }) => {
    for (const lang of LANGS) {
      await setLanguage(page, lang);
      await page.goto('/cookies');
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('link', { name: '8000 8787' })).toHaveAttribute(
        'href',
        'tel:+35780008787',
      );
      await expect(footer).toContainText(L(lang, 'common:callCentre.title'));
      await expect(footer).toContainText(
        lang === 'el'
          ? 'Δευτέρα–Πέμπτη 07:30–14:30, Παρασκευή 07:30–14:00'
          : 'Monday–Thursday 07:30–14:30, Friday 07:30–14:00',
      );
    }
  });

  test('themes: the insurer default, and the co-branded ones chosen by ref=1 and ref=2', async ({ page }) => {
    const headerColour = () =>
      page.getByRole('banner').evaluate((el) => getComputedStyle(el).backgroundColor);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/help-page');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'gic');
      const insurer = await headerColour();
      await expect(page.getByRole('banner')).not.toContainText('μάρκας');

      await page.goto('/help-page?ref=1');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'brand1');
      await expect(page.getByRole('banner')).toContainText(L('el', 'common:brand.brand1'));
      const brand1 = await headerColour();
      await expectAccessible(page, `brand 1 theme at ${width} px`);
      await expectNoSideScroll(page, width, 'brand 1 theme');
      // The theme stays for the rest of the visit, without the query.
      await navigateInApp(page, '/cookies');
      await expect(page.getByRole('heading', { level: 1, name: 'Cookies' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'brand1');
      await page.goto('/driver/offer/1');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'brand1');

      await page.goto('/help-page?ref=2');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'brand2');
      await expect(page.getByRole('banner')).toContainText(L('el', 'common:brand.brand2'));
      const brand2 = await headerColour();
      await expectAccessible(page, `brand 2 theme at ${width} px`);
      await expectNoSideScroll(page, width, 'brand 2 theme');

      // Any other reference is the insurer's own.
      await page.goto('/help-page?ref=7');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'gic');
      expect(new Set([insurer, brand1, brand2]).size, 'three different header colours').toBe(3);
      await page.evaluate(() => sessionStorage.clear());
    }
  });
});

// ---------------------------------------------------------------------------------------------
// A failed Continue

test('a failed Continue takes the keyboard focus into the first invalid field and logs the failed rules', async ({
  page,
}) => {
  await setLanguage(page, 'en');
  await page.goto('/driver/offer/1');
  let logged: Record<string, string>[] = [];
  await page.route('**/zcp/log/validations', async (route) => {
    logged = JSON.parse(route.request().postData() ?? '{}').ENTRIES ?? [];
    await route.continue();
  });
  await page.getByRole('button', { name: 'Continue' }).click();
  const first = page.locator('[aria-invalid="true"]').first();
  await expect(first).toBeVisible();
  // The focused element is the invalid field or, for a radio group, one of its options.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const invalid = document.querySelector('[aria-invalid="true"]');
        return !!invalid && !!document.activeElement && invalid.contains(document.activeElement);
      }),
    )
    .toBe(true);
  expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BUTTON');
  // The failures are reported in one batch for the product team: where and which rule, no values.
  await expect.poll(() => logged.length, { timeout: 10_000 }).toBeGreaterThan(0);
  const entries = logged;
  expect(entries[0]).toMatchObject({
    FLOW_ID: 'driver',
    RULE: expect.any(String),
    FIELD: expect.any(String),
  });
  expect(Object.keys(entries[0]).sort()).toEqual(['FIELD', 'FLOW_ID', 'LANGUAGE', 'RULE', 'STEP']);
});

// ---------------------------------------------------------------------------------------------
// Language switch

test.describe('language switch', () => {
  test.beforeEach(async ({ page }) => acceptNecessaryCookies(page));

  test('the browser is given only the namespaces the web app uses, not the service’s', async ({ page }) => {
    const html = await (await page.request.get('/')).text();
    const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
    expect(entry, 'the entry script').toBeTruthy();
    // The entry starts the app's module (src/main.tsx), which holds the lazy locale files' list.
    const app = /assets\/main-[\w-]+\.js/.exec(await (await page.request.get(entry ?? '')).text())?.[0];
    expect(app, "the app's module").toBeTruthy();
    const code = await (await page.request.get(`/${app}`)).text();
    const shipped = new Set([...code.matchAll(/locales\/(el|en)\/([\w-]+)\.json/g)].map((m) => m[2]));
    for (const ns of ['common', 'pages', 'ui', 'validation', 'fields', 'flow', 'driver', 'hunter'])
      expect(shipped.has(ns), `${ns} is shipped`).toBe(true);
    for (const ns of ['mail', 'payment']) expect(shipped.has(ns), `${ns} is not shipped`).toBe(false);
  });

  test('Greek by default; without a form on screen it reloads in English at once, and is kept', async ({
    page,
  }) => {
    await page.goto('/help-page');
    await expect(page.locator('html')).toHaveAttribute('lang', 'el');
    await expect(page.getByRole('heading', { level: 1, name: 'Βοήθεια' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBeNull();
    let asked = false;
    page.on('dialog', (d) => {
      asked = true;
      void d.dismiss();
    });
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'EN English' }).click()]);
    await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    expect(asked).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
    await page.goto('/cookies');
    await expect(page.getByRole('heading', { level: 2, name: 'Cookie settings' })).toBeVisible();
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'EL Ελληνικά' }).click()]);
    await expect(page.getByRole('heading', { level: 2, name: 'Ρυθμίσεις cookies' })).toBeVisible();
  });

  test('with a form on screen it warns that entered data will be lost; staying keeps the answers', async ({
    page,
  }) => {
    await page.goto('/driver/offer/1');
    const car = page.locator('input[name="root_INSURANCE_TYPE"][value="CAR"]');
    await car.check();
    await page.getByRole('button', { name: 'EN English' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Αλλαγή γλώσσας' });
    await expect(dialog).toContainText(
      'Με την αλλαγή γλώσσας η σελίδα θα φορτώσει ξανά και τα στοιχεία που έχετε συμπληρώσει θα χαθούν.',
    );
    // Focus starts on the safe choice.
    await expect(dialog.getByRole('button', { name: 'Παραμονή στη σελίδα' })).toBeFocused();
    await expectAccessible(page, 'language warning');
    await dialog.getByRole('button', { name: 'Παραμονή στη σελίδα' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(car).toBeChecked();
    await expect(page.locator('html')).toHaveAttribute('lang', 'el');
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBeNull();

    // Escape is "stay" too.
    await page.getByRole('button', { name: 'EN English' }).click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(car).toBeChecked();

    await page.getByRole('button', { name: 'EN English' }).click();
    await Promise.all([
      page.waitForEvent('load'),
      dialog.getByRole('button', { name: 'Αλλαγή γλώσσας' }).click(),
    ]);
    await expect(page.getByRole('heading', { level: 1, name: 'About the driver' })).toBeVisible();
    await expect(page.locator('input[name="root_INSURANCE_TYPE"][value="CAR"]')).not.toBeChecked();
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
  });

  test('an untouched first step switches at once; a step past it warns though it has no fields', async ({
    page,
  }) => {
    await page.goto('/driver/offer/1');
    await expect(page.locator('input[name="root_INSURANCE_TYPE"][value="CAR"]')).toBeVisible();
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'EN English' }).click()]);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);

    await answerDriverEligibility(page);
    await page.locator('.substep__actions button[type="submit"]').click();
    await expect(page.locator('.flow')).toHaveAttribute('data-substep', 'plans__packages', {
      timeout: 30_000,
    });
    await page.getByRole('button', { name: 'EL Ελληνικά' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Change language' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    await expect(page.locator('.flow')).toHaveAttribute('data-substep', 'plans__packages');
  });

  test('switching discards the answers the flows saved, so the quote starts again', async ({ page }) => {
    await page.goto('/driver/offer/1');
    await answerDriverEligibility(page);
    await page.locator('.substep__actions button[type="submit"]').click();
    await expect(page.locator('.flow')).toHaveAttribute('data-substep', 'plans__packages', {
      timeout: 30_000,
    });
    await expect.poll(() => here(page)).toBe('/driver/offer/2');
    expect(await storedFlowKeys(page)).toEqual(['flow:driver']);

    // The warning shows only while a form is on screen; accept it if it does.
    const dialog = page.getByRole('alertdialog');
    // Wait for the reload from before the click: without a form on screen it comes at once.
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'EN English' }).click();
    await Promise.race([
      reloaded,
      dialog.waitFor().then(() => dialog.getByRole('button', { name: 'Αλλαγή γλώσσας' }).click()),
    ]);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'About the driver' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(here(page)).toBe('/driver/offer/1');
    await expect(page.locator('.flow')).toHaveAttribute('data-substep', 'driver__eligibility');
    await expect(page.locator('input[name="root_INSURANCE_TYPE"][value="CAR"]')).not.toBeChecked();
    await expect(page.locator('#root_BIRTH_DATE')).toHaveValue('');
  });
});

// ---------------------------------------------------------------------------------------------
// Loaders and lazily loaded areas

test.describe('loading', () => {
  test.beforeEach(async ({ page }) => acceptNecessaryCookies(page));

  test('the loader shows only when waiting lasts longer than 350 ms', async ({ page }) => {
    await page.goto('/cookies');
    await expect(page.getByRole('heading', { level: 1, name: 'Cookies' })).toBeVisible();
    // The help page's script and then its FAQs are slow: one wait of two loaders in turn.
    await page.route('**/assets/HelpPage-*.js', async (route) => {
      await new Promise((r) => setTimeout(r, 500));
      await route.continue();
    });
    await page.route('**/zcp/CommonParams/FAQs*', async (route) => {
      await new Promise((r) => setTimeout(r, 3_000));
      await route.continue();
    });
    // When the loader first shows, counted from the navigation (a busy machine may draw late, never early).
    const seen = await page.evaluate(
      () =>
        new Promise<{ after: number; text: string | null }>((resolve) => {
          const started = performance.now();
          const look = () => document.querySelector('.loader[role="status"]');
          const observer = new MutationObserver(() => {
            if (!look()) return;
            observer.disconnect();
            resolve({ after: performance.now() - started, text: look()?.textContent ?? null });
          });
          observer.observe(document.body, { childList: true, subtree: true });
          window.history.pushState(null, '', '/help-page');
          window.dispatchEvent(new PopStateEvent('popstate'));
          setTimeout(() => resolve({ after: Number.POSITIVE_INFINITY, text: null }), 2_800);
        }),
    );
    expect(seen.after, 'no loader within 350 ms').toBeGreaterThanOrEqual(350);
    expect(seen.after, 'the loader while the FAQs are awaited').toBeLessThan(2_800);
    expect(seen.text).toBe('Φόρτωση…');
    await expect(page.getByText('Βρέθηκαν 38 ερωτήσεις.')).toBeVisible();
    await expect(page.locator('.loader')).toHaveCount(0);
  });

  for (const lang of inCi(LANGS, (l) => l === 'en')) {
    test(`a chunk that fails to load shows a translated error, and loads on retry (${lang})`, async ({
      page,
    }) => {
      await setLanguage(page, lang);
      await page.goto('/cookies');
      await page.route('**/assets/HelpPage-*.js', (route) => route.abort('connectionfailed'));
      await page
        .getByRole('contentinfo')
        .getByRole('link', { name: L(lang, 'common:footer.help') })
        .click();
      const error = page.getByRole('main').getByRole('alert');
      await expect(error).toContainText(L(lang, 'common:loadError.chunk'));
      // The shell stays usable around the failed area.
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expectAccessible(page, `chunk load error (${lang})`);
      await page.unroute('**/assets/HelpPage-*.js');
      await error.getByRole('button', { name: L(lang, 'common:loadError.retry') }).click();
      await expect(page.getByRole('heading', { level: 1, name: L(lang, 'pages:help.title') })).toBeVisible();
      await expect(error).toHaveCount(0);
    });
  }

  test('a lazily loaded area that has not arrived after 120 s shows a load error', async ({ page }) => {
    await page.clock.install();
    await page.goto('/cookies');
    await expect(page.getByRole('heading', { level: 1, name: 'Cookies' })).toBeVisible();
    // The area's chunk never answers.
    await page.route('**/assets/PromoPage-*.js', () => {});
    await navigateInApp(page, '/promo');
    await page.clock.fastForward(119_000);
    await expect(page.locator('.loader')).toBeVisible();
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
    await page.clock.fastForward(1_500);
    await expect(page.getByRole('main').getByRole('alert')).toContainText(
      'Η φόρτωση αυτού του τμήματος της σελίδας καθυστερεί πολύ.',
    );
    await expect(page.getByRole('button', { name: 'Δοκιμάστε ξανά' })).toBeVisible();
  });
});

// ---------------------------------------------------------------------------------------------
// HTTP 400 and 418

test.describe('HTTP 400 and 418', () => {
  test.beforeEach(async ({ page }) => acceptNecessaryCookies(page));

  for (const [status, text] of [
    [400, 'Bad Request'],
    [418, "I'm a teapot"],
  ] as const) {
    test(`an answer ${status} leads to the error page with the status text`, async ({ page }) => {
      await page.goto('/cookies');
      await page.route('**/zcp/CommonParams/FAQs', (route) => route.fulfill({ status }));
      await navigateInApp(page, '/help-page?campaign=autumn');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Δεν είναι δυνατό να συνεχίσετε online' }),
      ).toBeVisible();
      await expect(page.locator('.error-page__message')).toHaveText(text);
      const url = new URL(page.url());
      expect(url.pathname).toBe('/error');
      // The current query rides along.
      expect(url.searchParams.get('campaign')).toBe('autumn');
      expect(url.searchParams.get('message')).toBe(text);
      await expect(page.getByRole('main').getByRole('link', { name: '8000 8787' })).toBeVisible();
      await expectAccessible(page, `error page after HTTP ${status}`);
    });
  }
});

// ---------------------------------------------------------------------------------------------
// /promo

test.describe('/promo', () => {
  test.beforeEach(async ({ page }) => acceptNecessaryCookies(page));

  for (const lang of inCi(LANGS, (l) => l === 'el')) {
    test(`a wrong code says so; a valid one is kept and the visitor goes back (${lang})`, async ({
      page,
    }) => {
      await setLanguage(page, lang);
      await page.goto('/help-page');
      await navigateInApp(page, '/promo?returnTo=/help-page');
      await expect(page.getByRole('heading', { level: 1, name: L(lang, 'pages:promo.title') })).toBeVisible();
      const code = page.getByRole('textbox', { name: L(lang, 'pages:promo.code'), exact: true });
      const apply = page.getByRole('button', { name: L(lang, 'pages:promo.apply') });

      await apply.click();
      await expect(page.getByText(L(lang, 'validation:required'))).toBeVisible();
      await expect(code).toHaveAttribute('aria-invalid', 'true');
      await expect(code).toBeFocused();

      await code.fill('autumn99');
      await expect(code).toHaveValue('AUTUMN99');
      await apply.click();
      const wrong = page.getByRole('main').getByRole('alert');
      await expect(wrong).toHaveText(
        lang === 'en' ? 'The promo code is wrong.' : 'Ο προωθητικός κωδικός είναι λανθασμένος.',
      );
      await expectAccessible(page, `wrong promo code (${lang})`);
      await expectNoSideScroll(page, page.viewportSize()?.width ?? 1280, 'promo page');

      // The districts come from the service.
      const district = page.getByRole('combobox', { name: L(lang, 'pages:promo.district') });
      await expect.poll(() => district.locator('option').count()).toBeGreaterThan(4);
      await district.selectOption({ index: 2 });
      await code.fill('WELCOME');
      await apply.click();
      await expect.poll(() => here(page)).toBe('/help-page');
      const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('zcp.promo') ?? 'null'));
      expect(stored).toMatchObject({ PROMO_CODE_CP: 'WELCOME' });
      expect(stored.DISTRICT).toBeTruthy();

      await navigateInApp(page, '/promo');
      await expect(page.getByRole('main').getByRole('status')).toContainText('WELCOME');
      await page.getByRole('button', { name: L(lang, 'pages:promo.remove') }).click();
      expect(await page.evaluate(() => sessionStorage.getItem('zcp.promo'))).toBeNull();
    });
  }

  test('a reference code is checked the same way', async ({ page }) => {
    await page.goto('/cookies');
    await navigateInApp(page, '/promo?returnTo=/cookies');
    await page.getByRole('radio', { name: 'Κωδικό αναφοράς' }).check();
    const code = page.getByRole('textbox', { name: 'Κωδικός αναφοράς', exact: true });
    await code.fill('TIS-NOPE');
    await page.getByRole('button', { name: 'Καταχώριση κωδικού' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'Ο προωθητικός κωδικός είναι λανθασμένος.',
    );
    await code.fill('TIS-CLUB');
    await page.getByRole('button', { name: 'Καταχώριση κωδικού' }).click();
    await expect.poll(() => here(page)).toBe('/cookies');
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('zcp.promo') ?? 'null'))).toEqual({
      PROMO_CODE_TIS: 'TIS-CLUB',
    });
  });
});

// ---------------------------------------------------------------------------------------------
// /email-validation

test.describe('/email-validation', () => {
  test.beforeEach(async ({ page }) => acceptNecessaryCookies(page));

  test('the addresses must match; a wrong code is not valid (en)', async ({ page }) => {
    await setLanguage(page, 'en');
    const email = unique('andreas.christou');
    await page.goto('/help-page');
    await navigateInApp(page, `/email-validation?email=${encodeURIComponent(email)}&returnTo=/cookies`);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your email' })).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
    const verify = page.getByLabel('Verification email', { exact: true });
    await verify.fill(email.replace('andreas', 'andrea'));
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText('Verification email must match the email.')).toBeVisible();
    await expect(verify).toHaveAttribute('aria-invalid', 'true');
    await expect(verify).toBeFocused();
    await expectAccessible(page, 'e-mail mismatch');

    await verify.fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    const code = page.getByLabel('Verification code', { exact: true });
    await expect(code).toBeVisible();
    const right = await mailedCode(page, email);
    await code.fill('12');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('The code has 6 digits.')).toBeVisible();
    await code.fill(right === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'The email verification code is not valid.',
    );
    await expectAccessible(page, 'wrong e-mail code');
    await expectNoSideScroll(page, page.viewportSize()?.width ?? 1280, 'e-mail code step');
    await code.fill(right);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => here(page)).toBe('/cookies');
    const state = await page.evaluate(() =>
      JSON.parse(sessionStorage.getItem('zcp.emailValidation') ?? 'null'),
    );
    expect(state.validated).toEqual([email.toLowerCase()]);
  });

  test('an expired code asks for a new one, and the new one works (el, 390 px)', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const email = unique('eleni.georgiou');
    await page.goto('/cookies');
    await navigateInApp(page, '/email-validation?returnTo=/help-page');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Επιβεβαίωση email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Αποστολή κωδικού' }).click();
    const code = page.getByLabel('Κωδικός επιβεβαίωσης', { exact: true });
    await expect(code).toBeVisible();
    const first = await mailedCode(page, email);
    const wrong = first === '999999' ? '999998' : '999999';
    const alert = page.getByRole('main').getByRole('alert');
    // The service allows five tries; the fifth wrong one uses the code up.
    for (let attempt = 1; attempt <= 4; attempt++) {
      await code.fill(wrong);
      await page.getByRole('button', { name: 'Επιβεβαίωση', exact: true }).click();
      await expect(alert).toHaveText('Ο κωδικός επιβεβαίωσης email δεν είναι έγκυρος.');
    }
    await code.fill(wrong);
    await page.getByRole('button', { name: 'Επιβεβαίωση', exact: true }).click();
    await expect(alert).toHaveText(
      'Ο κωδικός έχει λήξει. Πατήστε «Αποστολή νέου κωδικού» για να λάβετε καινούργιο.',
    );
    // Even the right code is refused now.
    await code.fill(first);
    await page.getByRole('button', { name: 'Επιβεβαίωση', exact: true }).click();
    await expect(alert).toContainText('Ο κωδικός έχει λήξει.');
    const newCode = page.getByRole('button', { name: 'Αποστολή νέου κωδικού' });
    await expect(newCode).toHaveClass(/btn--primary/);
    await expectAccessible(page, 'expired e-mail code');
    await expectNoSideScroll(page, 390, 'expired e-mail code');

    await newCode.click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(`Στείλαμε νέο κωδικό στο ${email}.`);
    const second = await mailedCode(page, email, first);
    await code.fill(second);
    await page.getByRole('button', { name: 'Επιβεβαίωση', exact: true }).click();
    await expect.poll(() => here(page)).toBe('/help-page');
  });
});

// ---------------------------------------------------------------------------------------------
// /contact

test.describe('/contact', () => {
  test.beforeEach(async ({ page }) => acceptNecessaryCookies(page));

  test('the call-back request: required fields, a Cypriot phone, a message of at most 1024', async ({
    page,
  }) => {
    const problems = watchConsole(page);
    await page.goto('/help-page');
    await navigateInApp(page, '/contact?product=driver&offer=OF100042');
    await expect(page.getByRole('heading', { level: 1, name: 'Θέλω να με καλέσετε' })).toBeVisible();
    await expect(page.getByText('θα σας καλέσουμε μέσα σε δύο εργάσιμες ημέρες')).toBeVisible();
    const product = page.getByLabel('Για ποιο προϊόν;');
    await expect(product).toHaveValue('DRIVER');

    await page.getByRole('button', { name: 'Αποστολή αιτήματος' }).click();
    const name = page.getByLabel('Ονοματεπώνυμο');
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toBeFocused();
    await expect(page.getByText('Το πεδίο είναι υποχρεωτικό.')).toHaveCount(3);
    await expectAccessible(page, 'contact with errors');

    await name.fill('Ανδρέας Χριστοδούλου');
    const phone = page.getByLabel('Τηλέφωνο');
    await phone.fill('12345');
    await page.getByLabel('Email').fill('andreas.christodoulou@example.com.cy');
    await page.getByRole('button', { name: 'Αποστολή αιτήματος' }).click();
    await expect(page.getByText('Συμπληρώστε έναν έγκυρο κυπριακό αριθμό τηλεφώνου 8 ψηφίων')).toBeVisible();
    await expect(phone).toBeFocused();
    await phone.fill('99 123456');

    const message = page.getByLabel('Μήνυμα');
    await message.fill('Α'.repeat(1100));
    expect((await message.inputValue()).length).toBe(1024);
    await expect(page.getByText('1024 από 1024 χαρακτήρες')).toBeVisible();
    await message.fill('Θα ήθελα να μιλήσουμε για την ασφάλεια οδηγού.');
    await page.getByLabel('Πότε προτιμάτε να σας καλέσουμε;').selectOption('10:30');
    await page.getByRole('button', { name: 'Αποστολή αιτήματος' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Λάβαμε το αίτημά σας' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      'Ευχαριστούμε! Θα σας καλέσουμε μέσα σε δύο εργάσιμες ημέρες.',
    );
    const summary = page.locator('dl.summary dd');
    await expect(summary.nth(0)).not.toBeEmpty();
    await expect(summary.nth(1)).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
    await expectAccessible(page, 'call-back sent');
    expect(problems).toEqual([]);
  });

  test('a request the service cannot take says so and offers the phone', async ({ page }) => {
    await setLanguage(page, 'en');
    await page.goto('/help-page');
    await navigateInApp(page, '/contact');
    await page.route('**/zcp/contact_us/contactus', (route) => route.fulfill({ status: 503 }));
    await page.getByLabel('Full name').fill('Maria Ioannou');
    await page.getByLabel('Phone').fill('22123456');
    await page.getByLabel('Email').fill('maria.ioannou@example.com.cy');
    await page.getByLabel('Which product is it about?').selectOption('HUNTER');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'We could not send your request. Please try again or call us on 8000 8787.',
    );
    await expect(page.getByLabel('Full name')).toHaveValue('Maria Ioannou');
  });
});

// ---------------------------------------------------------------------------------------------
// /error

test.describe('/error', () => {
  test.beforeEach(async ({ page }) => acceptNecessaryCookies(page));

  test('shows the message, and the call-back only for error-type codes 1, 2 and 5', async ({ page }) => {
    await page.goto('/help-page');
    const message = 'Η ασφάλιση δεν μπορεί να εκδοθεί online για οδηγό άνω των 70 ετών.';
    const contactMe = page.getByRole('main').getByRole('link', { name: 'Θέλω να με καλέσετε' });
    for (const code of ['1', '2', '5', '3', '4', '']) {
      const query = new URLSearchParams({ message, product: 'driver' });
      if (code) query.set('code', code);
      await navigateInApp(page, `/error?${query}`);
      await expect(page.locator('.error-page__message')).toHaveText(message);
      await expect(contactMe, `code "${code}"`).toHaveCount(['1', '2', '5'].includes(code) ? 1 : 0);
      await expect(page.getByRole('main').getByRole('link', { name: '8000 8787' })).toBeVisible();
    }
    await navigateInApp(page, '/error?code=5&product=hunter&offer=OF100077');
    await expect(page.locator('.error-page__message')).toHaveText('Παρουσιάστηκε ένα απρόσμενο πρόβλημα.');
    await contactMe.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Θέλω να με καλέσετε' })).toBeVisible();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/contact');
    expect(url.searchParams.get('product')).toBe('hunter');
    expect(url.searchParams.get('offer')).toBe('OF100077');
    await expect(page.getByLabel('Για ποιο προϊόν;')).toHaveValue('HUNTER');
  });
});

// ---------------------------------------------------------------------------------------------
// Cookies

test.describe('cookies', () => {
  for (const lang of inCi(LANGS, (l) => l === 'en')) {
    test(`the banner shows the service's texts; a choice closes it for good (${lang})`, async ({ page }) => {
      await setLanguage(page, lang);
      const answer = await page.request.post('/zcp/cookies/gettexts', {
        headers: { 'Accept-Language': lang },
      });
      const texts = ((await answer.json()) as { ET_TEXTS: { TEXT_NAME: string; TEXT: string }[] }).ET_TEXTS;
      const text = (name: string) => texts.find((x) => x.TEXT_NAME === name)?.TEXT ?? '';
      await page.goto('/help-page');
      const banner = page.locator('section.cookie-banner');
      await expect(banner.getByRole('heading', { level: 2 })).toHaveText(text('BANNER_TITLE'));
      await expect(banner.locator('p')).toHaveText(text('BANNER_TEXT'));
      await expectAccessible(page, `cookie banner (${lang})`);
      await banner.getByRole('button', { name: L(lang, 'common:cookies.necessaryOnly') }).click();
      await expect(banner).toHaveCount(0);
      const consent = await page.evaluate(() => JSON.parse(localStorage.getItem('zcp.cookies') ?? 'null'));
      expect(consent).toMatchObject({ necessary: true, preferences: false, analytics: false });
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: L(lang, 'pages:help.title') })).toBeVisible();
      await expect(banner).toHaveCount(0);
    });
  }

  test('the banner is in the page before the app is live, for a first visit only (no flash after a choice)', async ({
    page,
  }) => {
    // The app's scripts never arrive: what shows is the prerendered page and the 3 KB entry's look
    // at the stored choice.
    await page.route('**/assets/main-*.js', (route) => route.abort('connectionfailed'));
    await page.goto('/driver/offer/1', { waitUntil: 'domcontentloaded' });
    const banner = page.locator('section.cookie-banner');
    await expect(banner.getByRole('heading', { level: 2 })).toHaveText('Η ιδιωτικότητά σας');
    await expect(banner).toBeVisible();
    await expect(page.locator('html')).not.toHaveAttribute('data-rendering', /./);
    await page.evaluate(() =>
      localStorage.setItem(
        'zcp.cookies',
        JSON.stringify({
          necessary: true,
          preferences: false,
          analytics: false,
          decidedAt: new Date().toISOString(),
        }),
      ),
    );
    await page.reload({ waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-cookies', 'decided');
    await expect(banner).toBeHidden();
  });

  test('accept all; the settings link opens the policy and the settings, without the banner', async ({
    page,
  }) => {
    await page.goto('/help-page');
    const banner = page.locator('section.cookie-banner');
    await banner.getByRole('link', { name: 'Ρυθμίσεις' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#cookie-settings');
    await expect(banner).toHaveCount(0);
    // The policy from the service: its title and one heading per category.
    const texts = (
      (await (
        await page.request.post('/zcp/cookies/gettexts', { headers: { 'Accept-Language': 'el' } })
      ).json()) as {
        ET_TEXTS: { TEXT_NAME: string; TEXT: string }[];
      }
    ).ET_TEXTS;
    const policyTitle = texts.find((x) => x.TEXT_NAME === 'POLICY_TITLE')?.TEXT ?? '';
    await expect(page.getByRole('heading', { level: 2, name: policyTitle })).toBeVisible();
    for (const t of texts.filter(
      (x) => x.TEXT_NAME.endsWith('_TITLE') && !/^(BANNER|POLICY)_/.test(x.TEXT_NAME),
    ))
      await expect(page.getByRole('heading', { level: 3, name: t.TEXT })).toBeVisible();

    await expect(page.getByRole('switch', { name: 'Απαραίτητα cookies' })).toBeDisabled();
    await page.getByRole('switch', { name: 'Cookies στατιστικών' }).check();
    await page.getByRole('button', { name: 'Αποθήκευση ρυθμίσεων' }).click();
    await expect(page.getByText('Οι ρυθμίσεις σας αποθηκεύτηκαν.')).toBeVisible();
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('zcp.cookies') ?? 'null')),
    ).toMatchObject({
      preferences: false,
      analytics: true,
    });
    await expectAccessible(page, 'cookie settings');

    await page.evaluate(() => localStorage.removeItem('zcp.cookies'));
    await page.goto('/help-page');
    await banner.getByRole('button', { name: 'Αποδοχή όλων' }).click();
    await expect(banner).toHaveCount(0);
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('zcp.cookies') ?? 'null')),
    ).toMatchObject({
      preferences: true,
      analytics: true,
    });
  });

  test('when the texts cannot be read the banner still asks, and the policy offers a retry', async ({
    page,
  }) => {
    await page.route('**/zcp/cookies/gettexts', (route) => route.fulfill({ status: 503 }));
    // With a query the app draws the page itself: a prerendered page would carry the texts.
    await page.goto('/help-page?from=faq');
    const banner = page.locator('section.cookie-banner');
    await expect(banner.getByRole('heading', { level: 2 })).toHaveText('Χρησιμοποιούμε cookies');
    await expect(banner.getByRole('button', { name: 'Μόνο τα απαραίτητα' })).toBeVisible();
    await navigateInApp(page, '/cookies');
    const failed = page.getByRole('main').getByRole('alert');
    await expect(failed).toContainText('Δεν ήταν δυνατή η φόρτωση των στοιχείων.');
    await page.unroute('**/zcp/cookies/gettexts');
    await failed.getByRole('button', { name: 'Δοκιμάστε ξανά' }).click();
    await expect(page.getByRole('heading', { level: 3, name: 'Απαραίτητα cookies' })).toBeVisible();
  });
});

// ---------------------------------------------------------------------------------------------
// /help-page

test.describe('/help-page', () => {
  test.beforeEach(async ({ page }) => acceptNecessaryCookies(page));

  const plain = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/ς/g, 'σ');

  for (const lang of inCi(LANGS, (l) => l === 'el')) {
    test(`FAQ categories and search from the service, and the contact block (${lang})`, async ({ page }) => {
      await setLanguage(page, lang);
      const faqs = (await (
        await page.request.get('/zcp/CommonParams/FAQs', { headers: { 'Accept-Language': lang } })
      ).json()) as {
        CATEGORIES: { ID: string; TEXT: string }[];
        QUESTIONS: { CATEGORY_ID: string; QUESTION: string; ANSWER: string }[];
      };
      await page.goto('/help-page');
      const chips = page.getByRole('group', { name: L(lang, 'pages:help.categories') }).getByRole('button');
      await expect(chips).toHaveText([
        L(lang, 'pages:help.allCategories'),
        ...faqs.CATEGORIES.map((c) => c.TEXT),
      ]);
      const questions = page.locator('details.faq summary');
      await expect(questions).toHaveCount(faqs.QUESTIONS.length);

      const category = faqs.CATEGORIES[1];
      const inCategory = faqs.QUESTIONS.filter((q) => q.CATEGORY_ID === category.ID);
      await chips.filter({ hasText: category.TEXT }).click();
      await expect(chips.filter({ hasText: category.TEXT })).toHaveAttribute('aria-pressed', 'true');
      await expect(questions).toHaveText(inCategory.map((q) => q.QUESTION));
      await expect(page.getByRole('main').getByRole('status')).toHaveText(
        L(lang, inCategory.length === 1 ? 'pages:help.resultCount_one' : 'pages:help.resultCount_other', {
          count: String(inCategory.length),
        }),
      );

      // Search across all categories, without accents or case.
      await chips.first().click();
      const word = lang === 'el' ? 'ΠΛΗΡΩΜΗ' : 'PAYMENT';
      await page.getByLabel(L(lang, 'pages:help.search')).fill(word);
      const expected = faqs.QUESTIONS.filter((q) => plain(`${q.QUESTION} ${q.ANSWER}`).includes(plain(word)));
      expect(expected.length).toBeGreaterThan(0);
      await expect(questions).toHaveText(expected.map((q) => q.QUESTION));
      await questions.first().click();
      await expect(page.locator('details.faq[open] p')).toHaveText(expected[0].ANSWER);
      await page.getByLabel(L(lang, 'pages:help.search')).fill('zzzqqq');
      await expect(questions).toHaveCount(0);
      await expect(page.getByRole('main').getByRole('status')).toHaveText(
        L(lang, 'pages:help.resultCount_other', { count: '0' }),
      );

      const contact = page.getByRole('region', { name: L(lang, 'pages:help.contactTitle') });
      await expect(contact.getByRole('link', { name: '8000 8787' })).toHaveAttribute(
        'href',
        'tel:+35780008787',
      );
      await contact.getByRole('link', { name: L(lang, 'pages:help.callMe') }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: L(lang, 'pages:contact.title') }),
      ).toBeVisible();
    });
  }

  test('FAQs that cannot be read offer a retry', async ({ page }) => {
    await page.route('**/zcp/CommonParams/FAQs', (route) => route.fulfill({ status: 503 }));
    // A prerendered help page carries its FAQs; reached from within the site, it reads them.
    await acceptNecessaryCookies(page);
    await page.goto('/cookies');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Βοήθεια και συχνές ερωτήσεις' }).click();
    const failed = page.getByRole('main').getByRole('alert');
    await expect(failed).toContainText('Δεν ήταν δυνατή η φόρτωση των στοιχείων.');
    await page.unroute('**/zcp/CommonParams/FAQs');
    await failed.getByRole('button', { name: 'Δοκιμάστε ξανά' }).click();
    await expect(page.getByText('Βρέθηκαν 38 ερωτήσεις.')).toBeVisible();
  });
});

// ---------------------------------------------------------------------------------------------
// /payment-completion/{id}, with real payments through the provider sandbox

// /payment-completion/{id}: tests/e2e/purchase.spec.ts, with the purchases that reach it.

// ---------------------------------------------------------------------------------------------
// Every page: accessible, and no sideways scrolling on a phone

for (const lang of LANGS)
  for (const width of inCi(WIDTHS, (w) => (lang === 'el') === (w === WIDTHS[0]))) {
    test(`every page is accessible and fits the screen (${lang}, ${width} px)`, async ({ page }) => {
      const problems = watchConsole(page);
      await setLanguage(page, lang);
      await page.setViewportSize({ width, height: 900 });
      // / is the dashboard, which needs a login: a first visit lands on Login (the portal's layout).
      await page.goto('/');
      await expect(
        page.getByRole('heading', { level: 1, name: L(lang, 'portal:login.title') }),
      ).toBeVisible();
      // A first visit: the cookie banner is part of the page.
      const banner = page.locator('section.cookie-banner');
      await expect(banner.getByRole('heading', { level: 2 })).not.toBeEmpty();
      await expectNoSideScroll(page, width, 'dashboard with the cookie banner');
      await expectAccessible(page, `dashboard with the cookie banner (${lang}, ${width} px)`);
      await banner.getByRole('button', { name: L(lang, 'common:cookies.necessaryOnly') }).click();

      // Checked where the journeys visit them, in these languages and widths: the completion page of a
      // payment this browser cannot see (purchase.spec.ts, "every outcome …") and page-not-found
      // (guards.spec.ts, "is accessible and does not scroll sideways …").
      const PAGES: [path: string, heading: string | null][] = [
        ['/login', L(lang, 'portal:login.title')],
        ['/help-page', L(lang, 'pages:help.title')],
        ['/cookies', L(lang, 'pages:cookies.title')],
        ['/contact', L(lang, 'pages:contact.title')],
        ['/promo', L(lang, 'pages:promo.title')],
        ['/email-validation', L(lang, 'pages:emailValidation.title')],
        ['/error?message=Test&code=5&product=driver', L(lang, 'pages:error.title')],
        ['/error?code=3', L(lang, 'pages:error.title')],
        ['/driver/offer/1', null],
        ['/hunter/offer/1', null],
        ['/help-page?ref=1', L(lang, 'pages:help.title')],
        ['/cookies?ref=2', L(lang, 'pages:cookies.title')],
      ];
      for (const [path, heading] of PAGES) {
        await navigateInApp(page, path);
        if (heading) await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        else await expect(page.locator('.flow')).toHaveAttribute('data-state', /editing/);
        await page.waitForLoadState('networkidle');
        await expect(page).toHaveTitle(/ – GIC$/);
        await expectNoSideScroll(page, width, `${path} (${lang})`);
        await expectAccessible(page, `${path} (${lang}, ${width} px)`);
      }
      expect(problems).toEqual([]);
    });
  }
