import { describe, expect, it } from 'vitest';
import { checkAmountText, filterAmountTyping } from '../../../src/ui/format/amount';
import { checkExpiryText, formatExpiryTyping } from '../../../src/ui/format/cardExpiry';
import { isDigit, reformat, rewriteKeepingSelection } from '../../../src/ui/format/caret';
import {
  checkDateText,
  formatDateTyping,
  preloadedDate,
  resolveBound,
} from '../../../src/ui/format/dateInput';
import { compactIban, formatIbanTyping } from '../../../src/ui/format/iban';
import { checkNumberText } from '../../../src/ui/format/number';
import { checkPhoneText, formatPhoneTyping, phoneToText } from '../../../src/ui/format/phone';
import { checkTimeText, formatTimeTyping } from '../../../src/ui/format/timeInput';

describe('date typing', () => {
  it('inserts slashes only before a following digit, so backspace over a slash works', () => {
    const steps = ['0', '05', '050', '0503', '05032', '050320', '0503202', '05032026'];
    expect(steps.map(formatDateTyping)).toEqual([
      '0',
      '05',
      '05/0',
      '05/03',
      '05/03/2',
      '05/03/20',
      '05/03/202',
      '05/03/2026',
    ]);
    expect(formatDateTyping('05')).toBe('05');
  });

  it('pads a single-digit day or month when the visitor types the separator', () => {
    expect(formatDateTyping('5/')).toBe('05/');
    expect(formatDateTyping('5/3/2026')).toBe('05/03/2026');
    expect(formatDateTyping('5.3.2026')).toBe('05/03/2026');
    expect(formatDateTyping('05//03')).toBe('05/03');
  });

  it('drops letters and digits beyond the year, and turns a pasted Y-m-d around', () => {
    expect(formatDateTyping('05a03b2026')).toBe('05/03/2026');
    expect(formatDateTyping('050320261')).toBe('05/03/2026');
    expect(formatDateTyping('2026-03-05')).toBe('05/03/2026');
  });

  it('reads complete, real dates only', () => {
    expect(checkDateText('', {})).toEqual({ kind: 'empty' });
    expect(checkDateText('05/03/20', {})).toEqual({ kind: 'incomplete' });
    expect(checkDateText('05/03/2026', {})).toEqual({ kind: 'ok', ymd: '2026-03-05' });
    expect(checkDateText('31/02/2026', {})).toEqual({ kind: 'invalid' });
    expect(checkDateText('29/02/2028', {})).toEqual({ kind: 'ok', ymd: '2028-02-29' });
    expect(checkDateText('29/02/2026', {})).toEqual({ kind: 'invalid' });
    expect(checkDateText('00/00/0000', {})).toEqual({ kind: 'invalid' });
    expect(checkDateText('05/03/0202', {})).toEqual({ kind: 'invalid' });
  });

  it('checks min and max (inclusive)', () => {
    const bounds = { min: '2026-03-01', max: '2026-03-31' };
    expect(checkDateText('01/03/2026', bounds)).toEqual({ kind: 'ok', ymd: '2026-03-01' });
    expect(checkDateText('31/03/2026', bounds)).toEqual({ kind: 'ok', ymd: '2026-03-31' });
    expect(checkDateText('28/02/2026', bounds)).toEqual({ kind: 'beforeMin', min: '2026-03-01' });
    expect(checkDateText('01/04/2026', bounds)).toEqual({ kind: 'afterMax', max: '2026-03-31' });
  });

  it('clears an invalid, zero or out-of-bounds preloaded value and keeps a good one', () => {
    const bounds = { min: '2026-01-01' };
    expect(preloadedDate('2026-03-05', bounds)).toEqual({ text: '05/03/2026', clear: false });
    expect(preloadedDate(undefined, bounds)).toEqual({ text: '', clear: false });
    expect(preloadedDate('0000-00-00', bounds)).toEqual({ text: '', clear: true });
    expect(preloadedDate('', bounds)).toEqual({ text: '', clear: true });
    expect(preloadedDate('2026-02-30', bounds)).toEqual({ text: '', clear: true });
    expect(preloadedDate('05/03/2026', bounds)).toEqual({ text: '', clear: true });
    expect(preloadedDate('2025-12-31', bounds)).toEqual({ text: '', clear: true });
  });

  it('resolves bounds given as dates or unresolved "today" expressions', () => {
    expect(resolveBound('2026-03-05')).toBe('2026-03-05');
    expect(resolveBound('today+30d', '2026-03-05')).toBe('2026-04-04');
    expect(resolveBound('tomorrow', '2026-03-05')).toBeUndefined();
    expect(resolveBound(undefined)).toBeUndefined();
  });
});

