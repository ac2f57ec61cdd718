// A texts item as a translator's spreadsheet (CSV or XLSX: columns KEY, EL, EN, one row per text)
// and back. An import is checked row by row against the item: every bad row is named with its
// number (the header is row 1) and reason, and nothing is applied unless every row passes.

import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import {
  flattenTexts,
  placeholderDiff,
  placeholdersOf,
  setTexts,
  TEXT_LANGS,
  type TextLang,
  textRows,
  writtenPlaceholder,
} from './model';

export type SheetFormat = 'csv' | 'xlsx';
export const HEADER = ['KEY', 'EL', 'EN'] as const;

export type RowReason =
  | 'emptyFile'
  | 'badFile'
  | 'header'
  | 'extraColumn'
  | 'noKey'
  | 'unknownKey'
  | 'duplicateKey'
  | 'placeholderLost'
  | 'placeholderExtra';

export interface RowProblem {
  ROW: number;
  KEY: string;
  REASON: RowReason;
  /** The placeholders lost or added, the language, the other row of a duplicate. */
  PARAMS: Record<string, string | number>;
}

export type ImportResult =
  | { ok: true; files: Record<string, string>; changed: number; rows: number }
  | { ok: false; problems: RowProblem[] };

/** The spreadsheet's rows: the header, then each text of the item with both languages. */
export function sheetRows(files: Record<string, string>): string[][] {
  return [[...HEADER], ...textRows(files).map((row) => [row.KEY, row.EL ?? '', row.EN ?? ''])];
}

/** CSV with a byte-order mark (so a spreadsheet program reads the Greek as UTF-8), CRLF lines. */
export function toCsv(files: Record<string, string>): string {
  return `\uFEFF${stringify(sheetRows(files), { record_delimiter: 'windows' })}`;
}

export async function toXlsx(files: Record<string, string>, sheetName: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName.slice(0, 31) || 'texts');
  sheet.columns = [
    { header: 'KEY', width: 40 },
    { header: 'EL', width: 60 },
    { header: 'EN', width: 60 },
  ];
  for (const row of sheetRows(files).slice(1)) sheet.addRow(row);
  sheet.getRow(1).font = { bold: true };
  // Text cells stay text: a translator's "1.5" is not turned into a number.
  for (const col of [1, 2, 3]) sheet.getColumn(col).numFmt = '@';
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The cells of a CSV, every row as written (quoting as RFC 4180); undefined when unreadable. */
export function readCsv(text: string): string[][] | undefined {
  try {
    return parse(text.replace(/^\uFEFF/, ''), {
      relax_column_count: true,
      skip_empty_lines: true,
    }) as string[][];
  } catch {
    return undefined;
  }
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return value.result === undefined ? '' : String(value.result);
    if (value instanceof Date) return value.toISOString().slice(0, 10);
  }
  return String(value);
}

/** The first sheet's cells, row by row (an empty row as []); undefined when not an XLSX file. */
export async function readXlsx(data: Buffer): Promise<string[][] | undefined> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    return undefined;
  }
  const sheet = book.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellText(cell.value);
    });
    rows[number - 1] = Array.from(cells, (c) => c ?? '');
  });
  return Array.from(rows, (r) => r ?? []);
}

const blank = (cells: string[]) => cells.every((c) => c.trim() === '');

/**
 * Checks a translator's rows against the item and answers the files with them applied, or every
 * bad row. A row's empty cell leaves that language as it is; a changed one must keep the
 * placeholders of the text it replaces (the Greek's, or the English's where there is no Greek).
 */
export function applySheet(files: Record<string, string>, cells: string[][] | undefined): ImportResult {
  if (cells === undefined)
    return { ok: false, problems: [{ ROW: 1, KEY: '', REASON: 'badFile', PARAMS: {} }] };
  const rows = cells.map((r, i) => ({ number: i + 1, cells: r.map((c) => String(c ?? '')) }));
  const filled = rows.filter((r) => !blank(r.cells));
  if (filled.length === 0)
    return { ok: false, problems: [{ ROW: 1, KEY: '', REASON: 'emptyFile', PARAMS: {} }] };
  const [head, ...body] = filled;
  const header = head.cells.map((c) => c.trim().toUpperCase());
  while (header.length > 0 && header[header.length - 1] === '') header.pop();
  if (header.length !== HEADER.length || HEADER.some((h, i) => header[i] !== h))
    return {
      ok: false,
      problems: [{ ROW: head.number, KEY: '', REASON: 'header', PARAMS: { EXPECTED: HEADER.join(', ') } }],
    };
  if (body.length === 0)
    return { ok: false, problems: [{ ROW: head.number, KEY: '', REASON: 'emptyFile', PARAMS: {} }] };

  const current: Record<TextLang, Map<string, string>> = {
    el: flattenTexts(files['el.json']),
    en: flattenTexts(files['en.json']),
  };
  const problems: RowProblem[] = [];
  const seen = new Map<string, number>();
  const changes: Record<TextLang, Map<string, string>> = { el: new Map(), en: new Map() };
  for (const { number, cells: row } of body) {
    const key = (row[0] ?? '').trim();
    const extra = row.slice(HEADER.length).findIndex((c) => c.trim() !== '');
    if (extra >= 0) {
      problems.push({
        ROW: number,
        KEY: key,
        REASON: 'extraColumn',
        PARAMS: { COLUMN: HEADER.length + extra + 1 },
      });
      continue;
    }
    if (!key) {
      problems.push({ ROW: number, KEY: '', REASON: 'noKey', PARAMS: {} });
      continue;
    }
    if (!current.el.has(key) && !current.en.has(key)) {
      problems.push({ ROW: number, KEY: key, REASON: 'unknownKey', PARAMS: {} });
      continue;
    }
    const before = seen.get(key);
    if (before !== undefined) {
      problems.push({ ROW: number, KEY: key, REASON: 'duplicateKey', PARAMS: { OTHER: before } });
      continue;
    }
    seen.set(key, number);
    const reference = current.el.get(key)?.trim() ? current.el.get(key) : current.en.get(key);
    const expected = placeholdersOf(reference);
    TEXT_LANGS.forEach((lang, i) => {
      const value = row[i + 1] ?? '';
      // Empty, or the text as it is (an export read back unchanged): nothing to check or apply.
      if (value.trim() === '' || value === current[lang].get(key)) return;
      const { lost, extra: added } = placeholderDiff(expected, placeholdersOf(value));
      const LANG = lang.toUpperCase();
      if (lost.length > 0)
        problems.push({
          ROW: number,
          KEY: key,
          REASON: 'placeholderLost',
          PARAMS: { LANG, PLACEHOLDERS: lost.map(writtenPlaceholder).join(' ') },
        });
      else if (added.length > 0)
        problems.push({
          ROW: number,
          KEY: key,
          REASON: 'placeholderExtra',
          PARAMS: { LANG, PLACEHOLDERS: added.map(writtenPlaceholder).join(' ') },
        });
      else changes[lang].set(key, value);
    });
  }
  if (problems.length > 0) return { ok: false, problems };
  const out = { ...files };
  let changed = 0;
  for (const lang of TEXT_LANGS) {
    const name = `${lang}.json`;
    if (changes[lang].size === 0) continue;
    const before = current[lang];
    changed += [...changes[lang]].filter(([k, v]) => before.get(k) !== v).length;
    out[name] = setTexts(out[name], changes[lang]);
  }
  return { ok: true, files: out, changed, rows: body.length };
}
