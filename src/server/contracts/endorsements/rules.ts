// The endorsement rules of spec §5/§9, pure (no database): the values a kind accepts, the home caps
// above which home values are not edited online, and the per-change and per-period limits. Amounts
// compare in whole euro cents with integer arithmetic, so 15 % is exact and 15.01 % is over.

import { normalizePlate, plateProblem } from '../../../engine/rules/plate';
import { lovHasValue } from '../../reference';
import type { EndorsementKind, EndorsementRules, KindField } from './kinds';

type Json = Record<string, unknown>;

/**
 * Why a change is refused. `manual`: the insurer can still make it (a work order and a call-back
 * are offered, §8 "cannot be completed automatically"); otherwise the customer corrects the input.
 */
export interface Refusal {
  code: string;
  key: string;
  params?: Record<string, unknown>;
  field?: string;
  manual: boolean;
}

export function refusal(
  code: string,
  key: string,
  options: Partial<Omit<Refusal, 'code' | 'key'>> = {},
): Refusal {
  return { code, key, manual: false, ...options };
}

export function isRefusal(value: unknown): value is Refusal {
  return (
    Boolean(value) && typeof value === 'object' && 'manual' in (value as object) && 'key' in (value as object)
  );
}

const KEY = (name: string) => `endorsements:errors.${name}`;

function num(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return Number.NaN;
}

/** A whole-euro amount of the contract (missing or unreadable: 0). */
export function amountOf(object: Json, field: string): number {
  const n = num(object[field]);
  return Number.isFinite(n) && n > 0 ? Math.round(n) : 0;
}

function isRequired(field: KindField, values: Json): boolean {
  if (field.required) return true;
  return field.requiredIf
    ? Object.entries(field.requiredIf).every(([name, wanted]) => values[name] === wanted)
    : false;
}

function readValuables(raw: unknown, itemMax: number): Json[] | Refusal {
  if (!Array.isArray(raw)) return refusal('INVALID_VALUE', KEY('invalidValue'), { field: 'CT_VALUABLES' });
  const items: Json[] = [];
  for (const [i, entry] of raw.entries()) {
    const e = (entry && typeof entry === 'object' ? entry : {}) as Json;
    const description = typeof e.DESCRIPTION === 'string' ? e.DESCRIPTION.trim() : '';
    const value = num(e.VALUE);
    if (description === '' || !Number.isInteger(value) || value < 1)
      return refusal('INVALID_VALUE', KEY('valuableItem'), { field: `CT_VALUABLES.${i}` });
    if (value > itemMax)
      return refusal('VALUABLE_ITEM_MAX', KEY('valuableItemMax'), {
        field: `CT_VALUABLES.${i}.VALUE`,
        params: { max: itemMax },
      });
    items.push({ DESCRIPTION: description, VALUE: value });
  }
  return items;
}

/**
 * The kind's values from a request body, typed and checked (a plate normalised, a list code in its
 * list). Values of a field that is not required by its flag are dropped (a "No" clears the detail).
 */
export function readValues(kind: EndorsementKind, body: Json, rules: EndorsementRules): Json | Refusal {
  const values: Json = {};
  for (const field of kind.fields) {
    const raw = body[field.name];
    const empty = raw === undefined || raw === null || raw === '';
    if (empty) continue;
    switch (field.type) {
      case 'amount':
      case 'days': {
        const n = num(raw);
        const max = field.type === 'days' ? 365 : (field.max ?? 10_000_000);
        if (!Number.isInteger(n) || n < 0 || n > max)
          return refusal('INVALID_VALUE', KEY(field.type === 'days' ? 'invalidDays' : 'invalidAmount'), {
            field: field.name,
            params: { max },
          });
        values[field.name] = n;
        break;
      }
      case 'yesno':
        if (raw !== '1' && raw !== '2')
          return refusal('INVALID_VALUE', KEY('invalidValue'), { field: field.name });
        values[field.name] = raw;
        break;
      case 'lov':
        if (typeof raw !== 'string' || !lovHasValue(field.lov ?? '', raw))
          return refusal('INVALID_VALUE', KEY('invalidValue'), { field: field.name });
        values[field.name] = raw;
        break;
      case 'plate': {
        const plate = normalizePlate(String(raw));
        if (plateProblem(plate)) return refusal('INVALID_PLATE', KEY('invalidPlate'), { field: field.name });
        values[field.name] = plate;
        break;
      }
      case 'text': {
        const text = String(raw).trim().toUpperCase();
        if (text.length > (field.maxLength ?? 60))
          return refusal('INVALID_VALUE', KEY('invalidValue'), { field: field.name });
        values[field.name] = text;
        break;
      }
      case 'valuables': {
        const items = readValuables(raw, rules.valuableItemMax);
        if (!Array.isArray(items)) return items;
        values[field.name] = items;
        break;
      }
    }
  }
  for (const field of kind.fields) {
    const required = isRequired(field, values);
    if (required && values[field.name] === undefined)
      return refusal('REQUIRED', KEY('required'), { field: field.name });
    if (!required) delete values[field.name];
  }
  // The listed valuables add up to the total the customer gives.
  if (Array.isArray(values.CT_VALUABLES)) {
    const sum = (values.CT_VALUABLES as Json[]).reduce((s, i) => s + Number(i.VALUE), 0);
    if (sum !== values.VALUE_OF_VALUABLES)
      return refusal('VALUABLES_SUM', KEY('valuablesSum'), { field: 'CT_VALUABLES', params: { total: sum } });
  }
  return values;
}

