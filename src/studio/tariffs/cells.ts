// A tariff (flows/<id>/tariff.json, schemas/tariff.schema.json) as the grids an actuary edits:
// every number the rating reads — the constants of package base premiums and cover premiums, the
// factors and their bands, discounts, promotions, deductibles, cover limits, the minimum premium —
// each a cell that knows its JSON pointer in the file, so an edit writes back exactly that value.

import type { Json } from '../editor/model/jsonText';
import { joinPointer } from '../editor/model/pointer';

export type CellType = 'number' | 'date';

export interface Cell {
  pointer: string;
  value: number | string | null;
  type: CellType;
  /** Bounds from the tariff schema (percent 0–100, amounts ≥ 0). */
  min?: number;
  max?: number;
}

export interface GridRow {
  id: string;
  /** What the row is, in the file's own ids (PACKAGE_ID, COVER_ID, factor id …). */
  label: string;
  /** Read-only context: a formula, a band's path, a condition's gist. */
  note?: string;
  cells: Record<string, Cell | undefined>;
}

export interface Grid {
  id: 'constants' | 'factors' | 'bands' | 'discounts' | 'promotions' | 'deductibles' | 'limits' | 'general';
  columns: { id: string; type: CellType }[];
  rows: GridRow[];
}

type Obj = { [key: string]: Json };
const isObj = (v: Json | undefined): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const list = (v: Json | undefined): Json[] => (Array.isArray(v) ? v : []);
const str = (v: Json | undefined): string => (typeof v === 'string' ? v : '');
const num = (
  pointer: string,
  v: Json | undefined,
  bounds: { min?: number; max?: number } = {},
): Cell | undefined => (typeof v === 'number' ? { pointer, value: v, type: 'number', ...bounds } : undefined);

/** An expression written for reading: `6 + CS_POLICY.DURATION_DAYS × 0.9`. */
export function formula(expr: Json | undefined): string {
  if (typeof expr === 'number') return String(expr);
  if (!isObj(expr)) return '';
  if (typeof expr.path === 'string') return expr.path.replace(/^CS_[A-Z_]+\./, '');
  const ops: Record<string, string> = {
    add: ' + ',
    sub: ' − ',
    mul: ' × ',
    div: ' ÷ ',
    min: ', ',
    max: ', ',
  };
  for (const [op, sep] of Object.entries(ops)) {
    const args = expr[op];
    if (Array.isArray(args)) {
      const inner = args.map((a) => (isObj(a) && !('path' in a) ? `(${formula(a)})` : formula(a))).join(sep);
      return op === 'min' || op === 'max' ? `${op}(${inner})` : inner;
    }
  }
  return Object.keys(expr)[0] ?? '';
}

/** The number constants of an expression, each with its pointer. */
function constants(expr: Json | undefined, pointer: string, out: { pointer: string; value: number }[] = []) {
  if (typeof expr === 'number') out.push({ pointer, value: expr });
  else if (Array.isArray(expr))
    expr.forEach((e, i) => {
      constants(e, `${pointer}/${i}`, out);
    });
  else if (isObj(expr))
    for (const [k, v] of Object.entries(expr)) if (k !== 'path') constants(v, `${pointer}/${k}`, out);
  return out;
}

function constantRows(where: string, expr: Json | undefined, pointer: string): GridRow[] {
  const found = constants(expr, pointer);
  return found.map((c, i) => ({
    id: c.pointer,
    label: found.length > 1 ? `${where} · ${i + 1}` : where,
    note: formula(expr),
    cells: { value: { pointer: c.pointer, value: c.value, type: 'number' } },
  }));
}

