// Calendar helpers for the engine. Dates travel as Y-m-d strings ("2026-03-05"), are shown as
// DD/MM/YYYY, and 0000-00-00 means "no date". All arithmetic is on the civil calendar (no time
// of day, no time zone), so it gives the same answer in the browser, the server and the CLI;
// only "today" and "now" depend on the clock, and they are always taken in Europe/Nicosia.

export const ZERO_DATE = '0000-00-00';
const TIME_ZONE = 'Europe/Nicosia';
const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;
const DISPLAY = /^(\d{2})\/(\d{2})\/(\d{4})$/;

interface Civil {
  y: number;
  m: number;
  d: number;
}

let nicosiaFormat: Intl.DateTimeFormat | undefined;

function nicosiaFormatter(): Intl.DateTimeFormat {
  nicosiaFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return nicosiaFormat;
}

export interface NicosiaNow {
  ymd: string;
  hour: number;
  minute: number;
}

/** The calendar date and wall-clock time in Cyprus at `now` (summer time included). */
export function nowPartsInNicosia(now: Date = new Date()): NicosiaNow {
  const parts: Record<string, string> = {};
  for (const p of nicosiaFormatter().formatToParts(now)) parts[p.type] = p.value;
  // Some engines still print midnight as "24" despite h23.
  const hour = Number(parts.hour) % 24;
  return { ymd: `${parts.year}-${parts.month}-${parts.day}`, hour, minute: Number(parts.minute) };
}

/** Today's date in Cyprus as Y-m-d. */
export function todayInNicosia(now: Date = new Date()): string {
  return nowPartsInNicosia(now).ymd;
}

export function isZeroDate(v: unknown): boolean {
  return v === ZERO_DATE;
}

export function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

export function daysInMonth(y: number, m: number): number {
  if (m === 2) return isLeapYear(y) ? 29 : 28;
  return [4, 6, 9, 11].includes(m) ? 30 : 31;
}

function isRealDate(y: number, m: number, d: number): boolean {
  return y >= 1 && m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

function parseYmd(s: string): Civil | null {
  const match = YMD.exec(s);
  if (!match) return null;
  const c = { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) };
  return isRealDate(c.y, c.m, c.d) ? c : null;
}

