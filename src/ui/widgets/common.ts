// Helpers every widget shares: the language, the options list, ARIA wiring, value coercion.

import { descriptionId, errorId, helpId, type WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../engine/money';
import { shownErrorKeys } from '../theme/fieldIssue';
import type { InputIssue } from '../theme/inputIssues';

export interface Choice {
  value: string;
  label: string;
}

/** The UI language: `ui:options.lang` from the FlowRunner, else i18next's. */
export function useWidgetLang(options: WidgetProps['options']): Lang {
  const { i18n } = useTranslation('ui');
  if (options.lang === 'el' || options.lang === 'en') return options.lang;
  return i18n.language?.startsWith('en') ? 'en' : 'el';
}

function toChoice(x: unknown): Choice | null {
  if (typeof x !== 'object' || x === null) return null;
  const { value, label } = x as { value?: unknown; label?: unknown };
  // LOV codes may arrive as numbers; options compare as strings.
  if ((typeof value !== 'string' && typeof value !== 'number') || typeof label !== 'string') return null;
  return { value: String(value), label };
}

/** `ui:options.options` (LOV or flow options, already translated), else the schema's enum. */
export function readChoices(options: WidgetProps['options']): Choice[] {
  if (Array.isArray(options.options))
    return options.options.map(toChoice).filter((c): c is Choice => c !== null);
  return (options.enumOptions ?? []).map((o) => ({ value: String(o.value), label: String(o.label) }));
}

/** A string from the widget's options, or undefined. */
export function optionString(options: WidgetProps['options'], key: string): string | undefined {
  const v = options[key];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

export interface ControlAria {
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * aria-invalid and aria-describedby for a control: only ids of elements that are on the
 * page (the error text when it is shown, the help, the description, and any extra ones).
 */
export function controlAria(
  props: WidgetProps,
  issue: InputIssue | undefined,
  extraIds: string[] = [],
): ControlAria {
  const { id, rawErrors, options, schema } = props;
  const invalid = shownErrorKeys(rawErrors, issue) !== 'none';
  const ids = [
    invalid ? errorId(id) : undefined,
    options.description || schema.description ? descriptionId(id) : undefined,
    options.help ? helpId(id) : undefined,
    ...extraIds,
  ].filter((x): x is string => Boolean(x));
  return {
    ...(invalid ? { 'aria-invalid': true as const } : {}),
    ...(ids.length > 0 ? { 'aria-describedby': ids.join(' ') } : {}),
  };
}

/** Converts an option's string value to the schema's type (integer options are numbers in the quote). */
export function coerceChoice(value: string, schema: WidgetProps['schema']): string | number | boolean {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'integer' || type === 'number') {
    const n = Number(value);
    return Number.isFinite(n) ? n : value;
  }
  if (type === 'boolean') return value === 'true';
  return value;
}

/** The string an option compares against for a stored value. */
export function choiceKey(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return String(value);
}

export function joinClasses(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
