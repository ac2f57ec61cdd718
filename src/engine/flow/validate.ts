// Validation of a substep (and of a whole flow): required-by-flag, the field's schema keywords,
// date bounds, item counts and the field rules. The browser, the server and the CLI all call this,
// so a rule checked for speed in the browser is the same rule the server enforces.

import { type ConditionContext, evaluateCondition, isEmptyValue } from '../conditions';
import { resolveDateExpr } from '../dates';
import { getAll, getPath } from '../paths';
import { fieldRules } from '../rules/fieldRules';
import type { Field, Flow, OptionsFrom, Quote, RuleRef, Substep } from './types';

export interface FieldError {
  /** Full quote path of the value ("CT_GUNS.0.COST"). */
  path: string;
  /** The field's id, and for items the item index and the item field's id. */
  fieldId: string;
  item?: { index: number; fieldId: string };
  /** i18n key (namespace:key) and interpolation values. */
  key: string;
  params: Record<string, unknown>;
}

export interface ValidationContext {
  today: string;
  /** Run context for "$" paths in conditions (variant, area …). */
  vars?: ConditionContext;
  /** Membership of a code in a list of values; absent: not checked (the server checks it). */
  lovHas?: (lov: string, value: string, quote: Quote) => boolean;
  /** Skip JSON Schema keywords (the browser's precompiled validator already reports them). */
  skipSchemaKeywords?: boolean;
}

export function isVisible(field: Field, quote: Quote, ctx: ValidationContext): boolean {
  return evaluateCondition(field.visibleIf, quote, ctx.vars);
}

export function isDisabled(field: Field, quote: Quote, ctx: ValidationContext): boolean {
  return field.disabledIf ? evaluateCondition(field.disabledIf, quote, ctx.vars) : false;
}

export function isRequired(field: Field, quote: Quote, ctx: ValidationContext): boolean {
  if (field.required === undefined || field.required === false) return false;
  if (field.required === true) return true;
  return evaluateCondition(field.required, quote, ctx.vars);
}

/** The options a field reads from a list in the quote (`optionsFrom`): entries with a value, in list order. */
export function quoteListOptions(spec: OptionsFrom, quote: Quote): { value: string; label: unknown }[] {
  const list = getPath(quote, spec.path);
  if (!Array.isArray(list)) return [];
  const wanted = spec.where ? getPath(quote, spec.where.path) : undefined;
  const seen = new Set<string>();
  return list.flatMap((entry) => {
    const value = getPath(entry, spec.value);
    if (typeof value !== 'string' && typeof value !== 'number') return [];
    if (spec.where && String(getPath(entry, spec.where.key) ?? '') !== String(wanted ?? '')) return [];
    if (spec.unique && seen.has(String(value))) return [];
    seen.add(String(value));
    return [{ value: String(value), label: getPath(entry, spec.label) }];
  });
}

/** A rule's parameters with `{ "ref": path }` read from the quote. */
export function resolveParams(rule: RuleRef, quote: Quote): unknown[] {
  return (rule.params ?? []).flatMap((p) => {
    if (p && typeof p === 'object' && 'ref' in p) {
      const ref = (p as { ref: string }).ref;
      return ref.includes('*') ? [getAll(quote, ref)] : [getPath(quote, ref)];
    }
    return [p];
  });
}

function schemaKeywordError(
  field: Field,
  value: unknown,
): { key: string; params: Record<string, unknown> } | null {
  if (field.type === 'integer' || field.type === 'number') {
    const n = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(n)) return { key: 'validation:number', params: {} };
    if (field.type === 'integer' && !Number.isInteger(n)) return { key: 'validation:integer', params: {} };
    const s = field.schema ?? {};
    if (typeof s.minimum === 'number' && n < s.minimum)
      return { key: 'validation:minimum', params: { p0: s.minimum } };
    if (typeof s.maximum === 'number' && n > s.maximum)
      return { key: 'validation:maximum', params: { p0: s.maximum } };
    return null;
  }
  if (field.type === 'string') {
    if (typeof value !== 'string') return { key: 'validation:text', params: {} };
    const s = field.schema ?? {};
    if (typeof s.maxLength === 'number' && value.length > s.maxLength) {
      return { key: 'validation:max_length', params: { p0: s.maxLength } };
    }
    if (typeof s.minLength === 'number' && value.length < s.minLength) {
      return { key: 'validation:min_length', params: { p0: s.minLength } };
    }
    if (typeof s.pattern === 'string' && !new RegExp(s.pattern, 'u').test(value)) {
      return { key: 'validation:pattern', params: {} };
    }
  }
  if (field.type === 'boolean' && typeof value !== 'boolean')
    return { key: 'validation:boolean', params: {} };
  return null;
}

