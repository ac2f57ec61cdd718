// A flow's outline for the studio: its steps, substeps and fields with their labels in the staff
// member's language, read from the flow's own file (flow.json as stored: shared field sets named,
// not expanded) and the product's texts items. Every entry carries its JSON pointer in flow.json,
// the address the editor opens (/studio/items/flow/<key>/edit#<pointer>).

export type Texts = Record<string, unknown>;
/** The texts of one language by namespace (a texts item's el.json or en.json, parsed). */
export type TextsByNamespace = Record<string, Texts | undefined>;

export interface OutlineField {
  pointer: string;
  id: string;
  /** The label, or null when the key has no text in this language. */
  label: string | null;
  labelKey: string;
  type?: string;
}
export interface OutlineSubstep {
  pointer: string;
  id: string;
  title: string | null;
  titleKey?: string;
  fieldSets: { pointer: string; name: string }[];
  fields: OutlineField[];
}
export interface OutlineStep {
  pointer: string;
  id: string;
  label: string | null;
  labelKey?: string;
  substeps: OutlineSubstep[];
}

interface RawField {
  id?: string;
  label?: string;
  type?: string;
  widget?: string;
}
interface RawFlow {
  id?: string;
  namespace?: string;
  steps?: {
    id?: string;
    label?: string;
    substeps?: { id?: string; title?: string; fieldSets?: string[]; fields?: RawField[] }[];
  }[];
}

/** Keys without a namespace belong to the flow's own (engine/flow/expand.ts, qualify). */
export function qualify(namespace: string, key: string): string {
  return key.includes(':') ? key : `${namespace}:${key}`;
}

/** The text of a qualified key ("travel:trip.title"), or null. */
export function lookup(texts: TextsByNamespace, qualified: string): string | null {
  const at = qualified.indexOf(':');
  let node: unknown = texts[qualified.slice(0, at)];
  for (const part of qualified.slice(at + 1).split('.')) {
    if (typeof node !== 'object' || node === null) return null;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : null;
}

export const namespaceOf = (flow: RawFlow) => flow.namespace ?? flow.id ?? '';

/** The namespaces whose texts the outline needs: the flow's own, and those its keys name. */
export function outlineNamespaces(flow: RawFlow): string[] {
  const own = namespaceOf(flow);
  const names = new Set([own, 'fields']);
  const note = (key?: string) => {
    if (key?.includes(':')) names.add(key.slice(0, key.indexOf(':')));
  };
  for (const step of flow.steps ?? []) {
    note(step.label);
    for (const sub of step.substeps ?? []) {
      note(sub.title);
      for (const field of sub.fields ?? []) note(field.label);
    }
  }
  return [...names].filter(Boolean);
}

export function flowOutline(flow: RawFlow, texts: TextsByNamespace): OutlineStep[] {
  const ns = namespaceOf(flow);
  const text = (key?: string) => (key ? lookup(texts, qualify(ns, key)) : null);
  return (flow.steps ?? []).map((step, si) => ({
    pointer: `/steps/${si}`,
    id: step.id ?? '',
    label: text(step.label),
    labelKey: step.label ? qualify(ns, step.label) : undefined,
    substeps: (step.substeps ?? []).map((sub, ui) => {
      const at = `/steps/${si}/substeps/${ui}`;
      return {
        pointer: at,
        id: sub.id ?? '',
        title: text(sub.title),
        titleKey: sub.title ? qualify(ns, sub.title) : undefined,
        fieldSets: (sub.fieldSets ?? []).map((name, ni) => ({ pointer: `${at}/fieldSets/${ni}`, name })),
        fields: (sub.fields ?? []).map((field, fi) => {
          const labelKey = field.label ? qualify(ns, field.label) : `${ns}:fields.${field.id}.label`;
          return {
            pointer: `${at}/fields/${fi}`,
            id: field.id ?? '',
            label: lookup(texts, labelKey),
            labelKey,
            type: field.widget ?? field.type,
          };
        }),
      };
    }),
  }));
}

/** Where the editor opens an entry: the pointer in the hash, each part as the URL needs it. */
export function editorHref(key: string, pointer: string): string {
  return `/studio/items/flow/${encodeURIComponent(key)}/edit#${pointer
    .split('/')
    .map((part) => encodeURIComponent(part))
    .join('/')}`;
}
