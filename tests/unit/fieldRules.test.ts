import { describe, expect, it } from 'vitest';
import el from '../../locales/el/validation.json';
import en from '../../locales/en/validation.json';
import {
  type FieldRule,
  fieldRuleMessageKeys,
  fieldRuleParamCounts,
  fieldRules,
  formatIbanGroups,
  isRuleName,
  normalizeIban,
  normalizePlate,
} from '../../src/engine/rules/fieldRules';

function rule(name: string): FieldRule {
  const r = fieldRules[name];
  if (!r) throw new Error(`no rule ${name}`);
  return r;
}

const CY_IBAN = 'CY17 0020 0128 0000 0012 0052 7600';

describe('registry', () => {
  it('names every rule of the spec', () => {
    const names = [
      'cypriot_license_plate',
      'property_valuables',
      'max_value_currency',
      'min_value_currency',
      'property_contents',
      'endorsement_max_value_currency',
      'exact_length',
      'max_length',
      'contains_string',
      'time',
      'card_expiry',
      'password',
      'portal_password',
      'email',
      'email_match',
      // The portal's password confirmation (issue 12).
      'same_as',
      'greek_name',
      'digits_only',
      'cypriot_phone',
      'cypriot_mobile',
      'iban',
      'postal_code_cy',
      'date',
      'date_range',
      'age_between',
      'max_items',
      'count_equals',
      'equals_sum',
    ];
    for (const name of names) expect(isRuleName(name), name).toBe(true);
    expect(Object.keys(fieldRules).sort()).toEqual([...names].sort());
    expect(Object.keys(fieldRuleParamCounts).sort()).toEqual([...names].sort());
  });

  it('does not treat inherited names as rules', () => {
    expect(isRuleName('toString')).toBe(false);
    expect(isRuleName('constructor')).toBe(false);
    expect(isRuleName('sum_max')).toBe(false);
    expect(isRuleName('')).toBe(false);
  });

  it('passes empty values whatever the rule', () => {
    for (const [name, r] of Object.entries(fieldRules)) {
      for (const empty of [undefined, null, '', '0000-00-00']) {
        expect(r(empty, 1, 2, 3), `${name}(${String(empty)})`).toBe(true);
      }
    }
  });

  it('has a Greek and an English string for every message key, and no stray keys', () => {
    const elKeys = Object.keys(el);
    const enKeys = Object.keys(en);
    expect(elKeys.sort()).toEqual(enKeys.sort());
    for (const key of fieldRuleMessageKeys) {
      expect(el, key).toHaveProperty(key);
      expect(en, key).toHaveProperty(key);
    }
    for (const text of [...Object.values(el), ...Object.values(en)]) expect(text.trim()).not.toBe('');
  });

  it('uses Greek script in the Greek strings', () => {
    for (const [key, text] of Object.entries(el)) expect(text, key).toMatch(/[α-ωά-ώ]/);
  });

  it('uses the spec wording for the e-mail confirmation', () => {
    expect(en.email_match).toBe('Verification email must match the email.');
  });
});

describe('normalizePlate', () => {
  it('pads short numbers to three digits', () => {
    expect(normalizePlate('5')).toBe('005');
    expect(normalizePlate('ABC5')).toBe('ABC005');
    expect(normalizePlate('KX12')).toBe('KX012');
    expect(normalizePlate('KXA123')).toBe('KXA123');
  });

  it('trims, removes spaces and dashes, upper-cases', () => {
    expect(normalizePlate('  kxa 123 ')).toBe('KXA123');
    expect(normalizePlate('KXA-123')).toBe('KXA123');
    expect(normalizePlate('k x a – 1 2')).toBe('KXA012');
    expect(normalizePlate('abc\u00a05')).toBe('ABC005');
  });

  it('maps Greek look-alike capitals to Latin ones', () => {
    expect(normalizePlate('ΚΧΑ123')).toBe('KXA123');
    expect(normalizePlate('κχα 123')).toBe('KXA123');
    expect(normalizePlate('ΜΝΟ5')).toBe('MNO005');
    expect(normalizePlate('ΑΒΕ ΖΗΙ ΚΜΝ ΟΡΤ ΥΧ')).toBe('ABEZHIKMNOPTYX');
    expect(normalizePlate('ΚΆΧ12')).toBe('KAX012');
  });

  it('leaves Greek letters without a Latin twin for the rule to report', () => {
    expect(normalizePlate('ΣΛΦ123')).toBe('ΣΛΦ123');
    expect(normalizePlate('σλ5')).toBe('ΣΛ005');
  });

  it('is idempotent on the examples', () => {
    for (const s of ['5', 'abc5', 'κχ 12', 'ΣΛ5', 'KXA123', 'AB-000']) {
      expect(normalizePlate(normalizePlate(s))).toBe(normalizePlate(s));
    }
  });
});

