// Fixed-shape numeric inputs (dates DD/MM/YYYY, times HH:MM, card expiry MM/YY) typed as digits.
// The separator is written by the formatter only once a digit follows it, so backspace over a
// separator works; a separator the visitor types after a single digit pads that part ("5/" →
// "05/"), so "5/3/2026" is read as they meant it.

export interface SegmentMask {
  /** Digits in each part, e.g. [2, 2, 4]. */
  sizes: readonly number[];
  separator: string;
}

/** The parts typed so far: digits only, the last possibly short. */
export function segmentsOf(raw: string, mask: SegmentMask): string[] {
  const parts: string[] = [''];
  for (const ch of raw) {
    const last = parts.length - 1;
    const size = mask.sizes[last];
    if (ch >= '0' && ch <= '9') {
      if (parts[last].length < size) parts[last] += ch;
      else if (last < mask.sizes.length - 1) parts.push(ch);
      // Digits beyond the last part are dropped: the input is full.
    } else if (/[\s./\-:,]/.test(ch)) {
      const current = parts[last];
      if (current.length === 0 || last === mask.sizes.length - 1) continue;
      if (current.length < size) parts[last] = current.padStart(size, '0');
      parts.push('');
    }
    // Any other character is ignored.
  }
  return parts;
}

/** Typed text in its display form: "0503" → "05/03", "05/" → "05/". */
export function formatSegments(raw: string, mask: SegmentMask): string {
  return segmentsOf(raw, mask).join(mask.separator);
}

/** True once every part has all its digits. */
export function segmentsComplete(parts: readonly string[], mask: SegmentMask): boolean {
  return parts.length === mask.sizes.length && parts.every((p, i) => p.length === mask.sizes[i]);
}
