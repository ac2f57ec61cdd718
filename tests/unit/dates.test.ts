import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  addWorkingDays,
  addYears,
  ageOn,
  cyprusPublicHolidays,
  diffDays,
  displayToYmd,
  greetingPeriod,
  isoWeekday,
  isValidYmd,
  isWorkingDay,
  isZeroDate,
  nowPartsInNicosia,
  orthodoxEaster,
  policyEndDate,
  resolveDateExpr,
  todayInNicosia,
  ymdToDisplay,
} from '../../src/engine/dates';

describe('today and now in Nicosia', () => {
  it('is UTC+2 in winter', () => {
    expect(todayInNicosia(new Date('2026-12-31T21:59:00Z'))).toBe('2026-12-31');
    expect(todayInNicosia(new Date('2026-12-31T22:00:00Z'))).toBe('2027-01-01');
    expect(nowPartsInNicosia(new Date('2026-01-15T10:05:00Z'))).toEqual({
      ymd: '2026-01-15',
      hour: 12,
      minute: 5,
    });
  });

  it('is UTC+3 in summer', () => {
    expect(todayInNicosia(new Date('2026-06-30T20:59:00Z'))).toBe('2026-06-30');
    expect(todayInNicosia(new Date('2026-06-30T21:00:00Z'))).toBe('2026-07-01');
    expect(nowPartsInNicosia(new Date('2026-07-01T08:45:00Z'))).toEqual({
      ymd: '2026-07-01',
      hour: 11,
      minute: 45,
    });
  });

  it('follows the switch to summer time (29 March 2026, 03:00 local)', () => {
    // 00:59 UTC is 02:59 EET; 01:00 UTC is 04:00 EEST.
    expect(nowPartsInNicosia(new Date('2026-03-29T00:59:00Z'))).toEqual({
      ymd: '2026-03-29',
      hour: 2,
      minute: 59,
    });
    expect(nowPartsInNicosia(new Date('2026-03-29T01:00:00Z'))).toEqual({
      ymd: '2026-03-29',
      hour: 4,
      minute: 0,
    });
    // 21:30 UTC on the day before is 23:30 local, still the 28th; 22:30 UTC is past midnight.
    expect(todayInNicosia(new Date('2026-03-28T21:30:00Z'))).toBe('2026-03-28');
    expect(todayInNicosia(new Date('2026-03-28T22:30:00Z'))).toBe('2026-03-29');
  });

  it('follows the switch back (25 October 2026, 04:00 local)', () => {
    expect(nowPartsInNicosia(new Date('2026-10-24T21:30:00Z'))).toEqual({
      ymd: '2026-10-25',
      hour: 0,
      minute: 30,
    });
    expect(nowPartsInNicosia(new Date('2026-10-25T00:30:00Z'))).toEqual({
      ymd: '2026-10-25',
      hour: 3,
      minute: 30,
    });
    expect(nowPartsInNicosia(new Date('2026-10-25T01:30:00Z'))).toEqual({
      ymd: '2026-10-25',
      hour: 3,
      minute: 30,
    });
    expect(nowPartsInNicosia(new Date('2026-10-25T21:30:00Z'))).toEqual({
      ymd: '2026-10-25',
      hour: 23,
      minute: 30,
    });
    expect(todayInNicosia(new Date('2026-10-25T22:00:00Z'))).toBe('2026-10-26');
  });

  it('reports midnight as hour 0', () => {
    expect(nowPartsInNicosia(new Date('2026-01-14T22:00:00Z'))).toEqual({
      ymd: '2026-01-15',
      hour: 0,
      minute: 0,
    });
  });
});

describe('validity and display', () => {
  it('recognises the zero date', () => {
    expect(isZeroDate('0000-00-00')).toBe(true);
    expect(isZeroDate('')).toBe(false);
    expect(isZeroDate(null)).toBe(false);
  });

  it('accepts only real Y-m-d dates', () => {
    expect(isValidYmd('2026-03-05')).toBe(true);
    expect(isValidYmd('2024-02-29')).toBe(true);
    expect(isValidYmd('2000-02-29')).toBe(true);
    expect(isValidYmd('2026-02-29')).toBe(false);
    expect(isValidYmd('1900-02-29')).toBe(false);
    expect(isValidYmd('2026-04-31')).toBe(false);
    expect(isValidYmd('2026-13-01')).toBe(false);
    expect(isValidYmd('2026-00-10')).toBe(false);
    expect(isValidYmd('0000-00-00')).toBe(false);
    expect(isValidYmd('2026-3-5')).toBe(false);
    expect(isValidYmd('05/03/2026')).toBe(false);
    expect(isValidYmd(20260305)).toBe(false);
    expect(isValidYmd(undefined)).toBe(false);
  });

  it('shows Y-m-d as DD/MM/YYYY, and empty for zero or bad dates', () => {
    expect(ymdToDisplay('2026-03-05')).toBe('05/03/2026');
    expect(ymdToDisplay('0000-00-00')).toBe('');
    expect(ymdToDisplay('')).toBe('');
    expect(ymdToDisplay(undefined)).toBe('');
    expect(ymdToDisplay('2026-02-30')).toBe('');
  });

  it('reads DD/MM/YYYY strictly', () => {
    expect(displayToYmd('05/03/2026')).toBe('2026-03-05');
    expect(displayToYmd(' 29/02/2024 ')).toBe('2024-02-29');
    expect(displayToYmd('29/02/2026')).toBeNull();
    expect(displayToYmd('31/04/2026')).toBeNull();
    expect(displayToYmd('5/3/2026')).toBeNull();
    expect(displayToYmd('05-03-2026')).toBeNull();
    expect(displayToYmd('05/03/26')).toBeNull();
    expect(displayToYmd('00/03/2026')).toBeNull();
    expect(displayToYmd('')).toBeNull();
  });
});

