// Masked inputs rewrite what the visitor typed (slashes, spaces, upper case). Rewriting the
// value of a focused input moves the caret to the end, so edits in the middle jump. These
// helpers keep the caret after the same "significant" character (a digit, a letter) it was
// after in the text as typed.

export type Significant = (ch: string) => boolean;

export const isDigit: Significant = (ch) => ch >= '0' && ch <= '9';
export const isAlphanumeric: Significant = (ch) => /^[\p{L}\p{N}]$/u.test(ch);

/** The caret position in `formatted` after its `count`-th significant character. */
export function caretAfterSignificant(formatted: string, count: number, significant: Significant): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (significant(formatted[i])) {
      seen++;
      if (seen === count) return i + 1;
    }
  }
  return formatted.length;
}

export interface Reformatted {
  text: string;
  caret: number;
}

/**
 * Formats `raw` and maps the caret. A separator the visitor typed just before the caret
 * ("05/") keeps the caret after the separator the formatter wrote in its place.
 */
export function reformat(
  raw: string,
  caret: number,
  format: (raw: string) => string,
  significant: Significant,
): Reformatted {
  const text = format(raw);
  const before = raw.slice(0, caret);
  let count = 0;
  for (const ch of before) if (significant(ch)) count++;
  let pos = caretAfterSignificant(text, count, significant);
  const typedSeparator = before.length > 0 && !significant(before[before.length - 1]);
  if (typedSeparator) {
    while (pos < text.length && !significant(text[pos])) pos++;
  }
  return { text, caret: Math.min(pos, text.length) };
}
