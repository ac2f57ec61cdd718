// Route history for the back action (spec §4): a back action returns to the last route, or to
// the dashboard when there is none. Routes flagged skipHistory (the error page, the payment
// return, one-off forms) are never returned to.

import { DASHBOARD_PATH } from '../shell/routeTable';

const MAX_ENTRIES = 50;
let entries: string[] = [];

/** Records a visited route (path with query) unless it is flagged to skip history. */
export function recordRoute(path: string, skipHistory = false): void {
  if (skipHistory || entries[entries.length - 1] === path) return;
  entries.push(path);
  if (entries.length > MAX_ENTRIES) entries = entries.slice(-MAX_ENTRIES);
}

/** Where a back action from `current` goes, consuming that history entry. */
export function takeBackTarget(current: string, fallback = DASHBOARD_PATH): string {
  while (entries.length > 0 && entries[entries.length - 1] === current) entries.pop();
  return entries.pop() ?? fallback;
}

/** The route a back action would go to, without consuming it. */
export function peekBackTarget(current: string, fallback = DASHBOARD_PATH): string {
  for (let i = entries.length - 1; i >= 0; i--) if (entries[i] !== current) return entries[i];
  return fallback;
}

export function clearRouteHistory(): void {
  entries = [];
}