/** The object as it would be after the change (object fields; top-level lists apart). */
export function changedObject(kind: EndorsementKind, object: Json, values: Json): Json {
  const out: Json = { ...object };
  for (const field of kind.fields) {
    if (field.top) continue;
    if (values[field.name] === undefined) delete out[field.name];
    else out[field.name] = values[field.name];
  }
  return out;
}

/** True when the change would leave every value as it is. */
export function nothingChanges(kind: EndorsementKind, object: Json, values: Json, lists: Json): boolean {
  return kind.fields.every((f) => {
    const before = f.top ? lists[f.name] : object[f.name];
    const after = values[f.name];
    if ((before === undefined || before === '' || before === 0) && after === undefined) return true;
    return JSON.stringify(before) === JSON.stringify(after) || (f.type === 'amount' && num(before) === after);
  });
}

/**
 * Home values are not edited online when the home is, or would be, above the caps: the total of
 * building, contents, valuables and photovoltaics over 700,000, contents over 60,000, valuables
 * over 15,000 (amounts at the cap are allowed).
 */
export function homeCapRefusal(rules: EndorsementRules, before: Json, after: Json): Refusal | null {
  const caps = rules.homeCaps;
  for (const object of [before, after]) {
    const total = caps.totalOf.reduce((s, f) => s + amountOf(object, f), 0);
    if (total > caps.total)
      return refusal('HOME_CAP', KEY('homeCapTotal'), { manual: true, params: { cap: caps.total } });
    for (const [field, cap] of Object.entries(caps.fields)) {
      if (amountOf(object, field) > cap)
        return refusal('HOME_CAP', KEY(`homeCap.${field}`), { manual: true, params: { cap }, field });
    }
  }
  return null;
}

/**
 * The per-change limit (±15 %) and the per-period total fall (vehicle value −15 % in total, from
 * `base`, the value before the period's first change). Integer cents: new × 100 ≤ old × (100 + p).
 */
export function limitRefusal(
  kind: EndorsementKind,
  oldValue: number,
  newValue: number,
  base: number,
): Refusal | null {
  const limit = kind.limit;
  if (!limit) return null;
  const field = limit.field;
  if (newValue > oldValue) {
    if (oldValue <= 0 || newValue * 100 > oldValue * (100 + limit.maxUpPercent))
      return refusal('LIMIT_UP', KEY(limit.maxUpPercent > 0 ? 'limitUp' : 'noRiseOnline'), {
        manual: true,
        field,
        params: { percent: limit.maxUpPercent },
      });
  }
  if (newValue < oldValue) {
    if (limit.maxTotalDownPercent !== undefined) {
      if (newValue * 100 < base * (100 - limit.maxTotalDownPercent))
        return refusal('LIMIT_TOTAL_DOWN', KEY('limitTotalDown'), {
          manual: true,
          field,
          params: {
            percent: limit.maxTotalDownPercent,
            minimum: Math.ceil((base * (100 - limit.maxTotalDownPercent)) / 100),
          },
        });
    } else {
      const down = limit.maxDownPercent ?? 0;
      if (newValue * 100 < oldValue * (100 - down))
        return refusal('LIMIT_DOWN', KEY(down > 0 ? 'limitDown' : 'noFallOnline'), {
          manual: true,
          field,
          params: { percent: down },
        });
    }
  }
  return null;
}
