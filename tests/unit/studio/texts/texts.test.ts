// The texts side by side (issue 26 item 5): the placeholder check, the "changed in one language
// since the other was last edited" marker, and the translator's spreadsheet in and out — every bad
// row refused with its number, nothing applied unless all pass.

import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  flattenTexts,
  placeholdersOf,
  setTexts,
  staleSides,
  textRows,
} from '../../../../src/server/studio/texts/model';
import {
  applySheet,
  readCsv,
  readXlsx,
  toCsv,
  toXlsx,
} from '../../../../src/server/studio/texts/spreadsheet';

const json = (o: unknown) => `${JSON.stringify(o, null, 2)}\n`;
const EL = {
  title: 'Ασφάλεια ταξιδιού',
  price: 'Από {{p0, number}} € για {{days}} ημέρες',
  list: ['Πρώτο', 'Δεύτερο'],
  plans: { basic: 'Βασικό', empty: '' },
  onlyEl: 'Μόνο ελληνικά',
};
const EN = {
  title: 'Travel insurance',
  price: 'From €{{p0,number}} for {{days}} days',
  list: ['First', 'Second'],
  plans: { basic: 'Basic {{extra}}', empty: 'Empty in Greek' },
  onlyEn: 'English only',
};
const FILES = { 'el.json': json(EL), 'en.json': json(EN) };

describe('placeholders', () => {
  it('reads i18next placeholders and nestings, spacing aside', () => {
    expect(placeholdersOf('Από {{p0, number}} € για {{ days }} ημέρες')).toEqual(['days', 'p0, number']);
    expect(placeholdersOf('From €{{p0,number}} $t(common:euro)')).toEqual(['$t(common:euro)', 'p0, number']);
    expect(placeholdersOf('no placeholders')).toEqual([]);
    expect(placeholdersOf(null)).toEqual([]);
  });

  it('marks a pair whose placeholders differ, and missing or empty sides', () => {
    const rows = new Map(textRows(FILES).map((r) => [r.KEY, r]));
    expect(rows.get('title')?.MARKS).toEqual([]);
    expect(rows.get('price')?.MARKS).toEqual([]);
    expect(rows.get('plans.basic')?.MARKS).toEqual(['placeholders']);
    expect(rows.get('plans.empty')?.MARKS).toEqual(['empty_el']);
    expect(rows.get('onlyEl')?.MARKS).toEqual(['missing_en']);
    expect(rows.get('onlyEn')?.MARKS).toEqual(['missing_el']);
    expect(rows.get('list.1')).toMatchObject({ EL: 'Δεύτερο', EN: 'Second', MARKS: [] });
  });
});

describe('changed in one language since the other was last edited', () => {
  const v = (el: object, en: object) => ({ files: { 'el.json': json(el), 'en.json': json(en) } });

  it('marks the side not edited since the other changed, from the versions oldest first', () => {
    const history = [
      v({ a: 'Α', b: 'Β', c: 'Γ' }, { a: 'A', b: 'B', c: 'C' }),
      v({ a: 'Α νέο', b: 'Β', c: 'Γ' }, { a: 'A', b: 'B new', c: 'C' }),
      v({ a: 'Α νέο', b: 'Β', c: 'Γ2' }, { a: 'A', b: 'B new', c: 'C2' }),
    ];
    const stale = staleSides(history);
    expect(stale.get('a')).toBe('en');
    expect(stale.get('b')).toBe('el');
    expect(stale.has('c')).toBe(false);
    const rows = new Map(textRows(history[2].files, history).map((r) => [r.KEY, r.MARKS]));
    expect(rows.get('a')).toEqual(['stale_en']);
    expect(rows.get('b')).toEqual(['stale_el']);
    expect(rows.get('c')).toEqual([]);
  });

  it('clears the mark once the other language is edited too, and not for a key new in both', () => {
    const history = [
      v({ a: 'Α' }, { a: 'A' }),
      v({ a: 'Α νέο' }, { a: 'A' }),
      v({ a: 'Α νέο', n: 'Ν' }, { a: 'A new', n: 'N' }),
      v({ a: 'Α νέο', n: 'Ν', m: 'Μ' }, { a: 'A new', n: 'N' }),
      v({ a: 'Α νέο', n: 'Ν', m: 'Μ' }, { a: 'A new', n: 'N', m: 'M' }),
    ];
    expect(staleSides(history).size).toBe(0);
    // The English edited again on its own: now the Greek is behind.
    history.push(v({ a: 'Α νέο', n: 'Ν', m: 'Μ' }, { a: 'A newer', n: 'N', m: 'M' }));
    expect([...staleSides(history)]).toEqual([['a', 'el']]);
  });
});

describe('setTexts', () => {
  it('keeps an untouched file byte for byte, and sets nested, array and missing keys', () => {
    const text = '{ "a": "x" }';
    expect(setTexts(text, new Map([['a', 'x']]))).toBe(text);
    const out = setTexts(
      FILES['en.json'],
      new Map([
        ['plans.basic', 'Basic'],
        ['list.0', 'One'],
        ['onlyEl', 'Greek only'],
      ]),
    );
    const flat = flattenTexts(out);
    expect(flat.get('plans.basic')).toBe('Basic');
    expect(flat.get('list.0')).toBe('One');
    expect(flat.get('onlyEl')).toBe('Greek only');
    expect(JSON.parse(out).list).toEqual(['One', 'Second']);
  });
});

