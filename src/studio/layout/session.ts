// The signed-in staff member as the shell knows them: asked of GET /zcp/studio/session by the root
// route's loader on every navigation (it also counts as activity, keeping the session alive), so a
// session that ended elsewhere (revoked, locked, expired) sends the next navigation to sign-in.

import { type LoaderFunctionArgs, redirect, useRouteLoaderData } from 'react-router';
import { roleAtLeast, type StaffRole, type StaffView, StudioError, sessionApi } from '../api';

export const SHELL_ROUTE_ID = 'studio-shell';
export const SIGNIN_PATH = '/studio/signin';

/** Where the sign-in page sends the staff member afterwards: only a studio path of this site. */
export function safeNext(next: string | null): string {
  if (!next || !/^\/studio([/?#]|$)/.test(next) || next.startsWith(SIGNIN_PATH)) return '/studio';
  return next;
}

export function signInPath(from: URL): string {
  const next = `${from.pathname}${from.search}${from.hash}`;
  return next === '/studio' || next === '/studio/'
    ? SIGNIN_PATH
    : `${SIGNIN_PATH}?next=${encodeURIComponent(next)}`;
}

export interface ShellData {
  staff: StaffView;
}

/** The guard: the session, or a redirect to the sign-in page (other refusals reach the error page). */
export async function shellLoader({ request }: LoaderFunctionArgs): Promise<ShellData | Response> {
  try {
    const session = await sessionApi.session();
    if (session.SIGNED_IN && session.STAFF) return { staff: session.STAFF };
  } catch (error) {
    if (!(error instanceof StudioError) || error.status !== 401) throw error;
  }
  return redirect(signInPath(new URL(request.url)));
}

/** The signed-in staff member (inside the shell's routes). */
export function useStaff(): StaffView {
  const data = useRouteLoaderData(SHELL_ROUTE_ID) as ShellData | undefined;
  if (!data) throw new Error('useStaff outside the studio shell');
  return data.staff;
}

export function useCan(role: StaffRole): boolean {
  return roleAtLeast(useStaff().ROLE, role);
}
