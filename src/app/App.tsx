// The app: the router, and the app-wide answers to HTTP 400/418 (error page) and 401 (logout).

import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { registerZcpHandlers } from '../api/client';
import type { ZcpError } from '../api/errors';
import { setLoggedIn } from '../api/session';
import { LOGIN_PATH, productOfPath } from '../shell/routeTable';
import { type AppRouter, createAppRouter } from './router';
import { errorPagePath, setAppError } from './state/errorState';

/** What the app does with a 400/418 answer: the error page, with the status text as the message. */
export function showHttpError(router: AppRouter, error: ZcpError): void {
  const { pathname, search } = router.state.location;
  const appError = {
    message: error.firstMessage || error.statusText || `HTTP ${error.status}`,
    product: productOfPath(pathname) ?? undefined,
  };
  setAppError(appError);
  void router.navigate(errorPagePath(appError, search));
}

/**
 * What the app does with a 401 while logged in that a silent refresh could not cure: forget the
 * session and go to Login, which brings the customer back here after logging in again.
 */
export function logoutToLogin(router: AppRouter): void {
  setLoggedIn(false);
  const { pathname, search } = router.state.location;
  const back = pathname === LOGIN_PATH ? '' : `?returnTo=${encodeURIComponent(`${pathname}${search}`)}`;
  void router.navigate(`${LOGIN_PATH}${back}`, { replace: true });
}

export function App({ router: given }: { router?: AppRouter }) {
  const [router] = useState(() => given ?? createAppRouter());
  useEffect(
    () =>
      registerZcpHandlers({
        onErrorPage: (error) => showHttpError(router, error),
        onUnauthorized: () => logoutToLogin(router),
      }),
    [router],
  );
  return <RouterProvider router={router} />;
}