function validateField(
  field: Field,
  fullPath: string,
  value: unknown,
  quote: Quote,
  ctx: ValidationContext,
  push: (path: string, key: string, params: Record<string, unknown>) => void,
): void {
  if (!isVisible(field, quote, ctx) || isDisabled(field, quote, ctx)) return;
  if (field.photos) {
    // Slots the flow requires are checked even when none is filled yet (an empty list).
    const list = Array.isArray(value) ? value : [];
    const missing = field.photos.slots.filter((s) => s.required && !list.includes(s.id));
    if (missing.length > 0) push(fullPath, 'validation:photos_missing', { p0: missing.length });
    if (list.some((id) => !field.photos?.slots.some((s) => s.id === id)))
      push(fullPath, 'validation:not_in_list', {});
    if (missing.length > 0) return;
  }
  // A text of spaces alone answers nothing: a required name of "   " is missing, in the browser and
  // in the service alike (the claim's driver, the holder's name).
  const empty =
    isEmptyValue(value) ||
    (typeof value === 'string' && value.trim() === '') ||
    (field.type === 'boolean' && value !== true && field.widget === 'checkbox');
  if (empty) {
    if (isRequired(field, quote, ctx)) {
      push(fullPath, field.type === 'boolean' ? 'validation:must_accept' : 'validation:required', {});
    }
    return;
  }
  if (field.type === 'array') {
    const list = Array.isArray(value) ? value : [];
    if (!Array.isArray(value)) push(fullPath, 'validation:list', {});
    if (field.minItems !== undefined && list.length < field.minItems) {
      push(fullPath, 'validation:min_items', { p0: field.minItems });
    }
    if (field.maxItems !== undefined && list.length > field.maxItems) {
      push(fullPath, 'validation:max_items', { p0: field.maxItems });
    }
    list.forEach((item, index) => {
      for (const sub of field.items ?? []) {
        validateField(sub, `${fullPath}.${index}.${sub.path}`, getPath(item, sub.path), quote, ctx, push);
      }
    });
  } else if (!ctx.skipSchemaKeywords) {
    const error = schemaKeywordError(field, value);
    if (error) {
      push(fullPath, error.key, error.params);
      return;
    }
  }
  if (field.date && typeof value === 'string') {
    const min = field.date.min ? resolveDateExpr(field.date.min, ctx.today) : undefined;
    const max = field.date.max ? resolveDateExpr(field.date.max, ctx.today) : undefined;
    const result = fieldRules.date_range(value, min, max, ctx.today);
    if (result !== true) {
      push(fullPath, result, { p0: min, p1: max });
      return;
    }
  }
  if (field.lov && typeof value === 'string' && field.lovExclude?.includes(value)) {
    push(fullPath, 'validation:not_in_list', {});
    return;
  }
  if (field.lov && ctx.lovHas && typeof value === 'string' && !ctx.lovHas(field.lov, value, quote)) {
    push(fullPath, 'validation:not_in_list', {});
    return;
  }
  if (field.options && !field.options.some((o) => o.value === String(value))) {
    push(fullPath, 'validation:not_in_list', {});
    return;
  }
  // A list not loaded (yet) cannot be checked against; rating ignores a choice it does not offer.
  if (field.optionsFrom) {
    const listed = quoteListOptions(field.optionsFrom, quote);
    if (listed.length > 0 && !listed.some((o) => o.value === String(value))) {
      push(fullPath, 'validation:not_in_list', {});
      return;
    }
  }
  for (const rule of field.rules ?? []) {
    if (rule.when && !evaluateCondition(rule.when, quote, ctx.vars)) continue;
    const fn = fieldRules[rule.rule];
    if (!fn) throw new Error(`Unknown field rule "${rule.rule}" on field ${field.id}`);
    const params = resolveParams(rule, quote);
    const result = fn(value, ...params);
    if (result !== true) {
      const values: Record<string, unknown> = { value };
      params.forEach((p, i) => {
        values[`p${i}`] = p;
      });
      push(fullPath, rule.message ?? result, values);
      return;
    }
  }
}

/** Every error of the substep's visible, enabled fields. */
export function validateSubstep(substep: Substep, quote: Quote, ctx: ValidationContext): FieldError[] {
  const errors: FieldError[] = [];
  for (const field of substep.fields ?? []) {
    validateField(field, field.path, getPath(quote, field.path), quote, ctx, (path, key, params) => {
      const rest = path.slice(field.path.length + 1);
      const m = /^(\d+)\.(.+)$/.exec(rest);
      const item = m ? (field.items ?? []).find((f) => f.path === m[2]) : undefined;
      errors.push({
        path,
        fieldId: field.id,
        item: m && item ? { index: Number(m[1]), fieldId: item.id } : undefined,
        key,
        params,
      });
    });
  }
  return errors;
}

/**
 * Every error in the flow's visible steps (what the server checks before a quotation). With
 * `upToCall`, only the substeps up to and including the first one whose onLeave makes that call:
 * a quotation made on the way to send-offer does not yet have the payment step's answers.
 */
export function validateFlowData(
  flow: Flow,
  quote: Quote,
  ctx: ValidationContext,
  options: { upToCall?: string } = {},
): FieldError[] {
  const errors: FieldError[] = [];
  for (const step of flow.steps) {
    if (!evaluateCondition(step.visibleIf, quote, ctx.vars)) continue;
    for (const sub of step.substeps) {
      errors.push(...validateSubstep(sub, quote, ctx));
      if (options.upToCall && sub.onLeave?.some((e) => 'call' in e && e.call === options.upToCall))
        return errors;
    }
  }
  return errors;
}

/** The name of the flow's call whose path is `path` (e.g. "/driver/quotation" → "quotation"). */
export function callNameForPath(flow: Flow, path: string): string | undefined {
  return Object.entries(flow.calls ?? {}).find(([, spec]) => spec.path === path)?.[0];
}
