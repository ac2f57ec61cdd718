// Figures as the report writes them. KB is 1,000 bytes (as the goals are read).

export const KB = 1000;

export const kb = (bytes: number | null | undefined): string =>
  bytes == null ? '–' : `${(bytes / KB).toFixed(1)} KB`;

export function ms(x: number | null | undefined): string {
  if (x == null || !Number.isFinite(x)) return '–';
  if (x >= 100 || Number.isInteger(x)) return `${Math.round(x)} ms`;
  if (x >= 10) return `${x.toFixed(1)} ms`;
  return `${x.toFixed(2)} ms`;
}

/** 1234567 → "1,234,567"; large rates keep three significant digits ("4.73 M"). */
export function count(x: number | null | undefined): string {
  if (x == null || !Number.isFinite(x)) return '–';
  if (Math.abs(x) >= 1e6) return `${(x / 1e6).toPrecision(3)} M`;
  return Math.round(x).toLocaleString('en-GB');
}

export function ratio(x: number | null | undefined): string {
  if (x == null || !Number.isFinite(x)) return '–';
  if (x >= 100) return `${Math.round(x).toLocaleString('en-GB')}×`;
  if (x >= 10) return `${x.toFixed(1)}×`;
  return `${x.toFixed(2)}×`;
}

export const percent = (x: number | null | undefined): string =>
  x == null || !Number.isFinite(x) ? '–' : `${Math.round(x * 100)} %`;

/** Within this share of its threshold, a goal may come out either way from one run to the next. */
export const BORDERLINE = 0.1;

export function mark(met: boolean | null, margin?: number): string {
  if (met === null) return 'not measured';
  const close = margin !== undefined && Math.abs(margin) < BORDERLINE ? ' (borderline)' : '';
  return `${met ? 'met' : 'NOT met'}${close}`;
}
