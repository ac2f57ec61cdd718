// Answers a host wants a new quote to start with (the portal's customer details in a purchase
// started from the portal). Applied once, to a flow's machine created fresh (not restored from
// the visit's snapshot), and only to answers that are still empty: nothing typed is overwritten.

import { isEmptyValue } from '../../engine/conditions';
import type { Quote } from '../../engine/flow/types';
import { getPath, setPath } from '../../engine/paths';

let pending: Record<string, unknown> = {};

/** Values by quote path for the next flows started in this page; {} forgets them. */
export function setFlowPrefill(values: Record<string, unknown>): void {
  pending = { ...values };
}

/** The quote with the prefill written into its empty answers, or null when there is nothing to add. */
export function applyFlowPrefill(quote: Quote): Quote | null {
  let out = quote;
  let changed = false;
  for (const [path, value] of Object.entries(pending)) {
    if (isEmptyValue(value) || !isEmptyValue(getPath(out, path))) continue;
    out = setPath(out, path, value);
    changed = true;
  }
  return changed ? out : null;
}
