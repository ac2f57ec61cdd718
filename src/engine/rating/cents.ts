// Integer-cent arithmetic for rating. Every step rounds to a whole cent, half away from zero, after
// trimming binary noise to 12 significant digits (so 1.005 euro is 101 cents and 15 * 0.7 is 10.5,
// which rounds to 11): the same answer a person gets with a calculator.

export function roundHalfAway(x: number): number {
  if (!Number.isFinite(x)) return 0;
  const trimmed = Number(x.toPrecision(12));
  const r = Math.round(Math.abs(trimmed));
  return trimmed < 0 && r !== 0 ? -r : r;
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
