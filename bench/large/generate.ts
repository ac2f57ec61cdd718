// The large forms of issue 27 item 2, generated from a seed so every run and every engine meet the
// same form: substeps of motor-quote fields drawn from the rendering benchmark's 40 (../render/
// fields.ts: names, plates, phone numbers, dates, makes, districts, yes/no questions), each with a
// number of its own so ids and labels stay unique, and about one field in ten shown only when an
// earlier yes/no of its substep has a given answer (half of them answered so, half not).
// generateFields makes one substep (the 20- and 200-field pages); generateLargeFlow a whole flow
// of our format (40 substeps of 20 fields in 8 steps) with its strings and a valid answer to each.

import type { Field, Flow, Widget } from '../../src/engine/flow/types';
import { seeded } from '../../src/engine/seeded';
import { type BenchField, FIELDS, NO, TYPED_FIELD, TYPED_LABEL, YES } from '../render/fields';

/** The seed every figure of the large measure uses. */
export const LARGE_SEED = 27;

// The conditional field of fields.ts depends on a field of its own page: the generator makes its own.
const TEMPLATES = FIELDS.filter((f) => !f.visibleIf && f.id !== TYPED_FIELD);
/** Share of fields (after the first two, never the last) shown under a condition. */
const CONDITIONAL_SHARE = 0.1;

export interface GenerateOptions {
  seed: number;
  /** Appended to every id (`_<tag>_<n>`), so the substeps of one flow never share an id. */
  tag?: string;
  /**
   * The first field is the one the benchmark types into: the rendering step's "First name",
   * required and empty (so it shows an error until typed). Otherwise every field starts valid.
   */
  typed?: boolean;
}

/** One substep of `count` fields; deterministic for a seed. */
export function generateFields(count: number, options: GenerateOptions): BenchField[] {
  const rand = seeded(options.seed);
  const suffix = (n: number) => (options.tag ? `_${options.tag}_${n}` : `_${n}`);
  const out: BenchField[] = [];
  const yesNos: BenchField[] = [];
  for (let n = 1; n <= count; n++) {
    if (n === 1 && options.typed) {
      const typed = FIELDS.find((f) => f.id === TYPED_FIELD) as BenchField;
      out.push({ ...typed, id: `${TYPED_FIELD}${suffix(n)}`, label: TYPED_LABEL, initial: undefined });
      continue;
    }
    const template = TEMPLATES[Math.floor(rand() * TEMPLATES.length)];
    const field: BenchField = {
      ...template,
      id: `${template.id}${suffix(n)}`,
      label: `${template.label} #${n}`,
    };
    const conditional = n > 2 && n < count && yesNos.length > 0 && rand() < CONDITIONAL_SHARE;
    if (conditional) {
      const on = yesNos[Math.floor(rand() * yesNos.length)];
      // Half the conditions hold with the starting answers (the field shows), half do not.
      const eq = rand() < 0.5 ? String(on.initial) : on.initial === YES ? NO : YES;
      field.visibleIf = { id: on.id, eq };
    } else if (field.kind === 'yesno') yesNos.push(field);
    out.push(field);
  }
  return out;
}

/** Every field of the substep with its starting answer (valid, but for the typed field). */
export function initialAnswers(fields: readonly BenchField[]): Record<string, string | number> {
  const data: Record<string, string | number> = {};
  for (const f of fields) if (f.initial !== undefined) data[f.id] = f.initial;
  return data;
}

/** The block of the quote the generated fields live in (BENCH.<id>). */
export const BLOCK = 'BENCH';