function mustParse(ymd: string): Civil {
  const c = parseYmd(ymd);
  if (!c) throw new RangeError(`Not a Y-m-d calendar date: "${ymd}"`);
  return c;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const formatYmd = (c: Civil) => `${pad(c.y, 4)}-${pad(c.m)}-${pad(c.d)}`;

/** True for a real calendar date written Y-m-d; the zero date is not one. */
export function isValidYmd(s: unknown): s is string {
  return typeof s === 'string' && parseYmd(s) !== null;
}

/** '2026-03-05' → '05/03/2026'; empty, zero or invalid dates give ''. */
export function ymdToDisplay(ymd: unknown): string {
  if (typeof ymd !== 'string') return '';
  const c = parseYmd(ymd);
  return c ? `${pad(c.d)}/${pad(c.m)}/${pad(c.y, 4)}` : '';
}

/** '05/03/2026' → '2026-03-05'; anything but a real DD/MM/YYYY date gives null. */
export function displayToYmd(text: string): string | null {
  const match = DISPLAY.exec(text.trim());
  if (!match) return null;
  const c = { y: Number(match[3]), m: Number(match[2]), d: Number(match[1]) };
  return isRealDate(c.y, c.m, c.d) ? formatYmd(c) : null;
}

// Day numbers since 1970-01-01 on the proleptic Gregorian calendar (H. Hinnant's algorithm),
// so no Date object and no time zone is involved.
function toDayNumber({ y, m, d }: Civil): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function fromDayNumber(n: number): Civil {
  const z = n + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return { y: yoe + era * 400 + (m <= 2 ? 1 : 0), m, d };
}

export function addDays(ymd: string, n: number): string {
  return formatYmd(fromDayNumber(toDayNumber(mustParse(ymd)) + n));
}

/** Adds calendar months; a day that the target month lacks becomes its last day (31 Jan + 1m = 28/29 Feb). */
export function addMonths(ymd: string, n: number): string {
  const c = mustParse(ymd);
  const index = c.y * 12 + (c.m - 1) + n;
  const y = Math.floor(index / 12);
  const m = index - y * 12 + 1;
  return formatYmd({ y, m, d: Math.min(c.d, daysInMonth(y, m)) });
}

/** Adds calendar years; 29 February becomes 28 February in a common year. */
export function addYears(ymd: string, n: number): string {
  return addMonths(ymd, n * 12);
}

/** Days from `a` to `b` (b − a): diffDays('2026-03-01', '2026-03-31') === 30. */
export function diffDays(a: string, b: string): number {
  return toDayNumber(mustParse(b)) - toDayNumber(mustParse(a));
}

/** 1 = Monday … 7 = Sunday. */
export function isoWeekday(ymd: string): number {
  // 1970-01-01 was a Thursday (4).
  return ((((toDayNumber(mustParse(ymd)) + 3) % 7) + 7) % 7) + 1;
}

/**
 * Age in whole years on `todayYmd`. Someone born on 29 February comes of age on 1 March in a
 * common year, the usual legal reading.
 */
export function ageOn(birthYmd: string, todayYmd: string): number {
  const b = mustParse(birthYmd);
  const t = mustParse(todayYmd);
  const beforeBirthday = t.m < b.m || (t.m === b.m && t.d < b.d);
  return t.y - b.y - (beforeBirthday ? 1 : 0);
}

const DATE_EXPR = /^today\s*(?:([+-])\s*(\d+)\s*([dwmy]))?$/i;

/**
 * Resolves a date bound as written in flow files: "today", "today+30d", "today-18y",
 * "today+1m", "today+2w", or a literal Y-m-d. Anything else gives null.
 */
export function resolveDateExpr(expr: string, today: string): string | null {
  const text = expr.trim();
  if (isValidYmd(text)) return text;
  const match = DATE_EXPR.exec(text);
  if (!match || !isValidYmd(today)) return null;
  if (!match[1]) return today;
  const n = Number(match[2]) * (match[1] === '-' ? -1 : 1);
  switch (match[3].toLowerCase()) {
    case 'd':
      return addDays(today, n);
    case 'w':
      return addDays(today, 7 * n);
    case 'm':
      return addMonths(today, n);
    default:
      return addYears(today, n);
  }
}

export interface Duration {
  years?: number;
  months?: number;
  days?: number;
}

/**
 * Last day of cover for a policy starting on `startYmd`: the day before the anniversary, so a
 * one-year policy from 2026-03-05 runs to 2027-03-04 inclusive and the renewal starts on
 * 2027-03-05. When the anniversary date does not exist (start 29 Feb, or 31 Jan + 1 month) the
 * cover runs to the end of that month, and the next period starts on the 1st.
 */
export function policyEndDate(startYmd: string, duration: Duration = { years: 1 }): string {
  const months = (duration.years ?? 0) * 12 + (duration.months ?? 0);
  const days = duration.days ?? 0;
  if (months === 0 && days === 0) throw new RangeError('A policy duration must not be zero');
  const start = mustParse(startYmd);
  let anniversary = start;
  if (months !== 0) {
    const index = start.y * 12 + (start.m - 1) + months;
    const y = Math.floor(index / 12);
    const m = index - y * 12 + 1;
    const last = daysInMonth(y, m);
    anniversary = start.d <= last ? { y, m, d: start.d } : fromDayNumber(toDayNumber({ y, m, d: last }) + 1);
  }
  return formatYmd(fromDayNumber(toDayNumber(anniversary) + days - 1));
}

/** Orthodox Easter Sunday (Gregorian date): Meeus' Julian algorithm, then the calendar offset. */
export function orthodoxEaster(year: number): string {
  const a = year % 4;
  const b = year % 7;
  const c = year % 19;
  const d = (19 * c + 15) % 30;
  const e = (2 * a + 4 * b - d + 34) % 7;
  const month = Math.floor((d + e + 114) / 31);
  const day = ((d + e + 114) % 31) + 1;
  // Julian Easter falls after February, so the century difference of that year applies (13 days in 1900–2099).
  const offset = Math.floor(year / 100) - Math.floor(year / 400) - 2;
  return addDays(formatYmd({ y: year, m: month, d: day }), offset);
}

const FIXED_HOLIDAYS = [
  '01-01',
  '01-06',
  '03-25',
  '04-01',
  '05-01',
  '08-15',
  '10-01',
  '10-28',
  '12-24',
  '12-25',
  '12-26',
];
// Days from Orthodox Easter: Green Monday, Good Friday, Easter Monday, Easter Tuesday, Kataklysmos.
const EASTER_OFFSETS = [-48, -2, 1, 2, 50];

const holidayCache = new Map<number, string[]>();

/** Public holidays in Cyprus for `year`, sorted Y-m-d, as banks and insurers observe them. */
export function cyprusPublicHolidays(year: number): string[] {
  const cached = holidayCache.get(year);
  if (cached) return [...cached];
  const easter = orthodoxEaster(year);
  const days = new Set([
    ...FIXED_HOLIDAYS.map((md) => `${pad(year, 4)}-${md}`),
    ...EASTER_OFFSETS.map((n) => addDays(easter, n)),
  ]);
  const list = [...days].sort();
  holidayCache.set(year, list);
  return [...list];
}

export function isWorkingDay(ymd: string): boolean {
  if (isoWeekday(ymd) > 5) return false;
  return !cyprusPublicHolidays(Number(ymd.slice(0, 4))).includes(ymd);
}

/**
 * Moves `n` working days (Monday–Friday, not a Cyprus public holiday) from `ymd`; negative `n`
 * goes back. `n = 0` returns `ymd` unchanged even on a holiday.
 */
export function addWorkingDays(ymd: string, n: number): string {
  const step = n < 0 ? -1 : 1;
  let day = ymd;
  mustParse(day);
  for (let left = Math.abs(Math.trunc(n)); left > 0; ) {
    day = addDays(day, step);
    if (isWorkingDay(day)) left--;
  }
  return day;
}

export type GreetingPeriod = 'morning' | 'afternoon' | 'evening';

/** Morning before 12:00, afternoon from 12:00 to 17:59, evening from 18:00. */
export function greetingPeriod(hour: number): GreetingPeriod {
  if (hour < 12) return 'morning';
  return hour < 18 ? 'afternoon' : 'evening';
}