describe('arithmetic', () => {
  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-03-05', 30)).toBe('2026-04-04');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-03-05', 0)).toBe('2026-03-05');
  });

  it('is unaffected by summer time (no 23- or 25-hour days)', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
    expect(diffDays('2026-03-28', '2026-03-30')).toBe(2);
    expect(diffDays('2026-10-24', '2026-10-26')).toBe(2);
  });

  it('clamps months to their last day', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2026-11-15', 2)).toBe('2027-01-15');
    expect(addMonths('2026-01-15', -13)).toBe('2024-12-15');
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
    expect(addYears('2024-02-29', 4)).toBe('2028-02-29');
    expect(addYears('2026-03-05', -18)).toBe('2008-03-05');
  });

  it('counts days from a to b', () => {
    expect(diffDays('2026-03-01', '2026-03-31')).toBe(30);
    expect(diffDays('2026-03-31', '2026-03-01')).toBe(-30);
    expect(diffDays('2024-01-01', '2025-01-01')).toBe(366);
    expect(diffDays('2025-01-01', '2026-01-01')).toBe(365);
  });

  it('refuses invalid dates instead of guessing', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => diffDays('0000-00-00', '2026-01-01')).toThrow(RangeError);
  });

  it('knows the weekday', () => {
    expect(isoWeekday('2026-03-05')).toBe(4);
    expect(isoWeekday('2026-03-08')).toBe(7);
    expect(isoWeekday('2026-03-09')).toBe(1);
    expect(isoWeekday('2000-01-01')).toBe(6);
  });
});

describe('ages', () => {
  it('counts whole years', () => {
    expect(ageOn('2008-03-05', '2026-03-05')).toBe(18);
    expect(ageOn('2008-03-06', '2026-03-05')).toBe(17);
    expect(ageOn('1956-03-04', '2026-03-05')).toBe(70);
    expect(ageOn('1990-12-31', '2026-01-01')).toBe(35);
  });

  it('makes someone born on 29 February a year older on 1 March in a common year', () => {
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
    expect(ageOn('2008-02-29', '2028-02-29')).toBe(20);
  });
});

describe('date expressions', () => {
  const today = '2026-03-05';

  it('resolves today with offsets', () => {
    expect(resolveDateExpr('today', today)).toBe('2026-03-05');
    expect(resolveDateExpr('today+30d', today)).toBe('2026-04-04');
    expect(resolveDateExpr('today-18y', today)).toBe('2008-03-05');
    expect(resolveDateExpr('today+1m', today)).toBe('2026-04-05');
    expect(resolveDateExpr('today + 2w', today)).toBe('2026-03-19');
    expect(resolveDateExpr('Today-1d', today)).toBe('2026-03-04');
    expect(resolveDateExpr('today+1m', '2026-01-31')).toBe('2026-02-28');
  });

  it('passes literal dates through and refuses nonsense', () => {
    expect(resolveDateExpr('2025-10-07', today)).toBe('2025-10-07');
    expect(resolveDateExpr('2025-02-29', today)).toBeNull();
    expect(resolveDateExpr('tomorrow', today)).toBeNull();
    expect(resolveDateExpr('today+30', today)).toBeNull();
    expect(resolveDateExpr('today*2d', today)).toBeNull();
    expect(resolveDateExpr('today', 'not a date')).toBeNull();
  });
});

