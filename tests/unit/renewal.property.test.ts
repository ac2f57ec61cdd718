// The renewal calendar (src/engine/renewal.ts) over any dates, leap years included: the new
// contract starts the day after the old one ends, for a year by the purchase's own rule; the offer
// and its reminder come in order before expiry; at most two notices; expired only after the last day.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, diffDays, isLeapYear, policyEndDate } from '../../src/engine/dates';
import { renewalNoticesDue, renewalSchedule, renewalState } from '../../src/engine/renewal';

const ymd = fc.integer({ min: 0, max: 365 * 40 }).map((n) => addDays('2000-01-01', n));
const options = fc.record({
  offerDays: fc.integer({ min: 0, max: 90 }),
  reminderDays: fc.integer({ min: 0, max: 30 }),
});

describe('renewal schedule', () => {
  it('starts the day after expiry and runs a year, as a purchase on that day would', () => {
    fc.assert(
      fc.property(ymd, options, (start, o) => {
        const expiry = policyEndDate(start);
        const s = renewalSchedule(expiry, o);
        expect(diffDays(expiry, s.startDate)).toBe(1);
        expect(s.expiryDate).toBe(policyEndDate(s.startDate));
        const days = diffDays(s.startDate, s.expiryDate) + 1;
        expect([365, 366]).toContain(days);
      }),
    );
  });

  it('chains renewals without a gap or an overlap over forty years', () => {
    fc.assert(
      fc.property(ymd, (start) => {
        let expiry = policyEndDate(start);
        for (let year = 0; year < 40; year++) {
          const s = renewalSchedule(expiry);
          expect(addDays(expiry, 1)).toBe(s.startDate);
          expiry = s.expiryDate;
        }
      }),
      { numRuns: 50 },
    );
  });

  it('offers, then reminds, both on or before the last day of cover', () => {
    fc.assert(
      fc.property(ymd, options, (expiry, o) => {
        const s = renewalSchedule(expiry, o);
        expect(diffDays(s.offerOn, expiry)).toBe(o.offerDays);
        expect(s.offerOn <= s.reminderOn).toBe(true);
        expect(s.reminderOn <= expiry).toBe(true);
        expect(diffDays(s.reminderOn, expiry)).toBe(Math.min(o.reminderDays, o.offerDays));
      }),
    );
  });

  it('notices: none before the offer, one from it, two from the reminder, never more, never fewer later', () => {
    fc.assert(
      fc.property(ymd, options, fc.integer({ min: -120, max: 60 }), (expiry, o, offset) => {
        const s = renewalSchedule(expiry, o);
        const today = addDays(expiry, offset);
        const due = renewalNoticesDue(s, today);
        const tomorrow = renewalNoticesDue(s, addDays(today, 1));
        expect(tomorrow).toBeGreaterThanOrEqual(due);
        expect(due).toBe(today < s.offerOn ? 0 : today < s.reminderOn || s.reminderOn === s.offerOn ? 1 : 2);
        expect(renewalNoticesDue(s, addDays(expiry, 365))).toBe(s.reminderOn === s.offerOn ? 1 : 2);
      }),
    );
  });

  it('states: "Renew" from the offer to the last day, "Expired" after it unless paid, "Renewed" when paid', () => {
    fc.assert(
      fc.property(
        ymd,
        options,
        fc.integer({ min: -120, max: 60 }),
        fc.boolean(),
        (expiry, o, offset, paid) => {
          const s = renewalSchedule(expiry, o);
          const today = addDays(expiry, offset);
          const state = renewalState(s, expiry, today, paid);
          if (paid) expect(state).toBe('RENEWED');
          else if (offset > 0) expect(state).toBe('EXPIRED');
          else expect(state).toBe(today >= s.offerOn ? 'OFFERED' : 'NOT_DUE');
        },
      ),
    );
  });
});

describe('renewal dates around 29 February', () => {
  it('by default 30 and 7 days before expiry, across a leap day', () => {
    expect(renewalSchedule('2028-03-15')).toEqual({
      offerOn: '2028-02-14',
      reminderOn: '2028-03-08',
      startDate: '2028-03-16',
      expiryDate: '2029-03-15',
    });
    expect(isLeapYear(2028)).toBe(true);
  });

  it('a contract ending on 28 February of a leap year renews from 29 February to the end of the next February', () => {
    const s = renewalSchedule('2028-02-28');
    expect(s.startDate).toBe('2028-02-29');
    expect(s.expiryDate).toBe('2029-02-28');
    expect(renewalSchedule(s.expiryDate).startDate).toBe('2029-03-01');
  });

  it('refuses a period that is not a whole number of days and a non-date', () => {
    expect(() => renewalSchedule('2027-02-29')).toThrow(RangeError);
    expect(() => renewalSchedule('2027-05-01', { offerDays: -1 })).toThrow(RangeError);
    expect(() => renewalSchedule('2027-05-01', { reminderDays: 1.5 })).toThrow(RangeError);
  });
});
