// The field-rule registry: every rule a flow file may name in a field's `rules`, by the spec's
// names. The renderer runs them as the visitor types, the service runs them again on submit,
// and the CLI checks flow files against the names and parameter counts below.
//
// A rule answers true or an i18n key "validation:<key>"; the caller interpolates {{p0}},
// {{p1}} … with the rule's parameters (raw numbers: the locale strings format them) and
// {{value}} with the value. Empty values (undefined, null, '', 0000-00-00) pass every rule:
// "required" is the engine's business. Rules check the value as it will be stored; trimming
// text is the input's job, except where the rule itself normalises (plate, IBAN, phone).

import { ageOn, isValidYmd, resolveDateExpr, todayInNicosia, ZERO_DATE } from '../dates';
import { toCents } from '../money';
import { ibanProblem } from './iban';
import {
  PORTAL_PASSWORD_AVOID,
  PORTAL_PASSWORD_PARTS,
  passwordProblem,
  portalPasswordProblem,
  portalPasswordProblems,
} from './passwords';
import { normalizePlate, plateProblem } from './plate';

export { formatIbanGroups, ibanBankCode, ibanProblem, isValidIban, normalizeIban } from './iban';
export { normalizePlate } from './plate';

export type RuleResult = true | string;
export type FieldRule = (value: unknown, ...params: unknown[]) => RuleResult;

const PREFIX = 'validation:';
const fail = (key: string): string => `${PREFIX}${key}`;

export function isEmptyRuleValue(value: unknown): boolean {
  return value === undefined || value === null || value === '' || value === ZERO_DATE;
}

const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** A finite number from a number or a plain numeric string ("15000", "1.5"); otherwise null. */
function toNumber(x: unknown): number | null {
  if (typeof x === 'number') return Number.isFinite(x) ? x : null;
  if (typeof x === 'string' && PLAIN_NUMBER.test(x.trim())) return Number(x.trim());
  return null;
}

/** Text of a string or number value; null for anything else (objects, booleans). */
function toText(x: unknown): string | null {
  if (typeof x === 'string') return x;
  if (typeof x === 'number' && Number.isFinite(x)) return String(x);
  return null;
}

function textRule(test: (text: string) => RuleResult): FieldRule {
  return (value) => {
    if (isEmptyRuleValue(value)) return true;
    const text = toText(value);
    return text === null ? fail('invalid') : test(text);
  };
}

function matches(pattern: RegExp, key: string): FieldRule {
  return textRule((text) => (pattern.test(text) ? true : fail(key)));
}

/**
 * Amount rules compare in cents. A bound whose value is missing (a referenced field still
 * empty) cannot be applied and passes; literal bounds are checked by flows:check.
 */
function amountRule(key: string, holds: (value: number, bound: number) => boolean): FieldRule {
  return (value, bound) => {
    if (isEmptyRuleValue(value)) return true;
    const v = toNumber(value);
    if (v === null) return fail('number');
    const b = toNumber(bound);
    if (b === null) return true;
    return holds(toCents(v), toCents(b)) ? true : fail(key);
  };
}

function lengthOf(text: string): number {
  return [...text].length;
}

function lengthRule(key: string, holds: (length: number, n: number) => boolean): FieldRule {
  return (value, n) => {
    if (isEmptyRuleValue(value)) return true;
    const text = toText(value);
    if (text === null) return fail('invalid');
    const limit = toNumber(n);
    if (limit === null) return true;
    return holds(lengthOf(text), limit) ? true : fail(key);
  };
}

function flatten(items: unknown[]): unknown[] {
  return items.flatMap((item) => (Array.isArray(item) ? flatten(item) : [item]));
}

function todayOr(today: unknown): string {
  return isValidYmd(today) ? today : todayInNicosia();
}

const EMAIL_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const EMAIL_DOMAIN =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

export function isEmailAddress(text: string): boolean {
  const at = text.lastIndexOf('@');
  if (at < 1 || text.length > 254) return false;
  const local = text.slice(0, at);
  return local.length <= 64 && EMAIL_LOCAL.test(local) && EMAIL_DOMAIN.test(text.slice(at + 1));
}

// Monotonic Greek capitals and small letters with tonos and dialytika (Ά … ώ, ΐ, ΰ, ς).
const GREEK_LETTER = '[\\u0386\\u0388-\\u038A\\u038C\\u038E-\\u03A1\\u03A3-\\u03CE]';
const GREEK_NAME = new RegExp(`^${GREEK_LETTER}+(?:[ '’-]+${GREEK_LETTER}+)*$`, 'u');

const CYPRIOT_PHONE = /^(?:\+357|00357)?[29]\d{7}$/;
const CYPRIOT_MOBILE = /^(?:\+357|00357)?9\d{7}$/;

function cardExpiry(value: unknown, today?: unknown): RuleResult {
  if (isEmptyRuleValue(value)) return true;
  const match = typeof value === 'string' ? /^(\d{2})\/(\d{2})$/.exec(value) : null;
  if (!match) return fail('card_expiry_format');
  const month = Number(match[1]);
  if (month < 1 || month > 12) return fail('card_expiry_format');
  if (!isValidYmd(today)) return true;
  const expires = (2000 + Number(match[2])) * 12 + month;
  const current = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7));
  return expires >= current ? true : fail('card_expiry_past');
}

