// IBAN input: letters and digits only, upper case, shown in groups of four and stored compact.

/** The longest IBAN any country issues. */
export const IBAN_MAX_LENGTH = 34;

export function compactIban(raw: string, maxLength: number = IBAN_MAX_LENGTH): string {
  return raw
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, maxLength);
}

/** "cy17002001280000001200527600" → "CY17 0020 0128 0000 0012 0052 7600". */
export function formatIbanTyping(raw: string, maxLength: number = IBAN_MAX_LENGTH): string {
  return compactIban(raw, maxLength).replace(/(.{4})(?=.)/g, '$1 ');
}
