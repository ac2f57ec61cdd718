// The server's second look at a quote before it becomes an offer: every visible field of the
// flow (required-by-flag, types, dates, lists of values, field rules), as the browser checked it.

import { fieldLabelKey } from '../../engine/flow/expand';
import type { Field, Flow, Quote } from '../../engine/flow/types';
import { callNameForPath, type FieldError, validateFlowData } from '../../engine/flow/validate';
import { getPath } from '../../engine/paths';
import { ApiError, type PendingMessage } from '../platform/errors';
import { hasKey, type Lang, t } from '../platform/i18n';
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

function findField(flow: Flow, id: string): Field | undefined {
  for (const step of flow.steps) {
    for (const sub of step.substeps) {
      const field = sub.fields?.find((f) => f.id === id);
      if (field) return field;
    }
  }
  return undefined;
}

/** "Label: message" when the field's label has a text, else the message alone. */
export function fieldErrorMessage(product: Product, error: FieldError, lang: Lang): PendingMessage {
  const message = t(lang, error.key, error.params);
  const parent = findField(product.flow, error.fieldId);
  const item = error.item;
  const field = item ? parent?.items?.find((f) => f.id === item.fieldId) : parent;
  const labelKey = field ? fieldLabelKey(product.flow, field) : undefined;
  const label = labelKey && hasKey(lang, labelKey) ? t(lang, labelKey) : '';
  return { text: label ? `${label}: ${message}` : message, field: error.path };
}

/** Throws 422 with every field error (first one shown) when the quote fails the flow's checks. */
export function checkFlowData(
  product: Product,
  quote: Quote,
  options: { today: string; lang: Lang; variant?: string; callPath: string },
): void {
  const errors = validateFlowData(
    product.flow,
    quote,
    {
      today: options.today,
      vars: { today: options.today, variant: options.variant },
      lovHas: lovChecker(product),
    },
    { upToCall: callNameForPath(product.flow, options.callPath) },
  );
  if (errors.length > 0) {
    throw new ApiError(
      422,
      errors.slice(0, 20).map((e) => fieldErrorMessage(product, e, options.lang)),
      { CODE: 'INVALID_DATA' },
    );
  }
}
