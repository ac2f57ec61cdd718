// From a substep's fields to what @rjsf/core renders: a flat JSON Schema (static, so the build can
// precompile its validator), a uiSchema (labels, widgets, options: they change with the language and
// the quote) and the form data (field id → value at the field's quote path).

import { resolveDateExpr } from '../dates';
import { readNumber } from '../expr';
import { callRequest } from '../machine/calls';
import { formatEuro } from '../money';
import { getPath, setPath } from '../paths';
import { ruleChecklists } from '../rules/fieldRules';
import { fieldLabelKey, qualify } from './expand';
import type { Field, Flow, Quote, Substep } from './types';
import { isDisabled, isVisible, quoteListOptions, resolveParams, type ValidationContext } from './validate';

export type JsonSchema = Record<string, unknown>;

/** Key of a substep's compiled validator and of its machine state. */
export function substepKey(flow: Flow, substep: Substep): string {
  const step = flow.steps.find((s) => s.substeps.includes(substep));
  return `${step?.id ?? 'step'}__${substep.id}`;
}

/** The $id of a substep's schema: also the export name of its precompiled validator. */
export function validatorId(flow: Flow, substep: Substep): string {
  return `v_${flow.id.replace(/-/g, '_')}__${substepKey(flow, substep)}`;
}

const KEYWORDS = ['minimum', 'maximum', 'minLength', 'maxLength', 'pattern', 'multipleOf'] as const;

function fieldSchema(field: Field): JsonSchema {
  // A photo slots list holds slot ids; its own rules are checked by validateSubstep.
  if (field.photos) return { type: 'array', items: { type: 'string' } };
  if (field.type === 'array') {
    const properties: Record<string, JsonSchema> = {};
    for (const item of field.items ?? []) properties[item.id] = fieldSchema(item);
    const schema: JsonSchema = { type: 'array', items: { type: 'object', properties } };
    if (field.maxItems !== undefined) schema.maxItems = field.maxItems;
    return schema;
  }
  const schema: JsonSchema = { type: field.type === 'object' ? 'object' : field.type };
  for (const k of KEYWORDS) if (field.schema?.[k] !== undefined) schema[k] = field.schema[k];
  return schema;
}

/** The substep's JSON Schema: identical at build time and at run time (it has no translated text). */
export function substepSchema(flow: Flow, substep: Substep): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const field of substep.fields ?? []) properties[field.id] = fieldSchema(field);
  return { $id: validatorId(flow, substep), type: 'object', properties };
}

export interface Option {
  value: string;
  label: string;
}

export interface UiContext extends ValidationContext {
  lang: 'el' | 'en';
  t: (key: string, values?: Record<string, unknown>) => string;
  /** Options of a list of values (already in the visitor's language); undefined while loading. */
  lovOptions: (lov: string) => Option[] | undefined;
}

/** Where the product texts a visitor opened before accepting them are recorded (field `readFirst`). */
export const READ_TEXTS_PATH = 'CS_USER_EXTRAS.OPENED_TEXTS';

/** Name of the renderer's field that renders nothing: hidden lists. */
export const HIDDEN_FIELD = 'Hidden';

const DEFAULT_WIDGET: Record<string, string> = {
  string: 'text',
  integer: 'number',
  number: 'number',
  boolean: 'checkbox',
};

function fieldUi(
  flow: Flow,
  field: Field,
  quote: Quote,
  ctx: UiContext,
  inItem: boolean,
): Record<string, unknown> {
  const hidden = !inItem && !isVisible(field, quote, ctx);
  if (field.photos && !hidden) return photoSlotsUi(flow, field, ctx);
  if (field.type === 'array') {
    const items: Record<string, unknown> = {};
    for (const item of field.items ?? []) items[item.id] = fieldUi(flow, item, quote, ctx, true);
    const ui: Record<string, unknown> = {
      'ui:title': ctx.t(fieldLabelKey(flow, field)),
      'ui:options': {
        orderable: false,
        maxItems: field.maxItems,
        itemLabel: ctx.t(fieldLabelKey(flow, field).replace(/\.label$/, '.item')),
      },
      items,
    };
    // A hidden list renders nothing (the renderer registers this field as an empty one).
    if (hidden) ui['ui:field'] = HIDDEN_FIELD;
    return ui;
  }
  const widget = hidden
    ? 'hidden'
    : (field.widget ??
      (field.lov || field.options || field.optionsFrom ? 'select' : DEFAULT_WIDGET[field.type]));
  const options: Record<string, unknown> = { lang: ctx.lang };
  if (field.lov) {
    const excluded = new Set(field.lovExclude ?? []);
    options.options = (ctx.lovOptions(field.lov) ?? []).filter((o) => !excluded.has(o.value));
  }
  if (field.options)
    options.options = field.options.map((o) => ({ value: o.value, label: ctx.t(qualify(flow, o.label)) }));
  if (field.optionsFrom) {
    const spec = field.optionsFrom;
    options.options = quoteListOptions(spec, quote).map((o) => {
      const n = readNumber(o.label);
      const label =
        spec.format === 'euro' && !Number.isNaN(n) ? formatEuro(n, ctx.lang) : String(o.label ?? o.value);
      return { value: o.value, label };
    });
  }
  if (field.date?.min) options.min = resolveDateExpr(field.date.min, ctx.today) ?? undefined;
  if (field.date?.max) options.max = resolveDateExpr(field.date.max, ctx.today) ?? undefined;
  if (field.schema?.maxLength !== undefined) options.maxLength = field.schema.maxLength;
  if (field.checklist && !inItem) options.checklist = fieldChecklist(field, quote, ctx);
  if (field.readFirst) options.readFirst = true;
  if (field.autocomplete) options.autoComplete = field.autocomplete;
  if (field.placeholder) options.placeholder = ctx.t(qualify(flow, field.placeholder));
  if (field.link) options.link = { href: field.link.to, label: ctx.t(qualify(flow, field.link.label)) };
  const uploadCall = field.upload ? flow.calls?.[field.upload.call] : undefined;
  if (uploadCall) options.upload = callRequest(uploadCall, quote);
  const ui: Record<string, unknown> = {
    'ui:widget': widget,
    'ui:title': ctx.t(fieldLabelKey(flow, field)),
    'ui:options': options,
  };
  if (field.help) ui['ui:help'] = ctx.t(qualify(flow, field.help));
  if (!inItem && isDisabled(field, quote, ctx)) ui['ui:disabled'] = true;
  if (field.required === true || (field.required && !inItem)) ui['ui:required'] = true;
  return ui;
}