describe('caret mapping', () => {
  it('keeps the caret after the same digit when a slash is inserted', () => {
    // Typing "3" after "05/0" with the caret at the end.
    expect(reformat('05/03', 5, formatDateTyping, isDigit)).toEqual({ text: '05/03', caret: 5 });
    // Typing the third digit: the slash appears before it and the caret follows the digit.
    expect(reformat('050', 3, formatDateTyping, isDigit)).toEqual({ text: '05/0', caret: 4 });
    // Editing the day in "05/03/2026": caret after the new digit, not at the end.
    expect(reformat('015/03/2026', 2, formatDateTyping, isDigit).caret).toBe(2);
  });

  it('deletes the digit before a separator when backspace removes the separator', () => {
    // "05/|03" and backspace: the 5 goes, not the slash (which the mask would write again).
    expect(reformat('0503', 2, formatDateTyping, isDigit, '05/03')).toEqual({ text: '00/3', caret: 1 });
    // Ordinary deletion of a digit is left alone.
    expect(reformat('05/3', 3, formatDateTyping, isDigit, '05/03')).toEqual({ text: '05/3', caret: 3 });
  });

  it('puts the caret after a separator the visitor typed', () => {
    expect(reformat('5/', 2, formatDateTyping, isDigit)).toEqual({ text: '05/', caret: 3 });
  });

  /** Just what rewriteKeepingSelection touches of an <input>. */
  function input(value: string, start: number, end: number) {
    return {
      value,
      selectionStart: start,
      selectionEnd: end,
      setSelectionRange(s: number, e: number) {
        this.selectionStart = s;
        this.selectionEnd = e;
      },
    };
  }

  it('keeps a whole selection whole when a focused amount loses its grouping', () => {
    const el = input('640,001', 0, 7);
    rewriteKeepingSelection(el as unknown as HTMLInputElement, '640001', isDigit);
    expect(el).toMatchObject({ value: '640001', selectionStart: 0, selectionEnd: 6 });
  });

  it('keeps a caret or part selection after the same digits', () => {
    const caret = input('12,500', 4, 4); // after "12,5"
    rewriteKeepingSelection(caret as unknown as HTMLInputElement, '12500', isDigit);
    expect(caret).toMatchObject({ selectionStart: 3, selectionEnd: 3 });
    const part = input('1,250,000', 2, 5); // "250"
    rewriteKeepingSelection(part as unknown as HTMLInputElement, '1250000', isDigit);
    expect(part).toMatchObject({ selectionStart: 1, selectionEnd: 4 });
  });
});

describe('time and card expiry', () => {
  it('formats and checks HH:MM', () => {
    expect(formatTimeTyping('0930')).toBe('09:30');
    expect(formatTimeTyping('9:3')).toBe('09:3');
    expect(checkTimeText('09:30')).toEqual({ kind: 'ok', value: '09:30' });
    expect(checkTimeText('09:3')).toEqual({ kind: 'incomplete' });
    expect(checkTimeText('24:00')).toEqual({ kind: 'invalid' });
    expect(checkTimeText('23:60')).toEqual({ kind: 'invalid' });
  });

  it('formats and checks MM/YY against today', () => {
    expect(formatExpiryTyping('0828')).toBe('08/28');
    expect(checkExpiryText('08/28', '2026-03-05')).toEqual({ kind: 'ok', value: '08/28' });
    expect(checkExpiryText('03/26', '2026-03-05')).toEqual({ kind: 'ok', value: '03/26' });
    expect(checkExpiryText('02/26', '2026-03-05')).toEqual({ kind: 'expired' });
    expect(checkExpiryText('13/28', '2026-03-05')).toEqual({ kind: 'invalid' });
    expect(checkExpiryText('00/28', '2026-03-05')).toEqual({ kind: 'invalid' });
    expect(checkExpiryText('08/2', '2026-03-05')).toEqual({ kind: 'incomplete' });
  });
});

