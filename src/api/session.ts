// The stored access token. It lives in sessionStorage under `zcp.token`: it is sent as
// `Authorization: Bearer …` on every call, survives a reload (the language switch reloads), and
// dies with the tab, so a shared computer does not keep a customer logged in after the browser
// closes. The refresh token is the service's business (an HttpOnly cookie), never script-readable.

export const TOKEN_KEY = 'zcp.token';

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Storage can throw when the browser blocks it (privacy modes, sandboxed frames).
    return null;
  }
}

export function getAccessToken(): string | null {
  return storage()?.getItem(TOKEN_KEY) || null;
}

export function setAccessToken(token: string | null): void {
  const s = storage();
  if (!s) return;
  if (token) s.setItem(TOKEN_KEY, token);
  else s.removeItem(TOKEN_KEY);
}

/** Logged in, as far as the client can tell: a token is stored. The portal validates it on navigation. */
export function isLoggedIn(): boolean {
  return getAccessToken() !== null;
}
