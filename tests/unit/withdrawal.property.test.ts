// The withdrawal rule (src/engine/withdrawal.ts): the FAQ's "premium less only the part for the
// days you were covered", over any dates (leap years included) and premiums.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, diffDays, policyEndDate } from '../../src/engine/dates';
import { coverDays, withdrawalTerms } from '../../src/engine/withdrawal';

const ymd = fc.integer({ min: 0, max: 365 * 40 }).map((n) => addDays('2000-01-01', n));

const contract = fc.record({
  premiumCents: fc.integer({ min: 0, max: 5_000_000 }),
  start: ymd,
  issuedBefore: fc.integer({ min: 0, max: 30 }),
  dayOfWithdrawal: fc.integer({ min: -30, max: 400 }),
  periodDays: fc.integer({ min: 0, max: 60 }),
  paidShare: fc.integer({ min: 0, max: 100 }),
  hasClaim: fc.boolean(),
});

type Contract = typeof contract extends fc.Arbitrary<infer T> ? T : never;

function termsOf(c: Contract) {
  const expiry = policyEndDate(c.start);
  const issuedOn = addDays(c.start, -c.issuedBefore);
  const today = addDays(issuedOn, c.dayOfWithdrawal);
  const paidCents = Math.round((c.premiumCents * c.paidShare) / 100);
  const terms = withdrawalTerms({
    premiumCents: c.premiumCents,
    paidCents,
    startDate: c.start,
    expiryDate: expiry,
    issuedOn,
    today,
    periodDays: c.periodDays,
    hasClaim: c.hasClaim,
  });
  return { terms, expiry, issuedOn, today, paidCents };
}

describe('withdrawal terms', () => {
  it('keeps exactly the share of the premium for the days covered, to the cent', () => {
    fc.assert(
      fc.property(contract, (c) => {
        const { terms, expiry, today } = termsOf(c);
        expect(terms.policyDays).toBe(diffDays(c.start, expiry) + 1);
        const expectedCovered =
          today < c.start ? 0 : Math.min(terms.policyDays, diffDays(c.start, today) + 1);
        expect(terms.coveredDays).toBe(expectedCovered);
        const exact = (c.premiumCents * terms.coveredDays) / terms.policyDays;
        expect(Math.abs(terms.keptCents - exact)).toBeLessThanOrEqual(0.5);
        expect(Number.isInteger(terms.keptCents)).toBe(true);
      }),
    );
  });

  it('refunds what was paid less what is kept, never below nothing and never above what was paid', () => {
    fc.assert(
      fc.property(contract, (c) => {
        const { terms, paidCents } = termsOf(c);
        expect(terms.refundCents).toBe(Math.max(0, paidCents - terms.keptCents));
        expect(terms.refundCents).toBeGreaterThanOrEqual(0);
        expect(terms.refundCents).toBeLessThanOrEqual(paidCents);
      }),
    );
  });

  it('is open from the day of issue to day `periodDays` included, and only without a claim', () => {
    fc.assert(
      fc.property(contract, (c) => {
        const { terms, issuedOn } = termsOf(c);
        expect(terms.lastDay).toBe(addDays(issuedOn, c.periodDays));
        const expected =
          c.dayOfWithdrawal < 0
            ? 'NOT_ISSUED'
            : c.dayOfWithdrawal > c.periodDays
              ? 'PERIOD_OVER'
              : c.hasClaim
                ? 'CLAIM'
                : null;
        expect(terms.refusal).toBe(expected);
      }),
    );
  });

  it('refunds less the later one withdraws (never more)', () => {
    fc.assert(
      fc.property(contract, fc.integer({ min: 1, max: 30 }), (c, later) => {
        const a = termsOf(c).terms;
        const b = termsOf({ ...c, dayOfWithdrawal: c.dayOfWithdrawal + later }).terms;
        expect(b.refundCents).toBeLessThanOrEqual(a.refundCents);
      }),
    );
  });

  it('counts 29 February as a day of cover in a leap year', () => {
    const base = {
      premiumCents: 36_600,
      paidCents: 36_600,
      issuedOn: '2028-02-20',
      periodDays: 14,
      hasClaim: false,
    };
    // 2028-02-20 → 2029-02-19: 366 days, so one euro a day.
    const leap = withdrawalTerms({
      ...base,
      startDate: '2028-02-20',
      expiryDate: '2029-02-19',
      today: '2028-03-01',
    });
    expect(leap.policyDays).toBe(366);
    expect(leap.coveredDays).toBe(11); // 20 … 29 February and 1 March
    expect(leap.keptCents).toBe(1_100);
    expect(leap.refundCents).toBe(35_500);
    expect(coverDays('2027-02-20', '2027-03-01')).toBe(10);
  });

  it('on the day of issue keeps one day; a cover not yet started keeps nothing', () => {
    const started = withdrawalTerms({
      premiumCents: 36_500,
      paidCents: 36_500,
      startDate: '2026-12-07',
      expiryDate: '2027-12-06',
      issuedOn: '2026-12-07',
      today: '2026-12-07',
      periodDays: 14,
      hasClaim: false,
    });
    expect(started).toMatchObject({ coveredDays: 1, keptCents: 100, refundCents: 36_400, refusal: null });
    const later = withdrawalTerms({
      premiumCents: 36_500,
      paidCents: 36_500,
      startDate: '2026-12-20',
      expiryDate: '2027-12-19',
      issuedOn: '2026-12-07',
      today: '2026-12-21',
      periodDays: 14,
      hasClaim: false,
    });
    expect(later).toMatchObject({ coveredDays: 2, refusal: null, lastDay: '2026-12-21' });
    const notStarted = withdrawalTerms({
      premiumCents: 36_500,
      paidCents: 36_500,
      startDate: '2026-12-20',
      expiryDate: '2027-12-19',
      issuedOn: '2026-12-07',
      today: '2026-12-10',
      periodDays: 14,
      hasClaim: false,
    });
    expect(notStarted).toMatchObject({ coveredDays: 0, keptCents: 0, refundCents: 36_500 });
  });

  it('refuses what is not a date or an amount', () => {
    const good = {
      premiumCents: 100,
      paidCents: 100,
      startDate: '2026-01-01',
      expiryDate: '2026-12-31',
      issuedOn: '2026-01-01',
      today: '2026-01-02',
      periodDays: 14,
      hasClaim: false,
    };
    expect(() => withdrawalTerms({ ...good, today: '2026-02-30' })).toThrow(RangeError);
    expect(() => withdrawalTerms({ ...good, premiumCents: 1.5 })).toThrow(RangeError);
    expect(() => withdrawalTerms({ ...good, expiryDate: '2025-12-31' })).toThrow(RangeError);
  });
});