function dateRange(value: unknown, min?: unknown, max?: unknown, today?: unknown): RuleResult {
  if (isEmptyRuleValue(value)) return true;
  if (!isValidYmd(value)) return fail('date');
  const base = todayOr(today);
  const bound = (expr: unknown) =>
    typeof expr === 'string' && expr !== '' ? resolveDateExpr(expr, base) : null;
  const lo = bound(min);
  const hi = bound(max);
  if (lo && value < lo) return fail('date_min');
  if (hi && value > hi) return fail('date_max');
  return true;
}

function ageBetween(value: unknown, min?: unknown, max?: unknown, today?: unknown): RuleResult {
  if (isEmptyRuleValue(value)) return true;
  if (!isValidYmd(value)) return fail('date');
  const age = ageOn(value, todayOr(today));
  const lo = toNumber(min);
  const hi = toNumber(max);
  if (lo !== null && age < lo) return fail('age_min');
  if (hi !== null && age > hi) return fail('age_max');
  return true;
}

function equalsSum(total: unknown, ...numbers: unknown[]): RuleResult {
  if (isEmptyRuleValue(total)) return true;
  const t = toNumber(total);
  if (t === null) return fail('number');
  let sum = 0;
  for (const item of flatten(numbers)) {
    if (isEmptyRuleValue(item)) continue;
    const n = toNumber(item);
    if (n === null) return fail('equals_sum');
    sum += toCents(n);
  }
  return toCents(t) === sum ? true : fail('equals_sum');
}

export const fieldRules: Record<string, FieldRule> = {
  cypriot_license_plate: textRule((text) => {
    const problem = plateProblem(normalizePlate(text));
    return problem ? fail(`plate_${problem}`) : true;
  }),

  /** At most half of the last parameter (the contents amount the valuables belong to). */
  property_valuables: (value, ...params) =>
    amountRule('property_valuables', (v, b) => 2 * v <= b)(value, params[params.length - 1]),
  max_value_currency: amountRule('max_value_currency', (v, b) => v <= b),
  min_value_currency: amountRule('min_value_currency', (v, b) => v >= b),
  property_contents: amountRule('property_contents', (v, b) => v <= b),
  /** The entered amount plus the existing insured amount stays within the cap (700,000 by default). */
  endorsement_max_value_currency: (value, existing, cap = 700000) => {
    const current = toNumber(existing) ?? 0;
    const limit = toNumber(cap) ?? 700000;
    return amountRule('endorsement_max_value_currency', (v, b) => v + toCents(current) <= b)(value, limit);
  },

  exact_length: lengthRule('exact_length', (length, n) => length === n),
  max_length: lengthRule('max_length', (length, n) => length <= n),
  /** The value must NOT contain the text (case-insensitive), e.g. a password and the mobile number. */
  contains_string: (value, text) => {
    if (isEmptyRuleValue(value)) return true;
    const haystack = toText(value);
    if (haystack === null) return fail('invalid');
    const needle = toText(text);
    if (!needle) return true;
    const lower = haystack.toLowerCase();
    const forms = [needle.toLowerCase(), needle.replace(/\s+/g, '').toLowerCase()].filter((f) => f !== '');
    return forms.some((f) => lower.includes(f)) ? fail('contains_string') : true;
  },
  time: matches(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'time'),
  card_expiry: cardExpiry,

  password: textRule((text) => {
    const problem = passwordProblem(text);
    return problem ? fail(`password_${problem}`) : true;
  }),
  portal_password: (value, mobile) =>
    textRule((text) => {
      const problem = portalPasswordProblem(text, mobile);
      return problem ? fail(`portal_password_${problem}`) : true;
    })(value),

  /** The value equals another answer (a password typed twice). */
  same_as: (value, other) => {
    if (isEmptyRuleValue(value)) return true;
    return toText(value) === (toText(other) ?? '') ? true : fail('same_as');
  },

  email: textRule((text) => (isEmailAddress(text) ? true : fail('email'))),
  email_match: (value, email) => {
    if (isEmptyRuleValue(value)) return true;
    const a = toText(value);
    const b = toText(email) ?? '';
    return a !== null && a.trim().toLowerCase() === b.trim().toLowerCase() ? true : fail('email_match');
  },
  greek_name: textRule((text) => (GREEK_NAME.test(text.normalize('NFC')) ? true : fail('greek_name'))),
  digits_only: matches(/^\d+$/, 'digits_only'),
  cypriot_phone: textRule((text) =>
    CYPRIOT_PHONE.test(text.replace(/\s+/g, '')) ? true : fail('cypriot_phone'),
  ),
  cypriot_mobile: textRule((text) =>
    CYPRIOT_MOBILE.test(text.replace(/\s+/g, '')) ? true : fail('cypriot_mobile'),
  ),
  /** Optional parameters: the accepted countries ("CY"); a refused country has its own message. */
  iban: (value, ...countries) =>
    textRule((text) => {
      const problem = ibanProblem(text, countries.map(String));
      return problem === null ? true : fail(problem === 'iban_country' ? 'iban_country' : 'iban');
    })(value),
  postal_code_cy: matches(/^\d{4}$/, 'postal_code_cy'),

  date: (value) => (isEmptyRuleValue(value) || isValidYmd(value) ? true : fail('date')),
  /** min and max are Y-m-d or "today", "today+30d", "today-18y", "today+1m"; today defaults to Nicosia's. */
  date_range: dateRange,
  /** Age in whole years on `today`, both bounds inclusive. */
  age_between: ageBetween,
  max_items: (value, n) => {
    if (isEmptyRuleValue(value)) return true;
    if (!Array.isArray(value)) return fail('invalid');
    const limit = toNumber(n);
    return limit === null || value.length <= limit ? true : fail('max_items');
  },
  /** A list has exactly n entries (as many guns as the number stated). */
  count_equals: (value, n) => {
    if (isEmptyRuleValue(value)) return true;
    if (!Array.isArray(value)) return fail('invalid');
    const count = toNumber(n);
    return count === null || value.length === count ? true : fail('count_equals');
  },
  /** The total equals the sum of the numbers (arrays flattened, empty entries count as 0). */
  equals_sum: equalsSum,
};