/** Every grid of a tariff, in the order the page shows them; grids without rows are left out. */
export function tariffGrids(tariff: Json): Grid[] {
  if (!isObj(tariff)) return [];
  const packages = list(tariff.packages);
  const covers = list(tariff.covers);
  const grids: Grid[] = [];

  const constantsRows: GridRow[] = [];
  packages.forEach((p, i) => {
    if (isObj(p))
      constantsRows.push(
        ...constantRows(`${str(p.PACKAGE_ID)} · base`, p.base, joinPointer(['packages', i, 'base'])),
      );
  });
  covers.forEach((c, i) => {
    if (isObj(c))
      constantsRows.push(
        ...constantRows(`${str(c.COVER_ID)} · premium`, c.premium, joinPointer(['covers', i, 'premium'])),
      );
  });
  grids.push({ id: 'constants', columns: [{ id: 'value', type: 'number' }], rows: constantsRows });

  const factorSources: { owner: string; pointer: (string | number)[]; factors: Json[] }[] = [
    { owner: '', pointer: ['factors'], factors: list(tariff.factors) },
    ...packages.map((p, i) => ({
      owner: isObj(p) ? str(p.PACKAGE_ID) : '',
      pointer: ['packages', i, 'factors'],
      factors: isObj(p) ? list(p.factors) : [],
    })),
  ];
  const factorRows: GridRow[] = [];
  const bandRows: GridRow[] = [];
  for (const source of factorSources)
    source.factors.forEach((f, i) => {
      if (!isObj(f)) return;
      const at = (...rest: (string | number)[]) => joinPointer([...source.pointer, i, ...rest]);
      const name = source.owner ? `${source.owner} · ${str(f.id)}` : str(f.id);
      const add = typeof f.add === 'number' ? num(at('add'), f.add) : undefined;
      if (typeof f.multiply === 'number' || add)
        factorRows.push({
          id: at(),
          label: name,
          note: isObj(f.add) ? `+ ${formula(f.add)}` : undefined,
          cells: { multiply: num(at('multiply'), f.multiply, { min: 0 }), add },
        });
      if (isObj(f.add)) factorRows.push(...constantRows(`${name} · add`, f.add, at('add')));
      const bands = isObj(f.bands) ? f.bands : undefined;
      list(bands?.ranges).forEach((r, j) => {
        if (!isObj(r)) return;
        const cell = (k: string) => num(at('bands', 'ranges', j, k), r[k]);
        bandRows.push({
          id: at('bands', 'ranges', j),
          label: `${name} · ${j + 1}`,
          note: str(bands?.path).replace(/^CS_[A-Z_]+\./, ''),
          cells: { from: cell('from'), to: cell('to'), multiply: cell('multiply'), add: cell('add') },
        });
      });
    });
  grids.push({
    id: 'factors',
    columns: [
      { id: 'multiply', type: 'number' },
      { id: 'add', type: 'number' },
    ],
    rows: factorRows
      .filter((r) => r.cells.multiply || r.cells.add || r.cells.value)
      .map((r) => (r.cells.value ? { ...r, cells: { add: r.cells.value } } : r)),
  });
  grids.push({
    id: 'bands',
    columns: ['from', 'to', 'multiply', 'add'].map((id) => ({ id, type: 'number' as const })),
    rows: bandRows,
  });

  grids.push({
    id: 'discounts',
    columns: [{ id: 'percent', type: 'number' }],
    rows: list(tariff.discounts).flatMap((d, i) =>
      isObj(d)
        ? [
            {
              id: `d${i}`,
              label: str(d.id),
              cells: {
                percent: num(joinPointer(['discounts', i, 'percent']), d.percent, { min: 0, max: 100 }),
              },
            },
          ]
        : [],
    ),
  });
  grids.push({
    id: 'promotions',
    columns: [
      { id: 'percent', type: 'number' },
      { id: 'validFrom', type: 'date' },
      { id: 'validTo', type: 'date' },
    ],
    rows: list(tariff.promotions).flatMap((p, i) => {
      if (!isObj(p)) return [];
      const at = (k: string) => joinPointer(['promotions', i, k]);
      const date = (k: string): Cell => ({ pointer: at(k), value: str(p[k]) || null, type: 'date' });
      return [
        {
          id: `p${i}`,
          label: str(p.id),
          cells: {
            percent: num(at('percent'), p.percent, { min: 0, max: 100 }),
            validFrom: date('validFrom'),
            validTo: date('validTo'),
          },
        },
      ];
    }),
  });
  const deductibleRows: GridRow[] = [];
  if (isObj(tariff.deductibles))
    for (const [kind, byPackage] of Object.entries(tariff.deductibles))
      if (isObj(byPackage))
        for (const [pkg, items] of Object.entries(byPackage))
          list(items).forEach((d, i) => {
            if (!isObj(d)) return;
            const at = (k: string) => joinPointer(['deductibles', kind, pkg, i, k]);
            deductibleRows.push({
              id: at(''),
              label: `${kind} · ${pkg} · ${str(d.DEDUCTIBLE_ID)}`,
              cells: {
                amount: num(at('DEDUCTIBLE_AMOUNT'), d.DEDUCTIBLE_AMOUNT, { min: 0 }),
                percent: num(at('PREMIUM_PERCENT'), d.PREMIUM_PERCENT),
              },
            });
          });
  grids.push({
    id: 'deductibles',
    columns: [
      { id: 'amount', type: 'number' },
      { id: 'percent', type: 'number' },
    ],
    rows: deductibleRows,
  });
  const limitRows: GridRow[] = [];
  covers.forEach((c, i) => {
    if (!isObj(c) || !isObj(c.limits)) return;
    for (const [variant, limits] of Object.entries(c.limits))
      if (isObj(limits))
        for (const [name, value] of Object.entries(limits)) {
          const cell = num(joinPointer(['covers', i, 'limits', variant, name]), value, { min: 0 });
          if (cell)
            limitRows.push({
              id: cell.pointer,
              label: `${str(c.COVER_ID)} · ${name}${variant === '*' ? '' : ` · ${variant}`}`,
              cells: { value: cell },
            });
        }
  });
  grids.push({ id: 'limits', columns: [{ id: 'value', type: 'number' }], rows: limitRows });
  const general: GridRow[] = [];
  for (const key of ['minimumPremium', 'maxDiscountPercent'] as const) {
    const cell = num(
      `/${key}`,
      tariff[key],
      key === 'maxDiscountPercent' ? { min: 0, max: 100 } : { min: 0 },
    );
    if (cell) general.push({ id: key, label: key, cells: { value: cell } });
  }
  grids.push({ id: 'general', columns: [{ id: 'value', type: 'number' }], rows: general });
  return grids.filter((g) => g.rows.length > 0);
}

/** A typed cell value read, or why not: the grid refuses it before it reaches the file. */
export function readCell(
  cell: Cell,
  text: string,
): { ok: true; value: number | string | null } | { ok: false; reason: 'number' | 'range' | 'date' } {
  const t = text.trim();
  if (cell.type === 'date') {
    if (t === '') return { ok: true, value: null };
    return /^\d{4}-\d{2}-\d{2}$/.test(t) && !Number.isNaN(Date.parse(`${t}T00:00:00Z`))
      ? { ok: true, value: t }
      : { ok: false, reason: 'date' };
  }
  const n = Number(t.replace(',', '.'));
  if (t === '' || !Number.isFinite(n)) return { ok: false, reason: 'number' };
  if ((cell.min !== undefined && n < cell.min) || (cell.max !== undefined && n > cell.max))
    return { ok: false, reason: 'range' };
  return { ok: true, value: n };
}
