// What refers to a node before it is removed or renamed: the conditions, derived values, rules,
// check points, tariff factors, texts and test scenarios that read its quote path (or, for a value
// of a list, that compare with that value). The editor names them in its warning.

import type { Doc } from './document';
import type { Json } from './jsonText';
import { getAt, lastOf, parentOf, strings } from './pointer';
import { kindOf } from './structure';

export type ReferenceKind =
  | 'condition'
  | 'derived'
  | 'rule'
  | 'default'
  | 'flow'
  | 'checkpoint'
  | 'tariff'
  | 'text'
  | 'scenario';

export interface Reference {
  kind: ReferenceKind;
  file: string;
  /** JSON pointer inside the file (scenarios: the step's index in the file). */
  pointer: string;
  /** What to name: the path read, the CHECK_NUMBER, the text key, the substep of a scenario. */
  detail: string;
}

/** The parts of a test scenario (tests/scenarios/*.json) that refer to fields. */
export interface ScenarioFile {
  flow: string;
  steps: { substep: string; answers?: Record<string, unknown> }[];
}

type Obj = Record<string, Json>;
const asObj = (v: Json | undefined): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});
const asList = (v: Json | undefined): Json[] => (Array.isArray(v) ? v : []);

interface Target {
  paths: string[];
  textKeys: string[];
  substepKeys: string[];
  /** For a list value: the field's path and the value. */
  value?: { path: string; value: string };
}

function fieldsUnder(node: Json, pointer: string): Obj[] {
  const kind = kindOf(pointer);
  if (kind === 'field') return [asObj(node)];
  if (kind === 'substep') return asList(asObj(node).fields).map(asObj);
  if (kind === 'step') return asList(asObj(node).substeps).flatMap((s) => asList(asObj(s).fields).map(asObj));
  return [];
}

function textKeysOf(field: Obj): string[] {
  const keys = ['label', 'help', 'placeholder']
    .map((k) => field[k])
    .filter((k): k is string => typeof k === 'string');
  if (typeof field.label !== 'string' && typeof field.id === 'string')
    keys.unshift(`fields.${field.id}.label`);
  for (const o of asList(field.options))
    if (typeof asObj(o).label === 'string') keys.push(asObj(o).label as string);
  return keys;
}

function targetOf(flow: Json, pointer: string): Target {
  const node = getAt(flow, pointer);
  const kind = kindOf(pointer);
  if (kind === 'option') {
    const field = asObj(getAt(flow, parentOf(parentOf(pointer))));
    const label = asObj(node).label;
    return {
      paths: [],
      textKeys: typeof label === 'string' ? [label] : [],
      substepKeys: [],
      value: { path: String(field.path ?? ''), value: String(asObj(node).value ?? '') },
    };
  }
  const fields = fieldsUnder(node ?? null, pointer);
  const steps = asList(asObj(flow).steps);
  const substepKeys: string[] = [];
  const stepIndex = Number(pointer.split('/')[2]);
  const stepId = String(asObj(steps[stepIndex]).id ?? '');
  if (kind === 'step')
    for (const s of asList(asObj(node).substeps)) substepKeys.push(`${stepId}__${asObj(s).id}`);
  if (kind === 'substep') substepKeys.push(`${stepId}__${asObj(node).id}`);
  const own = asObj(node);
  const nodeKeys = kind === 'step' ? [own.label] : kind === 'substep' ? [own.title, own.intro] : [];
  return {
    paths: fields.map((f) => f.path).filter((p): p is string => typeof p === 'string'),
    textKeys: [...nodeKeys.filter((k): k is string => typeof k === 'string'), ...fields.flatMap(textKeysOf)],
    substepKeys,
  };
}

const reads = (s: string, path: string) => s === path || s.startsWith(`${path}.`);

