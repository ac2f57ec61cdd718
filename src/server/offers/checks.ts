// The server's second look at a quote before it becomes an offer: every visible field of the
// flow (required-by-flag, types, dates, lists of values, field rules), as the browser checked it.

import type { Quote } from '../../engine/flow/types';
import { callNameForPath, validateFlowData } from '../../engine/flow/validate';
import { getPath } from '../../engine/paths';
import { ApiError } from '../platform/errors';
import { fieldErrorMessage } from '../platform/fieldErrors';
import type { Lang } from '../platform/i18n';
import { lovHasValue } from '../reference';
import type { Product } from './catalog';

/** Membership of a code in a list of values, with the list's dependencies read from the quote. */
function lovChecker(product: Product) {
  return (lov: string, value: string, quote: Quote): boolean => {
    const binding = product.flow.lovs?.find((l) => (l.as ?? l.name) === lov);
    const deps: Record<string, string> = {};
    for (const dep of binding?.dependsOn ?? []) {
      const v = getPath(quote, dep.path);
      if (typeof v === 'string' || typeof v === 'number') deps[dep.key] = String(v);
    }
    return lovHasValue(binding?.name ?? lov, value, Object.keys(deps).length > 0 ? deps : undefined);
  };
}

/** Throws 422 with every field error (first one shown) when the quote fails the flow's checks. */
export function checkFlowData(
  product: Product,
  quote: Quote,
  options: {
    today: string;
    lang: Lang;
    variant?: string;
    callPath: string;
    /** Paths the service set itself (a renewal's start date), not checked against the field's bounds. */
    serviceDecided?: string[];
  },
): void {
  const all = validateFlowData(
    product.flow,
    quote,
    {
      today: options.today,
      vars: { today: options.today, variant: options.variant },
      lovHas: lovChecker(product),
    },
    { upToCall: callNameForPath(product.flow, options.callPath) },
  );
  const errors = all.filter((e) => !options.serviceDecided?.includes(e.path));
  if (errors.length > 0) {
    throw new ApiError(
      422,
      errors.slice(0, 20).map((e) => fieldErrorMessage(product.flow, e, options.lang)),
      { CODE: 'INVALID_DATA' },
    );
  }
}