describe('policy end date', () => {
  it('ends a one-year policy the day before the anniversary', () => {
    expect(policyEndDate('2026-03-05')).toBe('2027-03-04');
    expect(policyEndDate('2026-03-05', { years: 1 })).toBe('2027-03-04');
    expect(policyEndDate('2026-01-01')).toBe('2026-12-31');
    expect(policyEndDate('2026-12-31')).toBe('2027-12-30');
  });

  it('handles leap days', () => {
    expect(policyEndDate('2024-02-29')).toBe('2025-02-28');
    expect(policyEndDate('2027-03-01')).toBe('2028-02-29');
    expect(policyEndDate('2023-03-01')).toBe('2024-02-29');
  });

  it('handles months and days', () => {
    expect(policyEndDate('2026-03-05', { months: 1 })).toBe('2026-04-04');
    expect(policyEndDate('2026-01-31', { months: 1 })).toBe('2026-02-28');
    expect(policyEndDate('2026-03-05', { days: 10 })).toBe('2026-03-14');
    expect(policyEndDate('2026-03-05', { days: 1 })).toBe('2026-03-05');
    expect(policyEndDate('2026-03-05', { years: 1, months: 6 })).toBe('2027-09-04');
  });

  it('refuses a zero duration', () => {
    expect(() => policyEndDate('2026-03-05', {})).toThrow(RangeError);
  });
});

describe('Cyprus public holidays', () => {
  it('computes Orthodox Easter', () => {
    expect(orthodoxEaster(2024)).toBe('2024-05-05');
    expect(orthodoxEaster(2025)).toBe('2025-04-20');
    expect(orthodoxEaster(2026)).toBe('2026-04-12');
    expect(orthodoxEaster(2027)).toBe('2027-05-02');
    expect(orthodoxEaster(2023)).toBe('2023-04-16');
  });

  it('lists the fixed and movable holidays of 2026 in order', () => {
    expect(cyprusPublicHolidays(2026)).toEqual([
      '2026-01-01',
      '2026-01-06',
      '2026-02-23', // Green Monday
      '2026-03-25',
      '2026-04-01',
      '2026-04-10', // Good Friday
      '2026-04-13', // Easter Monday
      '2026-04-14', // Easter Tuesday
      '2026-05-01',
      '2026-06-01', // Kataklysmos
      '2026-08-15',
      '2026-10-01',
      '2026-10-28',
      '2026-12-24',
      '2026-12-25',
      '2026-12-26',
    ]);
  });

  it('has no duplicates when a movable holiday falls on a fixed one', () => {
    // 2027: Good Friday 30 April, Easter Monday 3 May; 2021: Easter 2 May, Good Friday 30 April.
    const list = cyprusPublicHolidays(2027);
    expect(new Set(list).size).toBe(list.length);
    expect(list).toContain('2027-03-15');
    expect(list).toContain('2027-06-21');
  });

  it('returns a fresh copy each time', () => {
    const list = cyprusPublicHolidays(2026);
    list.push('2026-07-07');
    expect(cyprusPublicHolidays(2026)).not.toContain('2026-07-07');
  });
});

describe('working days', () => {
  it('knows weekends and holidays are not working days', () => {
    expect(isWorkingDay('2026-03-05')).toBe(true);
    expect(isWorkingDay('2026-03-07')).toBe(false);
    expect(isWorkingDay('2026-03-25')).toBe(false);
    expect(isWorkingDay('2026-04-14')).toBe(false);
  });

  it('skips weekends', () => {
    expect(addWorkingDays('2026-03-05', 2)).toBe('2026-03-09');
    expect(addWorkingDays('2026-03-06', 1)).toBe('2026-03-09');
    expect(addWorkingDays('2026-03-07', 1)).toBe('2026-03-09');
  });

  it('skips Christmas', () => {
    // Wed 23 Dec 2026: 24, 25, 26 holidays, 27 Sunday.
    expect(addWorkingDays('2026-12-23', 1)).toBe('2026-12-28');
    expect(addWorkingDays('2026-12-23', 2)).toBe('2026-12-29');
    // Into the new year: 31 Dec Thu, 1 Jan holiday, weekend.
    expect(addWorkingDays('2026-12-31', 1)).toBe('2027-01-04');
  });

  it('skips Easter', () => {
    // Thu 9 April 2026: Good Friday, weekend, Easter Monday and Tuesday.
    expect(addWorkingDays('2026-04-09', 1)).toBe('2026-04-15');
    expect(addWorkingDays('2026-04-09', 2)).toBe('2026-04-16');
    // Green Monday 2026 is 23 February.
    expect(addWorkingDays('2026-02-20', 1)).toBe('2026-02-24');
  });

  it('goes back for a negative count and stays put for zero', () => {
    expect(addWorkingDays('2026-04-15', -1)).toBe('2026-04-09');
    expect(addWorkingDays('2026-04-13', 0)).toBe('2026-04-13');
  });
});

describe('greeting period', () => {
  it('splits the day at 12:00 and 18:00', () => {
    expect(greetingPeriod(0)).toBe('morning');
    expect(greetingPeriod(11)).toBe('morning');
    expect(greetingPeriod(12)).toBe('afternoon');
    expect(greetingPeriod(17)).toBe('afternoon');
    expect(greetingPeriod(18)).toBe('evening');
    expect(greetingPeriod(23)).toBe('evening');
  });
});
