// The route table and navigation guards of the spec (§2, §4) in the browser, against the real
// service: the redirects of a first navigation (a page load), what later in-app navigations may
// reach, and page-not-found with its way back to safety.

import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { acceptNecessaryCookies, expectAccessible, inCi, setLanguage, watchConsole } from './support';

// In CI, one case of each rule (the rules themselves are unit tests: tests/unit/app/guards.test.tsx);
// E2E_FULL=1 walks every case.
const ESSENTIAL = new Set([
  '/',
  '/motor?ref=2',
  '/motor/offer/3?ref=1',
  '/property/offer/2?campaign=autumn',
  '/motor/payment/5?ref=1',
  '/property/send-offer',
  '/error?product=driver&code=5',
  '/register?ref=1',
  '/my-profile',
  '/login',
  '/driver/offer/1',
  '/payment-completion/OF999999-1-ABCDEF',
  '/nowhere',
  '/driver/offer/0',
  '/Driver/offer/1',
  '/hunter/payment',
]);

/** Path and query of the page now, as the visitor's address bar shows them. */
function here(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/** An in-app navigation (the router's history listener), so it is not the first of the page load. */
async function navigateInApp(page: Page, to: string): Promise<void> {
  // The layout is drawn once the router has made (and guarded) the page load's first navigation.
  await page.locator('main#main').waitFor();
  await page.evaluate((path) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

/** The address settles: redirects and the flow's own URL sync are done. */
async function settledAt(page: Page, expected: string): Promise<void> {
  await expect.poll(() => here(page)).toBe(expected);
  await page.waitForLoadState('networkidle');
  expect(here(page)).toBe(expected);
}

const NOT_FOUND = {
  el: {
    title: 'Η σελίδα δεν βρέθηκε',
    back: 'Επιστροφή σε ασφαλές σημείο',
    home: 'Σύνδεση',
  },
  en: { title: 'Page not found', back: 'Back to safety', home: 'Log in' },
} as const;

/** The dashboard needs a login: a logged-out visitor lands on Login, which returns there after. */
const viaLogin = (path: string) => `/login?returnTo=${encodeURIComponent(path)}`;

test.beforeEach(async ({ page }) => {
  await acceptNecessaryCookies(page);
});

test.describe('first navigation of a page load', () => {
  const FLOW_PRODUCTS = ['motor', 'property', 'travel', 'driver', 'hunter'] as const;

  const REDIRECTS: [from: string, to: string][] = [
    // / goes to the dashboard (document 2's start page), keeping the query; logged out, to Login.
    ['/', viaLogin('/my-dashboard')],
    ['/?ref=1', viaLogin('/my-dashboard?ref=1')],
    // /{product} goes to its first offer step.
    ...FLOW_PRODUCTS.map((p): [string, string] => [`/${p}`, `/${p}/offer/1`]),
    ['/motor?ref=2', '/motor/offer/1?ref=2'],
    // An offer step above 1 goes to step 1; only motor keeps the query (its brand rides on it).
    ['/motor/offer/3?ref=1', '/motor/offer/1?ref=1'],
    ['/motor/offer/12?ref=2&campaign=autumn', '/motor/offer/1?ref=2&campaign=autumn'],
    ['/property/offer/2?campaign=autumn', '/property/offer/1'],
    ['/travel/offer/3?ref=1', '/travel/offer/1'],
    ['/driver/offer/2?campaign=autumn', '/driver/offer/1'],
    ['/hunter/offer/3?ref=2', '/hunter/offer/1'],
    // Protected flow routes go to the product's first offer step with the query kept.
    ['/motor/payment/5?ref=1', '/motor/offer/1?ref=1'],
    ['/property/payment/4', '/property/offer/1'],
    ['/travel/payment/4?campaign=summer', '/travel/offer/1?campaign=summer'],
    ['/driver/payment/3?offer=OF100001', '/driver/offer/1?offer=OF100001'],
    ['/hunter/payment/1', '/hunter/offer/1'],
    ['/motor/send-offer?ref=2', '/motor/offer/1?ref=2'],
    ['/property/send-offer', '/property/offer/1'],
    // Protected pages go to their default route, /, and on to the dashboard, with the query kept.
    ['/error?product=driver&code=5', viaLogin('/my-dashboard?product=driver&code=5')],
    ['/contact?product=hunter', viaLogin('/my-dashboard?product=hunter')],
    ['/promo?campaign=autumn', viaLogin('/my-dashboard?campaign=autumn')],
    ['/email-validation', viaLogin('/my-dashboard')],
    // The portal's register and reset wizards cannot be first either: they go to Login.
    ['/register?ref=1', '/login?ref=1'],
    ['/reset-password', '/login'],
    // A login-only page goes to Login, which comes back after.
    ['/my-profile', viaLogin('/my-profile')],
    ['/my-claims', viaLogin('/my-claims')],
  ];

  for (const [from, to] of inCi(REDIRECTS, ([from]) => ESSENTIAL.has(from))) {
    test(`${from} goes to ${to}`, async ({ page }) => {
      const problems = watchConsole(page);
      await page.goto(from);
      await settledAt(page, to);
      await expect(page.locator('main#main')).toBeVisible();
      expect(problems).toEqual([]);
    });
  }

  const OPEN: [path: string, heading: string][] = [
    ['/login', 'Σύνδεση'],
    ['/terms-of-use', 'Όροι χρήσης της πύλης πελατών'],
    ['/driver/offer/1', 'Στοιχεία οδηγού'],
    ['/hunter/offer/1?ref=1', ''],
    ['/cookies', 'Cookies'],
    ['/help-page', 'Βοήθεια'],
    ['/payment-completion/OF999999-1-ABCDEF', 'Το αποτέλεσμα της πληρωμής δεν εμφανίζεται εδώ'],
  ];

  for (const [path, heading] of inCi(OPEN, ([path]) => ESSENTIAL.has(path))) {
    test(`${path} is open to a first navigation`, async ({ page }) => {
      await page.goto(path);
      await settledAt(page, path);
      if (heading) await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      else await expect(page.locator('.flow')).toBeVisible();
    });
  }

  test('a reload is a first navigation again', async ({ page }) => {
    await page.goto('/help-page');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Θέλω να με καλέσετε' }).click();
    await settledAt(page, '/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Θέλω να με καλέσετε' })).toBeVisible();
    await page.reload();
    await settledAt(page, viaLogin('/my-dashboard'));
  });
});

test.describe('silent login', () => {
  test('a visitor who never logged in makes no refresh call; a customer whose tab forgot the session is logged in silently', async ({
    page,
  }) => {
    const refreshes: number[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/zcp/um/refreshtoken')) refreshes.push(r.status());
    });
    await page.goto('/driver/offer/1');
    await page.goto('/help-page');
    expect(refreshes).toEqual([]);

    await page.goto('/login?returnTo=%2Fmy-dashboard');
    await page.getByLabel('Αριθμός κινητού', { exact: true }).fill('99000001');
    await page.getByLabel('Κωδικός πρόσβασης', { exact: true }).fill('Portal!Demo2026');
    await page.getByRole('button', { name: 'Σύνδεση', exact: true }).click();
    await settledAt(page, '/my-dashboard');
    // The tab's own note of the login is gone (storage cleared, a privacy mode): the refresh cookie
    // is still there, and its readable hint says so.
    await page.evaluate(() => localStorage.removeItem('zcp.session'));
    await page.reload();
    await settledAt(page, '/my-dashboard');
    expect(refreshes).toEqual([200]);
  });
});