describe('cypriot_license_plate', () => {
  const plate = rule('cypriot_license_plate');

  it('accepts up to three letters and three digits', () => {
    expect(plate('KXA123')).toBe(true);
    expect(plate('KX123')).toBe(true);
    expect(plate('K123')).toBe(true);
    expect(plate('ABC001')).toBe(true);
  });

  it('accepts what normalisation repairs', () => {
    expect(plate('abc5')).toBe(true);
    expect(plate('kxa 123')).toBe(true);
    expect(plate('KXA-12')).toBe(true);
    expect(plate('ΚΧΑ 123')).toBe(true);
    expect(plate('μκ 45')).toBe(true);
  });

  it('refuses a number ending in 000', () => {
    expect(plate('ABC000')).toBe('validation:plate_ends_000');
    expect(plate('abc 000')).toBe('validation:plate_ends_000');
    expect(plate('0')).toBe('validation:plate_ends_000');
    expect(plate('ABC1000')).toBe('validation:plate_format');
  });

  it('refuses letters with no Latin twin', () => {
    expect(plate('ΣΛΦ123')).toBe('validation:plate_non_latin');
    expect(plate('ΚΨ123')).toBe('validation:plate_non_latin');
    expect(plate('ÇA123')).toBe('validation:plate_non_latin');
  });

  it('refuses other shapes', () => {
    expect(plate('ABCD123')).toBe('validation:plate_format');
    expect(plate('ABC1234')).toBe('validation:plate_format');
    expect(plate('123ABC')).toBe('validation:plate_format');
    expect(plate('5')).toBe('validation:plate_format');
    expect(plate('ABC')).toBe('validation:plate_format');
    expect(plate('AB.123')).toBe('validation:plate_format');
    expect(plate({ plate: 'ABC123' })).toBe('validation:invalid');
  });
});

describe('amount rules', () => {
  it('property_valuables: at most half of the last parameter', () => {
    const r = rule('property_valuables');
    expect(r(7500, 15000)).toBe(true);
    expect(r(7500.01, 15000)).toBe('validation:property_valuables');
    expect(r(30000, 1, 2, 60000)).toBe(true);
    expect(r(30001, 100000, 60000)).toBe('validation:property_valuables');
    expect(r('2000', '4000')).toBe(true);
    expect(r(1, 0)).toBe('validation:property_valuables');
    expect(r(1)).toBe(true);
    expect(r('lots', 4000)).toBe('validation:number');
  });

  it('max_value_currency: exactly the max passes, one cent more fails', () => {
    const r = rule('max_value_currency');
    expect(r(70000, 70000)).toBe(true);
    expect(r(70000.01, 70000)).toBe('validation:max_value_currency');
    expect(r(70001, '70000')).toBe('validation:max_value_currency');
    expect(r('0.3', 0.1 + 0.2)).toBe(true);
    expect(r(5, undefined)).toBe(true);
    expect(r('12,500', 70000)).toBe('validation:number');
    expect(r('12.500', 70000)).toBe(true);
  });

  it('min_value_currency: exactly the min passes, less fails', () => {
    const r = rule('min_value_currency');
    expect(r(5, 5)).toBe(true);
    expect(r(4.99, 5)).toBe('validation:min_value_currency');
    expect(r(0, 5)).toBe('validation:min_value_currency');
    expect(r(-1, 0)).toBe('validation:min_value_currency');
  });

  it('property_contents: at most the max', () => {
    const r = rule('property_contents');
    expect(r(60000, 60000)).toBe(true);
    expect(r(60001, 60000)).toBe('validation:property_contents');
  });

  it('endorsement_max_value_currency: existing plus entered at most the cap', () => {
    const r = rule('endorsement_max_value_currency');
    expect(r(100000, 600000)).toBe(true);
    expect(r(100001, 600000)).toBe('validation:endorsement_max_value_currency');
    expect(r(50000, 600000, 650000)).toBe(true);
    expect(r(50001, '600000', '650000')).toBe('validation:endorsement_max_value_currency');
    expect(r(700000, undefined)).toBe(true);
    expect(r(700001, '')).toBe('validation:endorsement_max_value_currency');
    expect(r('x', 1)).toBe('validation:number');
  });
});

