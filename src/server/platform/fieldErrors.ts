// A flow field's error as the service words it: "Label: message" in the caller's language, the
// label being the flow's own for that field (quotations and portal wizards alike).

import { fieldLabelKey } from '../../engine/flow/expand';
import type { Field, Flow } from '../../engine/flow/types';
import type { FieldError } from '../../engine/flow/validate';
import type { PendingMessage } from './errors';
import { hasKey, type Lang, t } from './i18n';

export function findField(flow: Flow, id: string): Field | undefined {
  for (const step of flow.steps) {
    for (const sub of step.substeps) {
      const field = sub.fields?.find((f) => f.id === id);
      if (field) return field;
    }
  }
  return undefined;
}

/** "Label: message" when the field's label has a text, else the message alone. */
export function fieldErrorMessage(flow: Flow, error: FieldError, lang: Lang): PendingMessage {
  const message = t(lang, error.key, error.params);
  const parent = findField(flow, error.fieldId);
  const item = error.item;
  const field = item ? parent?.items?.find((f) => f.id === item.fieldId) : parent;
  const labelKey = field ? fieldLabelKey(flow, field) : undefined;
  const label = labelKey && hasKey(lang, labelKey) ? t(lang, labelKey) : '';
  return { text: label ? `${label}: ${message}` : message, field: error.path };
}
