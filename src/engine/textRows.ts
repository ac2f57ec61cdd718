// A texts item's rows side by side, as the service answers them (GET /zcp/studio/texts/:key) and
// the studio's texts page reads them: one shape for both.

/** What is wrong with a row, or changed in one language since the other. */
export type TextMark =
  | 'missing_el'
  | 'missing_en'
  | 'empty_el'
  | 'empty_en'
  | 'placeholders'
  | 'stale_el'
  | 'stale_en';

export interface TextRow {
  KEY: string;
  EL: string | null;
  EN: string | null;
  /** i18next placeholders of each side, e.g. `{{p0, number}}` read as "p0, number". */
  PLACEHOLDERS: { EL: string[]; EN: string[] };
  MARKS: TextMark[];
}
