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
 * Formats `raw` and maps the caret. Formatting the text before the caret usually gives a prefix
 * of the whole result, and the caret goes at its end ("5/" → "05/|"); when it does not (a pasted
 * value rearranged), the caret follows the same count of significant characters.
 */
export function reformat(
  raw: string,
  caret: number,
  format: (raw: string) => string,
  significant: Significant,
  previous?: string,
): Reformatted {
  // Backspace over a separator the formatter wrote would only make it write it again: delete
  // the character before it instead, as the visitor meant.
  if (
    previous !== undefined &&
    caret > 0 &&
    raw.length === previous.length - 1 &&
    !significant(previous[caret]) &&
    raw === previous.slice(0, caret) + previous.slice(caret + 1)
  ) {
    return reformat(raw.slice(0, caret - 1) + raw.slice(caret), caret - 1, format, significant);
  }
  const text = format(raw);
  const before = raw.slice(0, caret);
  const formattedBefore = format(before);
  if (text.startsWith(formattedBefore)) return { text, caret: formattedBefore.length };
  let count = 0;
  for (const ch of before) if (significant(ch)) count++;
  return { text, caret: caretAfterSignificant(text, count, significant) };
}

/**
 * Rewrites a focused input's text at once (an amount shown without grouping while edited),
 * keeping what was selected: all of it stays all of it (a Tab into the field, a select-all
 * before typing over), a caret stays after the same significant character.
 */
export function rewriteKeepingSelection(el: HTMLInputElement, next: string, significant: Significant): void {
  const { value } = el;
  const start = el.selectionStart ?? value.length;
  const end = el.selectionEnd ?? value.length;
  const all = value.length > 0 && start === 0 && end === value.length;
  const map = (pos: number) => {
    let count = 0;
    for (const ch of value.slice(0, pos)) if (significant(ch)) count++;
    return caretAfterSignificant(next, count, significant);
  };
  el.value = next;
  if (all) el.setSelectionRange(0, next.length);
  else el.setSelectionRange(map(start), map(end));
}
