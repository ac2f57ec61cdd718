// The portal's half of the navigation guard (spec §2): validate a believed session, try a silent
// login otherwise (once per page load), send login-only routes to Login and back, and keep
// logged-in customers off Login, register and reset.

import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({
  session: null as unknown,
  refresh: null as unknown,
  sessionCalls: 0,
  refreshCalls: 0,
}));

vi.mock('../../../src/api/portal', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/portal')>()),
  getSession: async () => {
    api.sessionCalls++;
    if (!api.session) throw Object.assign(new Error('401'), { status: 401 });
    return api.session;
  },
}));
const cookie = vi.hoisted(() => ({ refreshHint: true }));
vi.mock('../../../src/api/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/session')>()),
  hasRefreshCookie: () => cookie.refreshHint,
}));
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  refreshSession: async () => {
    api.refreshCalls++;
    return api.refresh;
  },
}));

const { installPortalGuard, portalNavigationHook, resetSilentLogin } = await import(
  '../../../src/portal/guard'
);
const { firstNavigationRedirect } = await import('../../../src/shell/guards');
const { clearSession, currentSession, startSession } = await import('../../../src/portal/state/session');
const { afterLoginPath, safeReturnTo } = await import('../../../src/portal/routePaths');
const { isLoggedIn } = await import('../../../src/api/session');

const SESSION = { LOGGED_IN: true, CUSTOMER_NO: '900001', USER_ID: 'U900001', CONTACT_ID: '790001' };
const at = (pathname: string, search = '') => ({ pathname, search });

beforeEach(() => {
  clearSession();
  resetSilentLogin();
  api.session = null;
  api.refresh = null;
  api.sessionCalls = 0;
  api.refreshCalls = 0;
  cookie.refreshHint = true;
});

describe('portal navigation guard', () => {
  it('sends a login-only route to Login with the way back, after one silent login that failed', async () => {
    await expect(portalNavigationHook(at('/my-profile', '?tab=1'), { first: true })).resolves.toBe(
      '/login?returnTo=%2Fmy-profile%3Ftab%3D1',
    );
    expect(api.refreshCalls).toBe(1);
    // Login itself goes through, and the failed silent login is not tried again.
    await expect(
      portalNavigationHook(at('/login', '?returnTo=%2Fmy-profile'), { first: true }),
    ).resolves.toBeNull();
    await expect(portalNavigationHook(at('/my-claims'), { first: false })).resolves.toBe(
      '/login?returnTo=%2Fmy-claims',
    );
    await expect(portalNavigationHook(at('/my-claims/CL2026000101'), { first: false })).resolves.toBe(
      '/login?returnTo=%2Fmy-claims%2FCL2026000101',
    );
    expect(api.refreshCalls).toBe(1);
  });

  it('a silent login with the refresh cookie lets a login-only route through', async () => {
    api.refresh = SESSION;
    await expect(portalNavigationHook(at('/my-dashboard'), { first: true })).resolves.toBeNull();
    expect(currentSession()).toMatchObject({ CUSTOMER_NO: '900001' });
    expect(isLoggedIn()).toBe(true);
  });

  it('validates a believed session on every navigation, and logs out when the service says it is over', async () => {
    startSession(SESSION as never);
    api.session = SESSION;
    await expect(portalNavigationHook(at('/my-contracts'), { first: false })).resolves.toBeNull();
    await expect(portalNavigationHook(at('/help-page'), { first: false })).resolves.toBeNull();
    expect(api.sessionCalls).toBe(2);
    api.session = null;
    await expect(portalNavigationHook(at('/my-offers'), { first: false })).resolves.toBe(
      '/login?returnTo=%2Fmy-offers',
    );
    expect(currentSession()).toBeNull();
    expect(isLoggedIn()).toBe(false);
  });

  it('keeps a logged-in customer off Login, register and reset: the default route, or where Login was to return', async () => {
    startSession(SESSION as never);
    api.session = SESSION;
    await expect(portalNavigationHook(at('/login'), { first: false })).resolves.toBe('/my-dashboard');
    await expect(portalNavigationHook(at('/register'), { first: false })).resolves.toBe('/my-dashboard');
    await expect(
      portalNavigationHook(at('/login', '?returnTo=%2Fmy-claims'), { first: false }),
    ).resolves.toBe('/my-claims');
  });

  it('a browser without the refresh cookie (its readable hint) tries no silent login at all', async () => {
    cookie.refreshHint = false;
    await expect(portalNavigationHook(at('/driver/offer/1'), { first: true })).resolves.toBeNull();
    await expect(portalNavigationHook(at('/my-dashboard'), { first: false })).resolves.toBe(
      '/login?returnTo=%2Fmy-dashboard',
    );
    expect(api.refreshCalls).toBe(0);
  });

  it('public pages need no login and cost a logged-out visitor no call after the first navigation', async () => {
    await expect(portalNavigationHook(at('/driver/offer/1'), { first: true })).resolves.toBeNull();
    await expect(portalNavigationHook(at('/help-page'), { first: false })).resolves.toBeNull();
    expect(api.refreshCalls).toBe(1);
    expect(api.sessionCalls).toBe(0);
  });
});

describe('return paths', () => {
  it('sends a first navigation to the endorsements back to the contract, query kept; later ones go ahead', () => {
    installPortalGuard();
    expect(firstNavigationRedirect(at('/my-contract/CY9000102/endorsements', '?change=CONTENTS'))).toBe(
      '/my-contract/CY9000102?change=CONTENTS',
    );
    expect(firstNavigationRedirect(at('/my-contract/CY9000102'))).toBeNull();
  });

  it('sends a first navigation to a later step of a claim wizard to its step 1 (spec §2: protected, numeric step)', () => {
    installPortalGuard();
    expect(firstNavigationRedirect(at('/motor-claim/4', '?from=dashboard'))).toBe(
      '/motor-claim/1?from=dashboard',
    );
    expect(firstNavigationRedirect(at('/motor-claim/x'))).toBe('/motor-claim/1');
    expect(firstNavigationRedirect(at('/property-claim/CY9000102/3'))).toBe('/property-claim/CY9000102/1');
    expect(firstNavigationRedirect(at('/motor-claim/1'))).toBeNull();
    expect(firstNavigationRedirect(at('/property-claim/CY9000102/1'))).toBeNull();
  });

  it('accepts in-app paths only', () => {
    expect(safeReturnTo('/my-claims?page=2')).toBe('/my-claims?page=2');
    expect(safeReturnTo('//evil.example/x')).toBeNull();
    expect(safeReturnTo('https://evil.example/')).toBeNull();
    expect(safeReturnTo('/\\evil.example')).toBeNull();
    expect(safeReturnTo('/login')).toBeNull();
    expect(afterLoginPath('?returnTo=https%3A%2F%2Fevil.example')).toBe('/my-dashboard');
  });
});