describe('length and text rules', () => {
  it('exact_length', () => {
    const r = rule('exact_length');
    expect(r('12345678', 8)).toBe(true);
    expect(r('1234567', 8)).toBe('validation:exact_length');
    expect(r('123456789', 8)).toBe('validation:exact_length');
    expect(r(12345678, '8')).toBe(true);
    expect(r('Ελλάδα', 6)).toBe(true);
  });

  it('max_length: exactly max passes, max + 1 fails', () => {
    const r = rule('max_length');
    expect(r('a'.repeat(1024), 1024)).toBe(true);
    expect(r('a'.repeat(1025), 1024)).toBe('validation:max_length');
    expect(r('α'.repeat(1024), 1024)).toBe(true);
    expect(r(['a'], 5)).toBe('validation:invalid');
  });

  it('contains_string: the value must not contain the text, ignoring case', () => {
    const r = rule('contains_string');
    expect(r('Secret!2024', '99123456')).toBe(true);
    expect(r('Pass99123456!', '99123456')).toBe('validation:contains_string');
    expect(r('MyNameIsAndreas', 'andreas')).toBe('validation:contains_string');
    expect(r('Pass99123456!', '99 123456')).toBe('validation:contains_string');
    expect(r('anything', '')).toBe(true);
    expect(r('anything', undefined)).toBe(true);
    expect(r('call 99123456', 99123456)).toBe('validation:contains_string');
  });

  it('time: HH:MM from 00:00 to 23:59', () => {
    const r = rule('time');
    for (const t of ['00:00', '09:05', '12:30', '23:59']) expect(r(t), t).toBe(true);
    for (const t of ['24:00', '23:60', '9:05', '09:5', '0905', '09:05:00', ' 09:05']) {
      expect(r(t), t).toBe('validation:time');
    }
  });

  it('card_expiry: MM/YY, not before the current month', () => {
    const r = rule('card_expiry');
    expect(r('03/26', '2026-03-31')).toBe(true);
    expect(r('02/26', '2026-03-01')).toBe('validation:card_expiry_past');
    expect(r('12/25', '2026-01-15')).toBe('validation:card_expiry_past');
    expect(r('01/27', '2026-12-31')).toBe(true);
    expect(r('12/31')).toBe(true);
    expect(r('13/26')).toBe('validation:card_expiry_format');
    expect(r('00/26')).toBe('validation:card_expiry_format');
    expect(r('3/26')).toBe('validation:card_expiry_format');
    expect(r('03/2026')).toBe('validation:card_expiry_format');
    expect(r(326)).toBe('validation:card_expiry_format');
  });
});

describe('password (generic rule)', () => {
  const r = rule('password');

  it('accepts 8 characters with every class', () => {
    expect(r('Abcdef1!')).toBe(true);
    expect(r('Λεμεσός2026#A')).toBe(true);
    for (const special of '~!@#$%^&*+=(){}/|?<>\\') expect(r(`Abcdef1${special}`), special).toBe(true);
  });

  it('names what is missing', () => {
    expect(r('Abcde1!')).toBe('validation:password_length');
    expect(r('Abcdefg!')).toBe('validation:password_digit');
    expect(r('1234567!')).toBe('validation:password_letter');
    expect(r('abcdef1!')).toBe('validation:password_uppercase');
    expect(r('Abcdefg1')).toBe('validation:password_special');
    expect(r('Abcdef1-')).toBe('validation:password_special');
    expect(r('Abcdef1_')).toBe('validation:password_special');
  });
});

