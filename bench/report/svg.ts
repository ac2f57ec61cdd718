// Horizontal bar charts written as SVG text (no chart library): one chart per measure, made of
// panels (one per figure), each bar labelled with its value. Ours is drawn in the site's blue,
// peers in grey; a dashed line marks a goal. A panel may use a log scale when the bars differ by
// orders of magnitude (the rules benchmark), and says so in its title.

export interface Bar {
  label: string;
  value: number;
  /** The value as printed next to the bar (defaults to the number). */
  text?: string;
  /** Ours: drawn in the accent colour. */
  highlight?: boolean;
}

export interface Panel {
  title: string;
  bars: Bar[];
  log?: boolean;
  goal?: { value: number; label: string };
}

export interface Chart {
  title: string;
  subtitle?: string;
  panels: Panel[];
}

const WIDTH = 760;
const LABEL_W = 210;
const BAR_W = 400;
const BAR_H = 20;
const GAP = 6;
const PANEL_TITLE_H = 26;
const PANEL_GAP = 18;
const ACCENT = '#0b3d74';
const PEER = '#9aa5b1';

export const escapeXml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Bar length in px for each value of the panel (and for its goal), on a linear or log scale. */
export function scale(panel: Panel): (value: number) => number {
  const values = panel.bars.map((b) => b.value).filter((v) => Number.isFinite(v) && v > 0);
  if (panel.goal) values.push(panel.goal.value);
  const max = Math.max(...values, 0);
  if (max <= 0) return () => 0;
  if (!panel.log) return (v) => (Number.isFinite(v) && v > 0 ? Math.max(2, (v / max) * BAR_W) : 0);
  const lo = 10 ** Math.floor(Math.log10(Math.min(...values)));
  const span = Math.log10(max) - Math.log10(lo) || 1;
  return (v) =>
    Number.isFinite(v) && v > 0 ? Math.max(2, ((Math.log10(v) - Math.log10(lo)) / span) * BAR_W) : 0;
}

const text = (x: number, y: number, s: string, attrs = ''): string =>
  `<text x="${x}" y="${y}"${attrs ? ` ${attrs}` : ''}>${escapeXml(s)}</text>`;

export function barChart(chart: Chart): string {
  const parts: string[] = [];
  let y = 30;
  parts.push(text(12, y, chart.title, 'class="title"'));
  if (chart.subtitle) {
    y += 20;
    parts.push(text(12, y, chart.subtitle, 'class="sub"'));
  }
  y += 16;
  for (const panel of chart.panels) {
    y += PANEL_TITLE_H - 8;
    parts.push(text(12, y, `${panel.title}${panel.log ? ' (log scale)' : ''}`, 'class="panel"'));
    y += 8;
    const length = scale(panel);
    if (panel.goal) {
      // Drawn first, so bars and their values sit on top of it.
      const x = LABEL_W + length(panel.goal.value);
      const bottom = y + panel.bars.length * (BAR_H + GAP) - GAP;
      parts.push(
        `<line x1="${x.toFixed(1)}" y1="${y - 4}" x2="${x.toFixed(1)}" y2="${bottom + 4}" class="goal"/>`,
      );
      parts.push(text(x + 4, bottom + 16, panel.goal.label, 'class="goal-label"'));
    }
    for (const bar of panel.bars) {
      const w = length(bar.value);
      const label = bar.text ?? String(bar.value);
      parts.push(text(LABEL_W - 8, y + BAR_H - 6, bar.label, 'text-anchor="end"'));
      parts.push(
        `<rect x="${LABEL_W}" y="${y}" width="${w.toFixed(1)}" height="${BAR_H}" fill="${bar.highlight ? ACCENT : PEER}" rx="2"/>`,
      );
      parts.push(text(LABEL_W + w + 6, y + BAR_H - 6, Number.isFinite(bar.value) ? label : 'not measured'));
      y += BAR_H + GAP;
    }
    if (panel.goal) y += 14;
    y += PANEL_GAP;
  }
  const height = y + 4;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-label="${escapeXml(chart.title)}">`,
    '<style>text{font:13px system-ui,-apple-system,Segoe UI,Roboto,sans-serif;fill:#1f2933;paint-order:stroke;stroke:#fff;stroke-width:3px}.title{font-size:16px;font-weight:600}.sub{fill:#52606d}.panel{font-weight:600}.goal{stroke:#c0392b;stroke-width:1.5;stroke-dasharray:4 3}.goal-label{fill:#c0392b;font-size:12px}</style>',
    `<rect width="${WIDTH}" height="${height}" fill="#fff"/>`,
    ...parts,
    '</svg>',
    '',
  ].join('\n');
}