describe('phone', () => {
  it('shows "99 123456" and stores digits only', () => {
    expect(formatPhoneTyping('99123456')).toBe('99 123456');
    expect(formatPhoneTyping('991234567')).toBe('99 123456');
    expect(checkPhoneText('99 123456')).toEqual({ kind: 'ok', value: '99123456' });
    expect(phoneToText('22123456')).toBe('22 123456');
  });

  it('accepts and strips +357 / 00357', () => {
    expect(formatPhoneTyping('+35799123456')).toBe('+357 99 123456');
    expect(checkPhoneText('+357 99 123456')).toEqual({ kind: 'ok', value: '99123456' });
    expect(checkPhoneText('0035722123456')).toEqual({ kind: 'ok', value: '22123456' });
    expect(phoneToText('+35799123456')).toBe('99 123456');
    expect(formatPhoneTyping('+35')).toBe('+35');
    expect(checkPhoneText('+35')).toEqual({ kind: 'incomplete' });
  });

  it('refuses foreign, short and non-Cypriot numbers', () => {
    expect(checkPhoneText('+447911123456')).toEqual({ kind: 'foreign' });
    expect(checkPhoneText('99 1234')).toEqual({ kind: 'incomplete' });
    expect(checkPhoneText('55 123456')).toEqual({ kind: 'invalid' });
    expect(checkPhoneText('')).toEqual({ kind: 'empty' });
  });
});

describe('IBAN', () => {
  it('groups by four and stores compact upper case', () => {
    expect(formatIbanTyping('cy17002001280000001200527600')).toBe('CY17 0020 0128 0000 0012 0052 7600');
    expect(formatIbanTyping('GR16 0110 1250 0000 0001 2300 695')).toBe('GR16 0110 1250 0000 0001 2300 695');
    expect(compactIban('cy17 0020-0128')).toBe('CY1700200128');
    expect(compactIban('A'.repeat(40)).length).toBe(34);
    expect(formatIbanTyping('CY17 0020 0128', 8)).toBe('CY17 0020');
  });
});

describe('amounts', () => {
  it('reads whole euro typed in either grouping style', () => {
    expect(checkAmountText('12500')).toEqual({ kind: 'ok', value: 12500 });
    expect(checkAmountText('12.500')).toEqual({ kind: 'ok', value: 12500 });
    expect(checkAmountText('12,500')).toEqual({ kind: 'ok', value: 12500 });
    expect(checkAmountText('1.250.000 €')).toEqual({ kind: 'ok', value: 1250000 });
    expect(checkAmountText('12.500,00')).toEqual({ kind: 'ok', value: 12500 });
    expect(checkAmountText('')).toEqual({ kind: 'empty' });
  });

  it('refuses decimals and misplaced separators instead of guessing', () => {
    expect(checkAmountText('12,5')).toEqual({ kind: 'invalid' });
    expect(checkAmountText('12.50')).toEqual({ kind: 'invalid' });
    expect(checkAmountText('1.2500')).toEqual({ kind: 'invalid' });
    expect(checkAmountText('12.500,000')).toEqual({ kind: 'invalid' });
    expect(checkAmountText('1,000.500')).toEqual({ kind: 'invalid' });
    expect(filterAmountTyping('12a.5b00')).toBe('12.500');
  });

  it('reads plain numbers', () => {
    expect(checkNumberText('42', true)).toEqual({ kind: 'ok', value: 42 });
    expect(checkNumberText('4.5', true)).toEqual({ kind: 'invalid' });
    expect(checkNumberText('4,5', false)).toEqual({ kind: 'ok', value: 4.5 });
    expect(checkNumberText('-', true)).toEqual({ kind: 'invalid' });
  });
});