/** How many parameters each rule takes (max null: any number); for flows:check. */
export const fieldRuleParamCounts: Record<string, { min: number; max: number | null }> = {
  cypriot_license_plate: { min: 0, max: 0 },
  property_valuables: { min: 1, max: null },
  max_value_currency: { min: 1, max: 1 },
  min_value_currency: { min: 1, max: 1 },
  property_contents: { min: 1, max: 1 },
  endorsement_max_value_currency: { min: 1, max: 2 },
  exact_length: { min: 1, max: 1 },
  max_length: { min: 1, max: 1 },
  contains_string: { min: 1, max: 1 },
  time: { min: 0, max: 0 },
  card_expiry: { min: 0, max: 1 },
  password: { min: 0, max: 0 },
  portal_password: { min: 0, max: 1 },
  same_as: { min: 1, max: 1 },
  email: { min: 0, max: 0 },
  email_match: { min: 1, max: 1 },
  greek_name: { min: 0, max: 0 },
  digits_only: { min: 0, max: 0 },
  cypriot_phone: { min: 0, max: 0 },
  cypriot_mobile: { min: 0, max: 0 },
  iban: { min: 0, max: null },
  postal_code_cy: { min: 0, max: 0 },
  date: { min: 0, max: 0 },
  date_range: { min: 1, max: 3 },
  age_between: { min: 2, max: 3 },
  max_items: { min: 1, max: 1 },
  count_equals: { min: 1, max: 1 },
  equals_sum: { min: 1, max: null },
};

/** Every message key a rule can answer, without the "validation:" prefix; for locale checks. */
export const fieldRuleMessageKeys: readonly string[] = [
  'invalid',
  'number',
  'plate_format',
  'plate_ends_000',
  'plate_non_latin',
  'property_valuables',
  'max_value_currency',
  'min_value_currency',
  'property_contents',
  'endorsement_max_value_currency',
  'exact_length',
  'max_length',
  'contains_string',
  'time',
  'card_expiry_format',
  'card_expiry_past',
  'password_length',
  'password_digit',
  'password_letter',
  'password_uppercase',
  'password_special',
  'portal_password_length',
  'portal_password_uppercase',
  'portal_password_digit',
  'portal_password_special',
  'portal_password_mobile',
  'email',
  'email_match',
  'same_as',
  'greek_name',
  'digits_only',
  'cypriot_phone',
  'cypriot_mobile',
  'iban',
  'iban_country',
  'postal_code_cy',
  'date',
  'date_min',
  'date_max',
  'age_min',
  'age_max',
  'max_items',
  'count_equals',
  'equals_sum',
];

export function isRuleName(name: string): boolean {
  return Object.hasOwn(fieldRules, name);
}

/**
 * Rules made of parts a person can tick off one by one (a field's `"checklist": true` shows them
 * live as they type): each part's message key (under "validation:") and whether it holds.
 */
/** One part of a rule's live checklist; `avoid`: it forbids something, so unmet it is broken. */
export interface ChecklistPart {
  key: string;
  ok: boolean;
  avoid?: boolean;
}

export const ruleChecklists: Partial<
  Record<string, (value: unknown, ...params: unknown[]) => ChecklistPart[]>
> = {
  portal_password: (value, mobile) => {
    const missing = portalPasswordProblems(toText(value) ?? '', mobile);
    return PORTAL_PASSWORD_PARTS.map((part) => ({
      key: `portal_password_${part}`,
      ok: !missing.includes(part),
      ...(PORTAL_PASSWORD_AVOID.includes(part) ? { avoid: true } : {}),
    }));
  },
};
