// Integer-cent arithmetic for rating. Every step rounds to a whole cent, half away from zero, after
// trimming binary noise to 12 significant digits (so 1.005 euro is 101 cents and 15 * 0.7 is 10.5,
// which rounds to 11): the same answer a person gets with a calculator.

/** The definition: trim to 12 significant digits through a decimal string, then round. */
export function roundHalfAwayByText(x: number): number {
  if (!Number.isFinite(x)) return 0;
  const trimmed = Number(x.toPrecision(12));
  const r = Math.round(Math.abs(trimmed));
  return trimmed < 0 && r !== 0 ? -r : r;
}

// Trimming to 12 significant digits moves a value by at most half a unit in its 12th digit, which is
// under 1e-11 of the value. Only a value that close to a half (n + 0.5) can round differently after
// trimming; every other value rounds the same without the decimal string, which rating does for
// nearly every step. Values from 1e11 on (a billion euro in cents) lose whole units to the trimming.
const TRIM_BOUND = 1e11;
const TRIM_RELATIVE = 1e-11;

export function roundHalfAway(x: number): number {
  const a = Math.abs(x);
  if (a < TRIM_BOUND) {
    const fraction = a - Math.floor(a);
    const fromHalf = fraction < 0.5 ? 0.5 - fraction : fraction - 0.5;
    // An exact half has at most 12 significant digits here, so trimming keeps it.
    if (fromHalf > a * TRIM_RELATIVE || fromHalf === 0) {
      const r = Math.round(a);
      return x < 0 && r !== 0 ? -r : r;
    }
  }
  return roundHalfAwayByText(x);
}

export function toCents(euro: number): number {
  return roundHalfAway(euro * 100);
}

/** Euro with two decimals, as the wire carries amounts (AMOUNT 123.45). */
export function toEuro(cents: number): number {
  return cents / 100;
}

/** `percent` % of an amount in cents, rounded to a cent. */
export function percentOf(cents: number, percent: number): number {
  return roundHalfAway((cents * percent) / 100);
}
