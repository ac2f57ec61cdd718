// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZcpError } from '../../../src/api/errors';
import { isLoggedIn, setLoggedIn } from '../../../src/api/session';
import * as zcp from '../../../src/api/zcp';
import { logoutToLogin, showHttpError } from '../../../src/app/App';
import { appRoutes } from '../../../src/app/router';
import { COOKIE_CONSENT_KEY, getCookieConsent } from '../../../src/app/state/cookieConsent';
import { clearAppError, getAppError } from '../../../src/app/state/errorState';
import { i18next, initI18n } from '../../../src/i18n';
import { resetNavigationState } from '../../../src/shell/guards';

vi.mock('../../../src/ui/FlowPage', () => {
  const FlowPage = (p: { flowId: string; section: string; step: number }) => (
    <h1>{`flow ${p.flowId} ${p.section} ${p.step}`}</h1>
  );
  return { FlowPage, default: FlowPage };
});

vi.mock('../../../src/api/zcp', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/zcp')>()),
  getCookieTexts: vi.fn(),
}));

const getCookieTexts = vi.mocked(zcp.getCookieTexts);

function start(entry: string) {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [entry] });
  render(<RouterProvider router={router} />);
  return router;
}

const where = (router: ReturnType<typeof start>) =>
  `${router.state.location.pathname}${router.state.location.search}`;

beforeAll(async () => {
  localStorage.setItem('lang', 'en');
  await initI18n();
  await i18next.loadNamespaces(['common', 'pages', 'validation']);
});

beforeEach(() => {
  resetNavigationState();
  clearAppError();
  sessionStorage.clear();
  localStorage.setItem(COOKIE_CONSENT_KEY, '');
  getCookieTexts.mockReset();
  getCookieTexts.mockResolvedValue({
    ET_TEXTS: [
      { TEXT_NAME: 'BANNER_TITLE', TEXT: 'Your privacy' },
      { TEXT_NAME: 'BANNER_TEXT', TEXT: 'We use cookies that are necessary for this website to work.' },
    ],
  });
});

afterEach(cleanup);

describe('routes and guards in the router', () => {
  it('redirects a first visit to a protected route to / and on to the dashboard, keeping the query', async () => {
    const router = start('/contact?ref=1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The customer portal is coming soon' }),
    ).toBeTruthy();
    expect(where(router)).toBe('/my-dashboard?ref=1');
    expect(document.documentElement.dataset.theme).toBe('brand1');
  });

  it('sends a first visit to motor step 3 to step 1 with the query, then lets later navigations through', async () => {
    const router = start('/motor/offer/3?ref=2');
    expect(await screen.findByRole('heading', { name: 'flow motor offer 1' })).toBeTruthy();
    expect(where(router)).toBe('/motor/offer/1?ref=2');
    await act(() => router.navigate('/motor/payment/5'));
    expect(await screen.findByRole('heading', { name: 'flow motor payment 5' })).toBeTruthy();
    await act(() => router.navigate('/property/send-offer'));
    expect(await screen.findByRole('heading', { name: 'flow property send-offer 1' })).toBeTruthy();
    await act(() => router.navigate('/promo'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Promo or reference code' })).toBeTruthy();
  });

  it('redirects /{product} to its first offer step', async () => {
    const router = start('/hunter');
    expect(await screen.findByRole('heading', { name: 'flow hunter offer 1' })).toBeTruthy();
    expect(where(router)).toBe('/hunter/offer/1');
  });

  it('shows page-not-found for unknown paths and non-numeric steps, with a way back to safety', async () => {
    const router = start('/travel/offer/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    await act(() => router.navigate('/no/such/page'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Back to safety' })));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The customer portal is coming soon' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/my-dashboard');
  });

  it('shows the top bar, the call centre and the cookie banner', async () => {
    start('/help-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Help' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Products' });
    expect(nav.textContent).toContain('Motor');
    expect(screen.getAllByRole('link', { name: '8000 8787' })[0].getAttribute('href')).toBe(
      'tel:+35780008787',
    );
    expect(screen.getAllByText('Monday–Thursday 07:30–14:30, Friday 07:30–14:00').length).toBeGreaterThan(0);
    expect(await screen.findByRole('heading', { name: 'Your privacy' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Necessary only' })));
    expect(screen.queryByRole('heading', { name: 'Your privacy' })).toBeNull();
    expect(getCookieConsent()).toMatchObject({ necessary: true, preferences: false, analytics: false });
  });

  it('takes a 400/418 answer to the error page with the status text', async () => {
    const router = start('/travel/offer/1');
    expect(await screen.findByRole('heading', { name: 'flow travel offer 1' })).toBeTruthy();
    await act(async () => showHttpError(router, new ZcpError(418, "I'm a teapot")));
    expect(await screen.findByRole('heading', { level: 1, name: 'You cannot continue online' })).toBeTruthy();
    expect(screen.getByText("I'm a teapot")).toBeTruthy();
    expect(router.state.location.pathname).toBe('/error');
    expect(getAppError()).toEqual({ message: "I'm a teapot", product: 'travel' });
  });

  it('logs out and goes to /login on a 401 while logged in', async () => {
    const router = start('/help-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Help' })).toBeTruthy();
    setLoggedIn(true);
    await act(async () => logoutToLogin(router));
    expect(isLoggedIn()).toBe(false);
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?returnTo=%2Fhelp-page');
  });

  it('takes the portal routes before page-not-found', async () => {
    const router = createMemoryRouter(
      appRoutes({ extraRoutes: [{ path: 'login', element: <h1>Login</h1> }] }),
      { initialEntries: ['/login'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
  });
});
