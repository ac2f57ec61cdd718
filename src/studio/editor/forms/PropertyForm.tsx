// The properties of the selected node, edited in a form the site's own renderer draws (FormSubstep
// with the site's theme): the studio is itself a schema-driven form. The form is a substep made
// from the node's schema (./schemaAt.ts): text, number, yes/no and choice properties become
// fields; the node's texts (label, title, help ...) get a Greek and an English field each, which
// write to the flow's texts. Validation is the engine's own keyword check (no compiled validator
// in the browser); the service's checker does the rest.

import type { i18n as I18n } from 'i18next';
import { useMemo, useRef } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { todayInNicosia } from '../../../engine/dates';
import type { UiContext } from '../../../engine/flow/forms';
import type { Field, Flow, Quote, Substep } from '../../../engine/flow/types';
import { FormSubstep } from '../../../ui/flow/FormSubstep';
import { createInputIssues } from '../../../ui/theme';
import type { Edit } from '../model/document';
import type { Json } from '../model/jsonText';
import { getAt } from '../model/pointer';
import type { Property } from './schemaAt';

/** The node's properties that hold a text key, with the namespace-less key they name. */
export interface TextSlot {
  /** The property (label, title ...) or the field's default label. */
  name: string;
  key: string;
}

export const TEXT_PROPERTIES = ['label', 'title', 'intro', 'help', 'placeholder'];

const PROP = 'studioprop:';
const CHOICE = 'studiochoice:';

type T = (key: string, values?: Record<string, unknown>) => string;

/**
 * The label of a choice property's value (a field's type and widget: "yes or no", not `yesno`):
 * `choices.<property>.<value>` of the editor's texts, else the value itself. The value stored is
 * the value, whatever the label.
 */
export function choiceLabel(t: T, property: string, value: string): string {
  return t(`choices.${property}.${value}`, { defaultValue: value });
}
const FORM_FLOW = { id: 'studio-properties', steps: [] } as unknown as Flow;

type Obj = Record<string, Json>;

/** The fields of the property form: the simple properties, then the texts in both languages. */
export function propertyFields(props: Property[], texts: TextSlot[], editableTexts: boolean): Field[] {
  const fields: Field[] = [];
  for (const p of props) {
    const base = {
      id: p.name,
      path: `node.${p.name}`,
      label: `${PROP}${p.name}`,
      required: p.required,
    } as Field;
    const c = p.control;
    if (c.kind === 'text')
      fields.push({
        ...base,
        type: 'string',
        widget: 'text',
        ...(c.pattern ? { schema: { pattern: c.pattern } } : {}),
      } as Field);
    else if (c.kind === 'number')
      fields.push({ ...base, type: c.integer ? 'integer' : 'number', widget: 'number' } as Field);
    else if (c.kind === 'boolean')
      fields.push({ ...base, type: 'boolean', widget: 'checkbox', required: false } as Field);
    else if (c.kind === 'choice')
      fields.push({
        ...base,
        type: 'string',
        widget: 'select',
        options: c.values.map((v) => ({ value: v, label: `${CHOICE}${p.name}:${v}` })),
      } as Field);
  }
  if (editableTexts)
    for (const slot of texts)
      for (const lang of ['el', 'en'] as const)
        fields.push({
          id: `text_${slot.name}_${lang}`,
          path: `texts.${slot.name}.${lang}`,
          type: 'string',
          widget: 'text',
          // Labelled "<property> in Greek" / "in English" (see ctx.t below).
          label: `${PROP}text.${slot.name}.${lang}`,
          required: false,
        } as Field);
  return fields;
}

/**
 * A text of the property form: a property's name, a text property's "in Greek"/"in English", a
 * choice's label (choiceLabel), else the site's own strings (the widgets': choose, yes, no).
 */
export function formLabel(
  key: string,
  values: Record<string, unknown> | undefined,
  labels: { t: T; siteT: T },
) {
  if (key.startsWith(CHOICE)) {
    const [property, ...value] = key.slice(CHOICE.length).split(':');
    return choiceLabel(labels.t, property, value.join(':'));
  }
  const text = /^studioprop:text\.(\w+)\.(el|en)$/.exec(key);
  if (text)
    return labels.t('props.textIn', {
      property: labels.t(`props.${text[1]}`, { defaultValue: text[1] }),
      lang: labels.t(`lang.${text[2]}`),
    });
  if (key.startsWith(PROP)) {
    const name = key.slice(PROP.length).replace(/\.label$/, '');
    return labels.t(`props.${name}`, { defaultValue: name });
  }
  return labels.siteT(key, values);
}