describe('portal_password', () => {
  const r = rule('portal_password');

  it('accepts 10 characters with a capital, a digit and a special', () => {
    expect(r('Limassol1!')).toBe(true);
    expect(r('limassoL-2')).toBe(true);
    expect(r('Limassol1!', '+357 99 123456')).toBe(true);
  });

  it('names what is missing', () => {
    expect(r('Limasso1!')).toBe('validation:portal_password_length');
    expect(r('limassol1!')).toBe('validation:portal_password_uppercase');
    expect(r('λεμεσόςΛ1!')).toBe('validation:portal_password_uppercase');
    expect(r('Limassol!!')).toBe('validation:portal_password_digit');
    expect(r('Limassol12')).toBe('validation:portal_password_special');
  });

  it('refuses the mobile number in any of its forms', () => {
    expect(r('Abc!99123456', '99123456')).toBe('validation:portal_password_mobile');
    expect(r('Abc!99123456', '+35799123456')).toBe('validation:portal_password_mobile');
    expect(r('Abc!99123456', '0035799123456')).toBe('validation:portal_password_mobile');
    expect(r('Abc!99123456', '+357 99 123 456')).toBe('validation:portal_password_mobile');
    expect(r('X!+35799123456', '+35799123456')).toBe('validation:portal_password_mobile');
    expect(r('Abc!99-123-456', '99123456')).toBe('validation:portal_password_mobile');
    expect(r('Abc!99123457', '99123456')).toBe(true);
    expect(r('Abc!99123456', '')).toBe(true);
  });
});

describe('e-mail', () => {
  const email = rule('email');

  it('accepts practical addresses', () => {
    for (const a of [
      'maria.georgiou@cytanet.com.cy',
      'a+b@primetel.com.cy',
      'x_y-z@example.co',
      'a@xn--hxajbheg2az3al.gr',
    ]) {
      expect(email(a), a).toBe(true);
    }
  });

  it('refuses malformed ones', () => {
    for (const a of [
      'maria',
      'maria@',
      '@cytanet.com.cy',
      'maria@cytanet',
      'maria@@cytanet.com.cy',
      'maria..g@cytanet.com.cy',
      '.maria@cytanet.com.cy',
      'maria @cytanet.com.cy',
      'maria@-cytanet.com.cy',
      'maria@cytanet.c',
      'μαρία@cytanet.com.cy',
      ` maria@cytanet.com.cy`,
      `${'a'.repeat(65)}@cytanet.com.cy`,
    ]) {
      expect(email(a), a).toBe('validation:email');
    }
  });

  it('email_match ignores case and surrounding spaces only', () => {
    const r = rule('email_match');
    expect(r('Maria@Cytanet.com.cy', 'maria@cytanet.com.cy')).toBe(true);
    expect(r('maria@cytanet.com.cy ', 'maria@cytanet.com.cy')).toBe(true);
    expect(r('maria@cytanet.com', 'maria@cytanet.com.cy')).toBe('validation:email_match');
    expect(r('maria@cytanet.com.cy', '')).toBe('validation:email_match');
    expect(r('maria@cytanet.com.cy', undefined)).toBe('validation:email_match');
  });
});

