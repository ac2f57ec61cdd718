// The page tries a silent login only when the service's readable companion of the refresh cookie
// is there (plain name over http, `__Host-` over https); any other cookie, or another value, is not it.

import { describe, expect, it } from 'vitest';
import { hasRefreshCookie } from '../../../src/api/session';

describe('hasRefreshCookie', () => {
  it('reads the hint among other cookies, with or without the __Host- prefix', () => {
    expect(hasRefreshCookie('zcp_cookies=all; zcp_rt_hint=1')).toBe(true);
    expect(hasRefreshCookie('__Host-zcp_rt_hint=1; __Host-zcp_csrf=abc')).toBe(true);
  });

  it('is false without it, with another value, or for a look-alike name', () => {
    expect(hasRefreshCookie('')).toBe(false);
    expect(hasRefreshCookie('zcp_cookies=all')).toBe(false);
    expect(hasRefreshCookie('zcp_rt_hint=0')).toBe(false);
    expect(hasRefreshCookie('x_zcp_rt_hint=1; zcp_rt_hint_old=1')).toBe(false);
  });
});
