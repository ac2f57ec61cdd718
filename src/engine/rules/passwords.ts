// The two password policies of the spec. The generic field rule (8 characters, digit, letter,
// capital, special from a fixed list) guards passwords set outside registration; the portal
// rule (10 characters, capital, digit, special, no mobile number) guards registration and
// password changes. Each check reports the first thing missing, so the person knows what to add.

export const PASSWORD_SPECIALS = '~!@#$%^&*+=(){}/|?<>\\';
// The portal policy names "special characters" without a list: any printable ASCII symbol
// counts, a superset of the generic list, so a password valid for one policy's specials is
// valid for the other.
const PORTAL_SPECIAL = /[!-/:-@[-`{-~]/;

export type PasswordProblem = 'length' | 'digit' | 'letter' | 'uppercase' | 'special';
export type PortalPasswordProblem = 'length' | 'uppercase' | 'digit' | 'special' | 'mobile';

function length(s: string): number {
  return [...s].length;
}

export function passwordProblem(value: string): PasswordProblem | null {
  if (length(value) < 8) return 'length';
  if (!/\d/.test(value)) return 'digit';
  if (!/\p{L}/u.test(value)) return 'letter';
  if (!/\p{Lu}/u.test(value)) return 'uppercase';
  if (![...value].some((ch) => PASSWORD_SPECIALS.includes(ch))) return 'special';
  return null;
}

/**
 * The forms of a mobile number a password must not contain: the digits as given and, for a
 * Cypriot number written with +357 or 00357, its 8 national digits. Fewer than 6 digits is
 * not a phone number worth guarding against (and would forbid most digits).
 */
export function mobileForms(mobile: unknown): string[] {
  if (typeof mobile !== 'string' && typeof mobile !== 'number') return [];
  const digits = String(mobile).replace(/\D/g, '');
  if (digits.length < 6) return [];
  const national = /^(?:00)?357(\d{8})$/.exec(digits);
  return national ? [digits, national[1]] : [digits];
}

/** Every part of the portal rule, in the order the live checklist shows them. */
export const PORTAL_PASSWORD_PARTS: readonly PortalPasswordProblem[] = [
  'length',
  'uppercase',
  'digit',
  'special',
  'mobile',
];

/** The parts that forbid something (the mobile number): unmet, they are broken, not merely pending. */
export const PORTAL_PASSWORD_AVOID: readonly PortalPasswordProblem[] = ['mobile'];

/** Every part of the portal rule the value misses (the live checklist of the portal's screens). */
export function portalPasswordProblems(value: string, mobile?: unknown): PortalPasswordProblem[] {
  const out: PortalPasswordProblem[] = [];
  if (length(value) < 10) out.push('length');
  if (!/[A-Z]/.test(value)) out.push('uppercase');
  if (!/\d/.test(value)) out.push('digit');
  if (!PORTAL_SPECIAL.test(value)) out.push('special');
  const compact = value.replace(/[\s.-]/g, '');
  if (mobileForms(mobile).some((m) => value.includes(m) || compact.includes(m))) out.push('mobile');
  return out;
}

export function portalPasswordProblem(value: string, mobile?: unknown): PortalPasswordProblem | null {
  return portalPasswordProblems(value, mobile)[0] ?? null;
}