describe('names and numbers', () => {
  it('greek_name', () => {
    const r = rule('greek_name');
    for (const n of [
      'ΑΝΔΡΕΑΣ',
      'Ανδρέας',
      'Μαρία-Ελένη',
      'Χαραλάμπους Γεωργίου',
      'Ευφροσύνη',
      'Ϊαν',
      'Προϊστάμενος',
      'Ο’Νηλ',
      "Ντ'Αρκ",
    ]) {
      expect(r(n), n).toBe(true);
    }
    // Decomposed accents (typed on some keyboards) are composed first.
    expect(r('Ανδρε\u0301ας')).toBe(true);
    for (const n of [
      'Andreas',
      'Ανδρέας Smith',
      'Ανδρέας2',
      'Ανδρέας.',
      '-Ανδρέας',
      'Ανδρέας-',
      ' Ανδρέας',
      'Ἀνδρέας',
    ]) {
      expect(r(n), n).toBe('validation:greek_name');
    }
  });

  it('digits_only', () => {
    const r = rule('digits_only');
    expect(r('0123456')).toBe(true);
    expect(r(123456)).toBe(true);
    expect(r('K123456')).toBe('validation:digits_only');
    expect(r('123 456')).toBe('validation:digits_only');
    expect(r('-12')).toBe('validation:digits_only');
    expect(r('١٢٣')).toBe('validation:digits_only');
  });

  it('cypriot_phone: landlines and mobiles, with or without the country code', () => {
    const r = rule('cypriot_phone');
    for (const p of ['22123456', '99123456', '25 123456', '+357 99 123456', '0035722123456', '96 12 34 56']) {
      expect(r(p), p).toBe(true);
    }
    for (const p of [
      '2212345',
      '221234567',
      '12345678',
      '80008787',
      '+30 99123456',
      '357 99123456',
      '99-123456',
    ]) {
      expect(r(p), p).toBe('validation:cypriot_phone');
    }
  });

  it('cypriot_mobile: 9x only', () => {
    const r = rule('cypriot_mobile');
    expect(r('99123456')).toBe(true);
    expect(r('+357 97 123456')).toBe(true);
    expect(r('22123456')).toBe('validation:cypriot_mobile');
    expect(r('9912345')).toBe('validation:cypriot_mobile');
  });

  it('postal_code_cy: four digits', () => {
    const r = rule('postal_code_cy');
    expect(r('3036')).toBe(true);
    expect(r(1065)).toBe(true);
    expect(r('303')).toBe('validation:postal_code_cy');
    expect(r('30365')).toBe('validation:postal_code_cy');
    expect(r('CY3036')).toBe('validation:postal_code_cy');
  });
});