test.describe('after the first navigation', () => {
  test('the protected pages open from inside the app', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/help-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Βοήθεια' })).toBeVisible();
    const PROTECTED: [string, string][] = [
      ['/contact?product=driver', 'Θέλω να με καλέσετε'],
      ['/promo', 'Προωθητικός κωδικός ή κωδικός αναφοράς'],
      ['/email-validation', 'Επιβεβαίωση email'],
      ['/error?message=Δοκιμή&product=driver', 'Δεν είναι δυνατό να συνεχίσετε online'],
    ];
    for (const [path, heading] of PROTECTED) {
      await navigateInApp(page, path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(path.split('?')[0]);
    }
    expect(problems).toEqual([]);
  });

  test('a flow address ahead of the visitor goes back to where the quote is', async ({ page }) => {
    await page.goto('/driver/offer/1');
    await expect(page.locator('.flow')).toHaveAttribute('data-substep', 'driver__eligibility');
    // Not a first navigation, so the guard lets it through; the flow itself refuses to skip ahead.
    await navigateInApp(page, '/driver/offer/2');
    await settledAt(page, '/driver/offer/1');
    await navigateInApp(page, '/driver/payment/3');
    await settledAt(page, '/driver/offer/1');
    await expect(page.locator('.flow')).toHaveAttribute('data-substep', 'driver__eligibility');
  });

  test('/{product} from the product menu starts the quote', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/help-page');
    await page.getByRole('navigation', { name: 'Προϊόντα' }).getByRole('link', { name: 'Κυνηγός' }).click();
    await settledAt(page, '/hunter/offer/1');
    await expect(page.locator('.flow')).toBeVisible();
  });
});

test.describe('page not found', () => {
  const UNKNOWN = [
    '/nowhere',
    '/driver/offer/abc',
    '/driver/offer/0',
    '/driver/offer/1000',
    '/driver/send-offer',
    '/hunter/payment',
    '/motor/offer/1/extra',
    '/payment-completion',
    '/offer/1',
    // Paths are matched exactly as the spec writes them, by the router and the guards alike.
    '/Driver/offer/1',
    '/Driver/payment/3',
    '/Contact',
  ];

  for (const path of inCi(UNKNOWN, (path) => ESSENTIAL.has(path))) {
    test(`${path} shows page-not-found with a way back to safety`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND.el.title })).toBeVisible();
      // The address stays, so the visitor sees what they typed.
      expect(new URL(page.url()).pathname).toBe(path);
      await page.getByRole('button', { name: NOT_FOUND.el.back }).click();
      await settledAt(page, viaLogin('/my-dashboard'));
      await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND.el.home })).toBeVisible();
    });
  }

  test('an unknown path reached from inside the app, in English', async ({ page }) => {
    await setLanguage(page, 'en');
    await page.goto('/cookies');
    await navigateInApp(page, '/cookies/more');
    await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND.en.title })).toBeVisible();
    await expect(page).toHaveTitle(`${NOT_FOUND.en.title} – GIC`);
    await page.getByRole('button', { name: NOT_FOUND.en.back }).click();
    await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND.en.home })).toBeVisible();
    expect(here(page)).toBe(viaLogin('/my-dashboard'));
  });

  for (const lang of ['el', 'en'] as const)
    for (const width of inCi([390, 1280], (w) => (lang === 'el') === (w === 390))) {
      test(`is accessible and does not scroll sideways (${lang}, ${width} px)`, async ({ page }) => {
        await setLanguage(page, lang);
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/no/such/page');
        await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND[lang].title })).toBeVisible();
        await expect(page).toHaveTitle(`${NOT_FOUND[lang].title} – GIC`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await expectAccessible(page, `page not found (${lang}, ${width} px)`);
      });
    }
});