/**
 * A `photoSlots` field: its slots with their names, and the key under which the browser keeps the
 * chosen files until `completion.uploads` sends them (the flow and the field's path).
 */
function photoSlotsUi(flow: Flow, field: Field, ctx: UiContext): Record<string, unknown> {
  const slots = (field.photos?.slots ?? []).map((slot) => ({
    id: slot.id,
    kind: slot.kind,
    required: slot.required === true,
    label: ctx.t(qualify(flow, slot.label ?? `slots.${slot.id}.label`)),
  }));
  const ui: Record<string, unknown> = {
    'ui:widget': 'photoSlots',
    'ui:title': ctx.t(fieldLabelKey(flow, field)),
    'ui:options': { lang: ctx.lang, slots, pendingKey: pendingFilesKey(flow.id, field.path) },
  };
  if (field.help) ui['ui:help'] = ctx.t(qualify(flow, field.help));
  return ui;
}

/** Where the browser keeps a `photoSlots` field's files: shared by the widget and the completion screen. */
export function pendingFilesKey(flowId: string, path: string): string {
  return `${flowId}:${path}`;
}

/** The parts of the field's rules, each with its text and whether the current value meets it. */
function fieldChecklist(
  field: Field,
  quote: Quote,
  ctx: UiContext,
): { text: string; ok: boolean; avoid?: boolean }[] {
  const value = getPath(quote, field.path);
  return (field.rules ?? []).flatMap((rule) => {
    const parts = ruleChecklists[rule.rule];
    if (!parts) return [];
    return parts(value, ...resolveParams(rule, quote)).map((part) => ({
      text: ctx.t(`validation:${part.key}`),
      ok: part.ok,
      ...(part.avoid ? { avoid: true } : {}),
    }));
  });
}

export function substepUiSchema(
  flow: Flow,
  substep: Substep,
  quote: Quote,
  ctx: UiContext,
): Record<string, unknown> {
  const ui: Record<string, unknown> = { 'ui:order': (substep.fields ?? []).map((f) => f.id) };
  for (const field of substep.fields ?? []) ui[field.id] = fieldUi(flow, field, quote, ctx, false);
  return ui;
}

// RJSF treats '' and the zero date as a value; for numbers and dates they mean "not answered".
function toForm(field: Field, value: unknown): unknown {
  if (value === '' || value === '0000-00-00' || value === null) return undefined;
  if (field.photos) return Array.isArray(value) ? value : [];
  if (field.type === 'array' && Array.isArray(value)) {
    return value.map((item) => {
      const row: Record<string, unknown> = {};
      for (const sub of field.items ?? []) row[sub.id] = toForm(sub, getPath(item, sub.path));
      return row;
    });
  }
  return value;
}

function fromForm(field: Field, value: unknown): unknown {
  if (field.photos) return Array.isArray(value) ? value.map(String) : [];
  if (field.type === 'array' && Array.isArray(value)) {
    return value.map((row) => {
      let item: Record<string, unknown> = {};
      for (const sub of field.items ?? []) item = setPath(item, sub.path, fromForm(sub, row?.[sub.id]));
      return item;
    });
  }
  if (value === undefined) return field.type === 'boolean' ? false : field.type === 'array' ? [] : '';
  return value;
}

export function formDataFor(substep: Substep, quote: Quote): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const field of substep.fields ?? []) data[field.id] = toForm(field, getPath(quote, field.path));
  return data;
}

/** Writes the form's values back to their quote paths (only the fields that changed). */
export function applyFormData(substep: Substep, quote: Quote, formData: Record<string, unknown>): Quote {
  let out = quote;
  for (const field of substep.fields ?? []) {
    const value = fromForm(field, formData[field.id]);
    const current = getPath(out, field.path);
    if (JSON.stringify(current ?? '') !== JSON.stringify(value ?? '')) out = setPath(out, field.path, value);
  }
  return out;
}

/** Every substep with fields, for the validator compiler. */
export function formSubsteps(flow: Flow): Substep[] {
  return flow.steps.flatMap((s) => s.substeps).filter((s) => (s.fields?.length ?? 0) > 0);
}