describe('IBAN', () => {
  const r = rule('iban');

  it('accepts valid IBANs with or without spaces', () => {
    expect(r(CY_IBAN)).toBe(true);
    expect(r(CY_IBAN.replace(/ /g, ''))).toBe(true);
    expect(r(CY_IBAN.toLowerCase())).toBe(true);
    expect(r('GR16 0110 1250 0000 0001 2300 695')).toBe(true);
    expect(r('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(r('GB29 NWBK 6016 1331 9268 19')).toBe(true);
  });

  it('refuses a wrong check sum, a wrong length and bad characters', () => {
    expect(r('CY18 0020 0128 0000 0012 0052 7600')).toBe('validation:iban');
    expect(r('CY17 0020 0128 0000 0012 0052 7601')).toBe('validation:iban');
    expect(r('CY17 0020 0128 0000 0012 0052 760')).toBe('validation:iban');
    expect(r('CY17 0020 0128 0000 0012 0052 7600 0')).toBe('validation:iban');
    expect(r('CY17-0020-0128-0000-0012-0052-76#0')).toBe('validation:iban');
    expect(r('1717 0020 0128 0000 0012 0052 7600')).toBe('validation:iban');
    expect(r('CY')).toBe('validation:iban');
  });

  it('normalises and groups by four', () => {
    expect(normalizeIban(' cy17 0020 0128 0000 0012 0052 7600 ')).toBe('CY17002001280000001200527600');
    expect(formatIbanGroups('CY17002001280000001200527600')).toBe(CY_IBAN);
    expect(formatIbanGroups('gr1601101250000000012300695')).toBe('GR16 0110 1250 0000 0001 2300 695');
    expect(formatIbanGroups('CY17')).toBe('CY17');
    expect(formatIbanGroups('')).toBe('');
  });
});

describe('date rules', () => {
  const today = '2026-03-05';

  it('date: a real calendar date', () => {
    const r = rule('date');
    expect(r('2024-02-29')).toBe(true);
    expect(r('2026-02-29')).toBe('validation:date');
    expect(r('05/03/2026')).toBe('validation:date');
    expect(r(20260305)).toBe('validation:date');
  });

  it('date_range: start at most 30 days ahead, not in the past', () => {
    const r = rule('date_range');
    expect(r('2026-03-05', 'today', 'today+30d', today)).toBe(true);
    expect(r('2026-04-04', 'today', 'today+30d', today)).toBe(true);
    expect(r('2026-04-05', 'today', 'today+30d', today)).toBe('validation:date_max');
    expect(r('2026-03-04', 'today', 'today+30d', today)).toBe('validation:date_min');
    expect(r('2026-02-30', 'today', 'today+30d', today)).toBe('validation:date');
  });

  it('date_range: open ends, literal dates and month offsets', () => {
    const r = rule('date_range');
    expect(r('1900-01-01', null, 'today', today)).toBe(true);
    expect(r('2026-03-06', undefined, 'today', today)).toBe('validation:date_max');
    expect(r('2025-10-07', '2025-10-07', '2025-11-03', today)).toBe(true);
    expect(r('2025-11-04', '2025-10-07', '2025-11-03', today)).toBe('validation:date_max');
    expect(r('2026-04-05', 'today', 'today+1m', today)).toBe(true);
    expect(r('2026-04-06', 'today', 'today+1m', today)).toBe('validation:date_max');
    expect(r('2008-03-06', undefined, 'today-18y', today)).toBe('validation:date_max');
  });

  it('age_between: whole years on today, bounds inclusive', () => {
    const r = rule('age_between');
    expect(r('2008-03-05', 18, 70, today)).toBe(true);
    expect(r('2008-03-06', 18, 70, today)).toBe('validation:age_min');
    expect(r('1955-03-06', 18, 70, today)).toBe(true);
    expect(r('1955-03-05', 18, 70, today)).toBe('validation:age_max');
    expect(r('2001-03-06', '25', '70', today)).toBe('validation:age_min');
    expect(r('1930-01-01', 18, null, today)).toBe(true);
    expect(r('not a date', 18, 70, today)).toBe('validation:date');
  });

  it('uses Nicosia’s today when none is given', () => {
    expect(rule('date_range')('1900-01-01', undefined, 'today')).toBe(true);
    expect(rule('date_range')('2999-01-01', undefined, 'today')).toBe('validation:date_max');
    expect(rule('age_between')('1900-01-01', 18, 70)).toBe('validation:age_max');
  });
});

describe('collections', () => {
  it('max_items: at most n entries', () => {
    const r = rule('max_items');
    expect(r([1, 2, 3], 3)).toBe(true);
    expect(r([1, 2, 3, 4], 3)).toBe('validation:max_items');
    expect(r([], 0)).toBe(true);
    expect(r('abc', 3)).toBe('validation:invalid');
  });

  it('count_equals: exactly n entries', () => {
    const r = rule('count_equals');
    expect(r([{ COST: 1 }, { COST: 2 }], 2)).toBe(true);
    expect(r([{ COST: 1 }, { COST: 2 }], '2')).toBe(true);
    expect(r([{ COST: 1 }], 2)).toBe('validation:count_equals');
    expect(r([1, 2, 3], 2)).toBe('validation:count_equals');
    expect(r([1, 2], undefined)).toBe(true);
    expect(r({ length: 2 }, 2)).toBe('validation:invalid');
  });

  it('equals_sum: the total equals the sum of the values', () => {
    const r = rule('equals_sum');
    expect(r(7500, [2500, 5000])).toBe(true);
    expect(r(7500, 2500, 5000)).toBe(true);
    expect(r('7500', ['2500', [3000, 2000]])).toBe(true);
    expect(r(7500, [2500, 4999])).toBe('validation:equals_sum');
    expect(r(7500, [2500, 5000, 1])).toBe('validation:equals_sum');
    expect(r(0.3, [0.1, 0.2])).toBe(true);
    expect(r(5000, [5000, '', null])).toBe(true);
    expect(r(5000, [5000, 'abc'])).toBe('validation:equals_sum');
    expect(r(5000, [])).toBe('validation:equals_sum');
    expect(r('five', [5])).toBe('validation:number');
  });
});