export interface PropertyFormProps {
  /** The node's pointer in its file, for the edits. */
  file: string;
  pointer: string;
  node: Obj;
  props: Property[];
  texts: TextSlot[];
  /** The texts files (texts/el.json, texts/en.json) when the flow's texts are loaded. */
  textFiles: { el?: Json; en?: Json } | null;
  /** The site's t of the studio's language (the widgets' own strings: choose, yes, no). */
  siteT: (key: string, values?: Record<string, unknown>) => string;
  /** The site's texts instance itself: the widgets read their own strings (ui) from the context. */
  siteI18n: I18n;
  lang: 'el' | 'en';
  readOnly: boolean;
  onEdit: (edits: Edit[], mergeKey: string) => void;
}

const textPointer = (key: string) => `/${key.split('.').join('/')}`;

export function PropertyForm({
  file,
  pointer,
  node,
  props,
  texts,
  textFiles,
  siteT,
  siteI18n,
  lang,
  readOnly,
  onEdit,
}: PropertyFormProps) {
  const { t } = useTranslation('editor');
  const inputIssues = useMemo(() => createInputIssues(), []);
  const editableTexts = textFiles !== null;
  const fields = useMemo(() => propertyFields(props, texts, editableTexts), [props, texts, editableTexts]);
  const substep = useMemo(
    () =>
      ({
        id: `props${pointer.replace(/\W/g, '')}`,
        kind: 'form',
        fields: readOnly ? fields.map((f) => ({ ...f, disabledIf: { all: [] } })) : fields,
      }) as Substep,
    [fields, pointer, readOnly],
  );
  const quote = useMemo(() => {
    const textValues: Obj = {};
    for (const slot of texts)
      textValues[slot.name] = {
        el: (getAt(textFiles?.el ?? null, textPointer(slot.key)) as string | undefined) ?? '',
        en: (getAt(textFiles?.en ?? null, textPointer(slot.key)) as string | undefined) ?? '',
      };
    return { node, texts: textValues } as Quote;
  }, [node, texts, textFiles]);
  const labels = useRef({ t, siteT });
  labels.current = { t, siteT };
  const ctx: UiContext = useMemo(
    () => ({
      lang,
      t: (key, values) => formLabel(key, values, labels.current),
      lovOptions: () => [],
      today: todayInNicosia(),
      vars: {},
    }),
    [lang],
  );
  return (
    <div className="editor-props">
      <I18nextProvider i18n={siteI18n}>
        <FormSubstep
          flow={FORM_FLOW}
          substep={substep}
          quote={quote}
          ctx={ctx}
          showAll
          inputIssues={inputIssues}
          onChange={(next) => {
            const edits: Edit[] = [];
            let mergeKey = '';
            const nextNode = ((next as Obj).node ?? {}) as Obj;
            for (const p of props) {
              if (!['text', 'number', 'boolean', 'choice'].includes(p.control.kind)) continue;
              const before = node[p.name];
              let after = nextNode[p.name];
              if (p.control.kind === 'boolean' && after === false && before === undefined) continue;
              if (after === '' || after === undefined || after === null) after = undefined as unknown as Json;
              if (JSON.stringify(before) === JSON.stringify(after)) continue;
              mergeKey = `${file}${pointer}/${p.name}`;
              edits.push(
                after === undefined
                  ? { op: 'remove', file, pointer: `${pointer}/${p.name}` }
                  : { op: 'set', file, pointer: `${pointer}/${p.name}`, value: after },
              );
            }
            const nextTexts = ((next as Obj).texts ?? {}) as Record<string, Record<string, string>>;
            const currentTexts = quote.texts as Record<string, Record<string, string>>;
            for (const slot of texts)
              for (const l of ['el', 'en'] as const) {
                const after = nextTexts[slot.name]?.[l] ?? '';
                if (after === currentTexts[slot.name]?.[l]) continue;
                mergeKey = `texts/${l}.json${slot.key}`;
                edits.push({
                  op: 'set',
                  file: `texts/${l}.json`,
                  pointer: textPointer(slot.key),
                  value: after,
                });
              }
            if (edits.length) onEdit(edits, mergeKey);
          }}
        />
      </I18nextProvider>
    </div>
  );
}
