import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearRouteHistory,
  peekBackTarget,
  recordRoute,
  takeBackTarget,
} from '../../../src/app/routeHistory';
import {
  addProtectedRoutes,
  firstNavigationRedirect,
  guardNavigation,
  isFirstNavigation,
  resetNavigationState,
  setNavigationHook,
} from '../../../src/shell/guards';

const at = (url: string) => {
  const u = new URL(url, 'https://example.cy');
  return { pathname: u.pathname, search: u.search };
};

describe('first navigation to a protected route', () => {
  it('sends payment to the product offer step 1, keeping the query', () => {
    expect(firstNavigationRedirect(at('/motor/payment/5?ref=1&x=2'))).toBe('/motor/offer/1?ref=1&x=2');
    expect(firstNavigationRedirect(at('/travel/payment/4?promo=A'))).toBe('/travel/offer/1?promo=A');
    expect(firstNavigationRedirect(at('/hunter/payment/3'))).toBe('/hunter/offer/1');
  });

  it('sends send-offer to offer step 1 for motor and property, keeping the query', () => {
    expect(firstNavigationRedirect(at('/motor/send-offer?ref=2'))).toBe('/motor/offer/1?ref=2');
    expect(firstNavigationRedirect(at('/property/send-offer'))).toBe('/property/offer/1');
  });

  it('leaves a send-offer path of another product alone (it is not a route)', () => {
    expect(firstNavigationRedirect(at('/travel/send-offer'))).toBeNull();
  });

  it('sends error, contact, promo and email-validation to / with the query', () => {
    expect(firstNavigationRedirect(at('/error?product=motor&ref=1'))).toBe('/?product=motor&ref=1');
    expect(firstNavigationRedirect(at('/contact'))).toBe('/');
    expect(firstNavigationRedirect(at('/promo?returnTo=%2Fmotor%2Foffer%2F2'))).toBe(
      '/?returnTo=%2Fmotor%2Foffer%2F2',
    );
    expect(firstNavigationRedirect(at('/email-validation/'))).toBe('/');
  });

  it('lets open routes through', () => {
    for (const path of [
      '/',
      '/cookies',
      '/help-page',
      '/payment-completion/ORD-1',
      '/motor',
      '/motor/offer/1?ref=1',
    ]) {
      expect(firstNavigationRedirect(at(path))).toBeNull();
    }
  });

  it('ignores paths of unknown products', () => {
    expect(firstNavigationRedirect(at('/boat/payment/2'))).toBeNull();
    expect(firstNavigationRedirect(at('/boat/offer/3'))).toBeNull();
  });
});

describe('first navigation to an offer step above 1', () => {
  it('goes to step 1 and keeps the query for motor', () => {
    expect(firstNavigationRedirect(at('/motor/offer/3?ref=1'))).toBe('/motor/offer/1?ref=1');
  });

  it('goes to step 1 and drops the query for the other products', () => {
    expect(firstNavigationRedirect(at('/property/offer/2?ref=1'))).toBe('/property/offer/1');
    expect(firstNavigationRedirect(at('/travel/offer/3?a=b'))).toBe('/travel/offer/1');
    expect(firstNavigationRedirect(at('/driver/offer/2'))).toBe('/driver/offer/1');
    expect(firstNavigationRedirect(at('/cyber/offer/2?x=1'))).toBe('/cyber/offer/1');
  });

  it('leaves step 1 and non-numeric steps alone (the latter is page-not-found)', () => {
    expect(firstNavigationRedirect(at('/travel/offer/1?a=b'))).toBeNull();
    expect(firstNavigationRedirect(at('/travel/offer/two'))).toBeNull();
    expect(firstNavigationRedirect(at('/travel/offer/0'))).toBeNull();
  });
});

describe('guardNavigation', () => {
  beforeEach(() => {
    resetNavigationState();
    setNavigationHook(null);
  });

  it('applies the first-navigation rules only to the first navigation', async () => {
    expect(isFirstNavigation()).toBe(true);
    await expect(guardNavigation(at('/motor/payment/5?ref=1'))).resolves.toBe('/motor/offer/1?ref=1');
    // The redirect target is still the first navigation, and it is allowed.
    expect(isFirstNavigation()).toBe(true);
    await expect(guardNavigation(at('/motor/offer/1?ref=1'))).resolves.toBeNull();
    expect(isFirstNavigation()).toBe(false);
    await expect(guardNavigation(at('/motor/payment/5?ref=1'))).resolves.toBeNull();
    await expect(guardNavigation(at('/contact'))).resolves.toBeNull();
    await expect(guardNavigation(at('/travel/offer/3'))).resolves.toBeNull();
  });

  it('calls the navigation hook on every navigation and follows its redirect', async () => {
    const hook = vi.fn((target: { pathname: string }, ctx: { first: boolean }) =>
      target.pathname.startsWith('/my-') && !ctx.first ? '/login' : null,
    );
    const remove = setNavigationHook(hook);
    await expect(guardNavigation(at('/my-dashboard'))).resolves.toBeNull();
    await expect(guardNavigation(at('/my-contracts'))).resolves.toBe('/login');
    await expect(guardNavigation(at('/help-page'))).resolves.toBeNull();
    expect(hook).toHaveBeenCalledTimes(3);
    expect(hook.mock.calls[0][1]).toEqual({ first: true });
    expect(hook.mock.calls[1][1]).toEqual({ first: false });
    remove();
    await expect(guardNavigation(at('/my-contracts'))).resolves.toBeNull();
  });

  it('does not run the hook when the first-navigation rule already redirects', async () => {
    const hook = vi.fn(() => null);
    setNavigationHook(hook);
    await guardNavigation(at('/promo'));
    expect(hook).not.toHaveBeenCalled();
  });

  it('accepts protected routes added later (the portal)', async () => {
    addProtectedRoutes([
      { pattern: '/my-contract/:id/endorsements', defaultRoute: (p, s) => `/my-contract/${p.id}${s}` },
    ]);
    expect(firstNavigationRedirect(at('/my-contract/C1/endorsements?a=1'))).toBe('/my-contract/C1?a=1');
  });
});

describe('route history', () => {
  beforeEach(() => clearRouteHistory());

  it('returns to the last route, skipping flagged ones, else the dashboard', () => {
    expect(takeBackTarget('/help-page')).toBe('/my-dashboard');
    recordRoute('/motor/offer/1');
    recordRoute('/motor/offer/2');
    recordRoute('/error?message=x', true);
    expect(peekBackTarget('/error?message=x')).toBe('/motor/offer/2');
    expect(takeBackTarget('/error?message=x')).toBe('/motor/offer/2');
    expect(takeBackTarget('/motor/offer/2')).toBe('/motor/offer/1');
    expect(takeBackTarget('/motor/offer/1')).toBe('/my-dashboard');
  });

  it('does not return to the route the visitor is on', () => {
    recordRoute('/cookies');
    recordRoute('/help-page');
    expect(takeBackTarget('/help-page')).toBe('/cookies');
    expect(takeBackTarget('/x', '/')).toBe('/');
  });
});