/** A bench field as a field of our flow format, under BENCH.<id>. */
export function flowField(f: BenchField): Field {
  const schema: Record<string, unknown> = {};
  if (f.maxLength !== undefined) schema.maxLength = f.maxLength;
  if (f.pattern !== undefined) schema.pattern = f.pattern;
  if (f.minimum !== undefined) schema.minimum = f.minimum;
  if (f.maximum !== undefined) schema.maximum = f.maximum;
  const numeric = f.kind === 'integer' || f.kind === 'number';
  return {
    id: f.id,
    path: `${BLOCK}.${f.id}`,
    type: numeric ? (f.kind as 'integer' | 'number') : 'string',
    widget: (numeric ? 'number' : f.kind) as Widget,
    ...(f.required ? { required: true } : {}),
    ...(Object.keys(schema).length > 0 ? { schema } : {}),
    ...(f.kind === 'date' ? { date: { min: f.minDate, max: f.maxDate } } : {}),
    ...(f.options
      ? { options: f.options.map((o) => ({ value: o.value, label: `options.${f.id}.${o.value}` })) }
      : {}),
    ...(f.visibleIf ? { visibleIf: { path: `${BLOCK}.${f.visibleIf.id}`, eq: f.visibleIf.eq } } : {}),
  };
}

/** The locale strings of fields (labels and option texts), as a flow namespace holds them. */
export function fieldStrings(fields: readonly BenchField[]): {
  fields: Record<string, { label: string }>;
  options: Record<string, Record<string, string>>;
} {
  const labels: Record<string, { label: string }> = {};
  const options: Record<string, Record<string, string>> = {};
  for (const f of fields) {
    labels[f.id] = { label: f.label };
    if (f.options) options[f.id] = Object.fromEntries(f.options.map((o) => [o.value, o.label]));
  }
  return { fields: labels, options };
}

export interface LargeFlow {
  /** flow.json as a flow folder would hold it (our format, checked by flows:check's checker). */
  flow: Flow;
  /** The flow's namespace, in every language the checker asks for (a bench flow, never shown). */
  strings: Record<string, unknown>;
  /** The fields of each substep, in order (for the peers' forms of the same flow). */
  pages: BenchField[][];
  /** A valid answer to every field: the quote a visitor who answered everything would have. */
  answers: Record<string, unknown>;
}

export const LARGE_FLOW_ID = 'bench-large';
const SUBSTEPS_PER_STEP = 5;

/** A flow of `substeps` form substeps of `fields` fields each; deterministic for a seed. */
export function generateLargeFlow(
  options: { substeps?: number; fields?: number; seed?: number } = {},
): LargeFlow {
  const substeps = options.substeps ?? 40;
  const perSubstep = options.fields ?? 20;
  const seed = options.seed ?? LARGE_SEED;
  const pages = Array.from({ length: substeps }, (_, i) =>
    generateFields(perSubstep, { seed: seed * 1000 + i, tag: String(i + 1) }),
  );
  const steps: Flow['steps'] = [];
  const stepTitles: Record<string, string> = {};
  const substepTitles: Record<string, string> = {};
  pages.forEach((fields, i) => {
    const stepIndex = Math.floor(i / SUBSTEPS_PER_STEP);
    const stepId = `part${stepIndex + 1}`;
    if (!steps[stepIndex]) {
      steps[stepIndex] = { id: stepId, label: `steps.${stepId}`, substeps: [] };
      stepTitles[stepId] = `Part ${stepIndex + 1}`;
    }
    const id = `page${i + 1}`;
    substepTitles[id] = `Page ${i + 1} of ${substeps}`;
    steps[stepIndex].substeps.push({ id, kind: 'form', title: `pages.${id}`, fields: fields.map(flowField) });
  });
  const flow = {
    id: LARGE_FLOW_ID,
    area: 'public',
    namespace: 'benchLarge',
    steps,
    completion: { title: 'done.title' },
  } as Flow;
  const all = pages.flat();
  const strings = {
    ...fieldStrings(all),
    steps: stepTitles,
    pages: substepTitles,
    done: { title: 'All pages answered' },
  };
  return { flow, strings, pages, answers: { [BLOCK]: initialAnswers(all) } };
}