function flowKind(pointer: string): ReferenceKind {
  if (pointer.startsWith('/derived/')) return 'derived';
  if (/\/(visibleIf|disabledIf|required|when)(\/|$)/.test(pointer)) return 'condition';
  if (/\/rules\//.test(pointer)) return 'rule';
  if (pointer.startsWith('/defaults/') || pointer.startsWith('/variants/')) return 'default';
  return 'flow';
}

/** Every reference to the node at `pointer` of flow.json from outside it. */
export function findReferences(
  doc: Doc,
  pointer: string,
  scenarios: Record<string, ScenarioFile> = {},
): Reference[] {
  const flow = doc.files['flow.json']?.value ?? null;
  const target = targetOf(flow, pointer);
  const out: Reference[] = [];
  const inside = (p: string) => p === pointer || p.startsWith(`${pointer}/`);
  const flowId = String(asObj(flow).id ?? '');

  for (const path of target.paths) {
    for (const [at, s] of strings(flow)) {
      if (inside(at) || !reads(s, path)) continue;
      // A field's own `path` and the keys of `defaults` are the field itself, not a reader of it.
      out.push({ kind: flowKind(at), file: 'flow.json', pointer: at, detail: s });
    }
    const defaults = asObj(asObj(flow).defaults);
    for (const key of Object.keys(defaults))
      if (reads(key, path))
        out.push({ kind: 'default', file: 'flow.json', pointer: `/defaults/${key}`, detail: key });
    const cps = asList(asObj(doc.files['rules.json']?.value).ET_CHECK_POINTS);
    cps.forEach((cp, n) => {
      const names = asList(asObj(cp).T_FIELD_NAME);
      names.forEach((name, m) => {
        if (typeof name === 'string' && reads(name.replace('.*', ''), path.replace('.*', '')))
          out.push({
            kind: 'checkpoint',
            file: 'rules.json',
            pointer: `/ET_CHECK_POINTS/${n}/T_FIELD_NAME/${m}`,
            detail: String(asObj(cp).CHECK_NUMBER),
          });
      });
    });
    const tariff = doc.files['tariff.json']?.value;
    if (tariff !== undefined)
      for (const [at, s] of strings(tariff))
        if (reads(s, path)) out.push({ kind: 'tariff', file: 'tariff.json', pointer: at, detail: s });
  }

  if (target.value) {
    const { path, value } = target.value;
    for (const [at, s] of strings(flow)) {
      if (s !== path || lastOf(at) !== 'path') continue;
      const cond = asObj(getAt(flow, parentOf(at)));
      const compared = [cond.eq, cond.ne, ...asList(cond.in)].some(
        (v) => v !== undefined && String(v) === value,
      );
      if (compared)
        out.push({
          kind: flowKind(at),
          file: 'flow.json',
          pointer: parentOf(at),
          detail: `${path} = ${value}`,
        });
    }
    asList(asObj(doc.files['rules.json']?.value).ET_CHECK_POINTS).forEach((cp, n) => {
      const row = asObj(cp);
      if (asList(row.T_FIELD_NAME).includes(path) && String(row.FIELD_VALUE) === value)
        out.push({
          kind: 'checkpoint',
          file: 'rules.json',
          pointer: `/ET_CHECK_POINTS/${n}`,
          detail: String(row.CHECK_NUMBER),
        });
    });
  }

  for (const key of target.textKeys) out.push({ kind: 'text', file: 'texts', pointer: '', detail: key });

  for (const [name, scenario] of Object.entries(scenarios)) {
    if (scenario.flow !== flowId) continue;
    scenario.steps.forEach((step, n) => {
      const answers = step.answers ?? {};
      const hit =
        target.substepKeys.includes(step.substep) ||
        target.paths.some((p) => Object.keys(answers).some((k) => reads(k, p))) ||
        (target.value !== undefined && String(answers[target.value.path]) === target.value.value);
      if (hit) out.push({ kind: 'scenario', file: name, pointer: `/steps/${n}`, detail: step.substep });
    });
  }
  return out;
}
