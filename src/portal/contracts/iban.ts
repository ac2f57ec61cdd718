// The contract page's payment facts: an IBAN as the page shows it. The object's facts come worded
// from the service (ET_OBJECT_FACTS of the contract detail, src/server/contracts/objectFacts.ts).

/** An IBAN shown with only its country, check digits and last four characters. */
export function maskIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '');
  if (compact.length < 9) return '';
  const hidden = compact.length - 8;
  const middle = Array.from({ length: Math.ceil(hidden / 4) }, () => '••••').join(' ');
  return `${compact.slice(0, 4)} ${middle} ${compact.slice(-4)}`;
}
