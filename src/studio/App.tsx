// The studio's root: the data router, and the 401 rule (a call that finds the session over sends
// the staff member to sign in, coming back to where they were).

import { useEffect } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { onSignedOut } from './api';
import { signInPath } from './layout/session';
import { studioRoutes } from './routes';

export function createStudioRouter() {
  return createBrowserRouter(studioRoutes);
}

export function App({ router }: { router: ReturnType<typeof createStudioRouter> }) {
  useEffect(() => {
    onSignedOut(() => {
      if (!window.location.pathname.startsWith('/studio/signin'))
        void router.navigate(signInPath(new URL(window.location.href)), { replace: true });
    });
    return () => onSignedOut(null);
  }, [router]);
  return <RouterProvider router={router} />;
}
