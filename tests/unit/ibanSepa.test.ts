// The direct-debit IBAN rule (issue 14 item 5), one implementation for the browser's field rule and
// the service's CHECKIBAN: mod-97, the country list, each country's length, and Cyprus' layout
// (3-digit bank, 5-digit branch, 16 alphanumeric account), with its bank code read out.

import { describe, expect, it } from 'vitest';
import { fieldRules, ibanBankCode, ibanProblem } from '../../src/engine/rules/fieldRules';

const CY = 'CY17002001280000001200527600';

describe('ibanProblem', () => {
  it('accepts a Cypriot IBAN typed in any case, spaced or dashed', () => {
    expect(ibanProblem(CY, ['CY'])).toBeNull();
    expect(ibanProblem('cy17 0020 0128 0000 0012 0052 7600', ['CY'])).toBeNull();
    expect(ibanProblem('CY17-0020-0128-0000-0012-0052-7600', ['CY'])).toBeNull();
  });

  it('names what is wrong: checksum, length, country, layout', () => {
    expect(ibanProblem('CY18002001280000001200527600', ['CY'])).toBe('iban');
    expect(ibanProblem(`${CY}0`, ['CY'])).toBe('iban_length');
    expect(ibanProblem(CY.slice(0, -1), ['CY'])).toBe('iban_length');
    expect(ibanProblem('DE89370400440532013000', ['CY'])).toBe('iban_country');
    expect(ibanProblem('DE89370400440532013000')).toBeNull();
    expect(ibanProblem('GR1601101250000000012300695', ['CY', 'GR'])).toBeNull();
    // Letters where the bank or branch digits go: not a Cypriot IBAN whatever its checksum.
    expect(ibanProblem('CY17A02001280000001200527600', ['CY'])).toBe('iban_format');
    expect(ibanProblem('', ['CY'])).toBe('iban_format');
    expect(ibanProblem('1717 0020', ['CY'])).toBe('iban_format');
  });

  it('reads the bank code of a Cypriot IBAN only', () => {
    expect(ibanBankCode('cy17 0020 0128 0000 0012 0052 7600')).toBe('002');
    expect(ibanBankCode('DE89370400440532013000')).toBe('');
  });
});

describe('field rule iban with countries', () => {
  it('has its own message for a foreign IBAN and the usual one otherwise', () => {
    expect(fieldRules.iban(CY, 'CY')).toBe(true);
    expect(fieldRules.iban('DE89370400440532013000', 'CY')).toBe('validation:iban_country');
    expect(fieldRules.iban('DE89370400440532013000')).toBe(true);
    expect(fieldRules.iban('CY18002001280000001200527600', 'CY')).toBe('validation:iban');
    expect(fieldRules.iban('', 'CY')).toBe(true);
  });
});