describe('the spreadsheet', () => {
  it('exports every key with both languages and reads its own CSV back unchanged', () => {
    const csv = toCsv(FILES);
    expect(csv.startsWith('\uFEFFKEY,EL,EN\r\n')).toBe(true);
    const result = applySheet(FILES, readCsv(csv));
    expect(result).toMatchObject({ ok: true, changed: 0 });
    if (result.ok) expect(result.files).toEqual(FILES);
  });

  it('reads RFC 4180 quoting: commas, quotes and line breaks inside cells', () => {
    const csv = 'KEY,EL,EN\r\ntitle,"Ταξίδι, ""όλα"" μαζί","Trip,\nall ""in"""\r\n';
    const result = applySheet(FILES, readCsv(csv));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(flattenTexts(result.files['el.json']).get('title')).toBe('Ταξίδι, "όλα" μαζί');
    expect(flattenTexts(result.files['en.json']).get('title')).toBe('Trip,\nall "in"');
    expect(result.changed).toBe(2);
  });

  it('applies a good translation, an empty cell leaving its language as it is, and fills a missing side', () => {
    const csv = 'KEY,EL,EN\nprice,"Από {{p0, number}} € για {{days}} μέρες",\nonlyEl,,Greek only\n';
    const result = applySheet(FILES, readCsv(csv));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(flattenTexts(result.files['el.json']).get('price')).toBe(
      'Από {{p0, number}} € για {{days}} μέρες',
    );
    expect(result.files['en.json']).not.toBe(FILES['en.json']);
    expect(flattenTexts(result.files['en.json']).get('price')).toBe(EN.price);
    expect(flattenTexts(result.files['en.json']).get('onlyEl')).toBe('Greek only');
  });

  it('refuses every bad row, each named with its row and reason, and applies nothing', () => {
    const csv = [
      'KEY,EL,EN',
      'title,Ταξίδι,Trip',
      'nope,Όχι,No',
      'price,Από € για {{days}} ημέρες,"From €{{p0, number}} for {{days}} days"',
      'title,Ξανά,Again',
      'list.0,Ένα,One,extra',
      ',Χωρίς κλειδί,No key',
      'plans.basic,Βασικό {{more}},',
    ].join('\n');
    const result = applySheet(FILES, readCsv(csv));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => [p.ROW, p.KEY, p.REASON])).toEqual([
      [3, 'nope', 'unknownKey'],
      [4, 'price', 'placeholderLost'],
      [5, 'title', 'duplicateKey'],
      [6, 'list.0', 'extraColumn'],
      [7, '', 'noKey'],
      [8, 'plans.basic', 'placeholderExtra'],
    ]);
    expect(result.problems[1].PARAMS).toEqual({ LANG: 'EL', PLACEHOLDERS: '{{p0, number}}' });
    expect(result.problems[2].PARAMS).toEqual({ OTHER: 2 });
    expect(result.problems[3].PARAMS).toEqual({ COLUMN: 4 });
  });

  it('refuses an empty file, a file of only a header, a wrong header and an unreadable CSV', () => {
    const reason = (cells: string[][] | undefined) => {
      const r = applySheet(FILES, cells);
      return r.ok ? 'ok' : r.problems.map((p) => `${p.ROW}:${p.REASON}`).join(' ');
    };
    expect(reason(readCsv(''))).toBe('1:emptyFile');
    expect(reason(readCsv('\n\n'))).toBe('1:emptyFile');
    expect(reason(readCsv('KEY,EL,EN\n'))).toBe('1:emptyFile');
    expect(reason(readCsv('KEY,GR,EN\ntitle,a,b\n'))).toBe('1:header');
    expect(reason(readCsv('KEY,EL,EN,NOTES\ntitle,a,b,c\n'))).toBe('1:header');
    expect(reason(readCsv('KEY,EL,EN\ntitle,"unclosed\n'))).toBe('1:badFile');
  });

  it('writes and reads XLSX: the same rows, text cells kept as text', async () => {
    const data = await toXlsx(FILES, 'travel');
    const cells = await readXlsx(data);
    expect(cells?.[0]).toEqual(['KEY', 'EL', 'EN']);
    expect(cells?.find((r) => r[0] === 'price')).toEqual(['price', EL.price, EN.price]);
    const result = applySheet(FILES, cells);
    expect(result).toMatchObject({ ok: true, changed: 0 });
  });

  it("reads a translator's XLSX with a number, rich text and a bad row named", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Sheet1');
    sheet.addRow(['KEY', 'EL', 'EN']);
    sheet.addRow([
      'title',
      { richText: [{ text: 'Ταξίδι ' }, { text: 'παντού', font: { bold: true } }] },
      'Travel',
    ]);
    sheet.addRow(['list.0', 1.5, '']);
    sheet.addRow(['price', 'Από {{p0, number}} €', 'From {{p0, number}} for {{days}} days']);
    const data = Buffer.from(await book.xlsx.writeBuffer());
    const result = applySheet(FILES, await readXlsx(data));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => [p.ROW, p.KEY, p.REASON, p.PARAMS.LANG])).toEqual([
      [4, 'price', 'placeholderLost', 'EL'],
    ]);
    sheet.spliceRows(4, 1);
    const good = applySheet(FILES, await readXlsx(Buffer.from(await book.xlsx.writeBuffer())));
    expect(good.ok).toBe(true);
    if (!good.ok) return;
    expect(flattenTexts(good.files['el.json']).get('title')).toBe('Ταξίδι παντού');
    expect(flattenTexts(good.files['el.json']).get('list.0')).toBe('1.5');
  });

  it('refuses a file that is not an XLSX', async () => {
    const result = applySheet(FILES, await readXlsx(Buffer.from('KEY,EL,EN\n')));
    expect(result).toEqual({ ok: false, problems: [{ ROW: 1, KEY: '', REASON: 'badFile', PARAMS: {} }] });
  });
});
