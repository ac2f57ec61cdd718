// IBAN checks done locally before the back end's own IBAN call, so a typo is caught as the
// visitor types. Country lengths follow the SWIFT IBAN registry; a country missing from the
// table is held to the general 15–34 characters.

const IBAN_LENGTHS: Record<string, number> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MR: 27,
  MT: 31,
  MU: 30,
  NL: 18,
  NO: 15,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  SA: 24,
  SC: 31,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
};

/** Removes all whitespace (and dashes people paste) and upper-cases: "cy17 0020…" → "CY170020…". */
export function normalizeIban(s: string): string {
  return s.replace(/[\s-]+/gu, '').toUpperCase();
}

/** Display form in groups of four: "CY17 0020 0128 0000 0012 0052 7600". */
export function formatIbanGroups(s: string): string {
  return normalizeIban(s).replace(/(.{4})(?=.)/g, '$1 ');
}

// ISO 7064 mod 97-10 over the rearranged IBAN, digit by digit to stay within safe integers.
function mod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    const digits = code >= 65 ? String(code - 55) : ch;
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder;
}

/** True for a well-formed IBAN with the right length for its country and a valid check sum. */
export function isValidIban(s: string): boolean {
  const iban = normalizeIban(s);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  const expected = IBAN_LENGTHS[iban.slice(0, 2)];
  if (expected ? iban.length !== expected : iban.length < 15 || iban.length > 34) return false;
  return mod97(iban) === 1;
}

/** Why an IBAN is refused, most basic first; null when it is acceptable. */
export type IbanProblem = 'iban_format' | 'iban_country' | 'iban_length' | 'iban';

/**
 * The IBAN check the portal's direct debit uses, in the browser (field rule `iban` with countries)
 * and in the service (/zcp/paymeth/CHECKIBAN) alike. `countries` limits the accepted countries
 * (the insurer collects by SEPA direct debit from Cypriot banks only: ["CY"]); empty accepts any.
 */
export function ibanProblem(value: string, countries: readonly string[] = []): IbanProblem | null {
  const iban = normalizeIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return 'iban_format';
  const country = iban.slice(0, 2);
  if (countries.length > 0 && !countries.includes(country)) return 'iban_country';
  const expected = IBAN_LENGTHS[country];
  if (expected ? iban.length !== expected : iban.length < 15 || iban.length > 34) return 'iban_length';
  // Cyprus (Central Bank of Cyprus): 3-digit bank code, 5-digit branch, 16 alphanumeric account.
  if (country === 'CY' && !/^CY\d{2}\d{3}\d{5}[A-Z0-9]{16}$/.test(iban)) return 'iban_format';
  return mod97(iban) === 1 ? null : 'iban';
}

/** The bank code inside a Cypriot IBAN (positions 5-7: "002" is Bank of Cyprus); '' for others. */
export function ibanBankCode(value: string): string {
  const iban = normalizeIban(value);
  return iban.startsWith('CY') && iban.length >= 7 ? iban.slice(4, 7) : '';
}
