import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { choiceLabel, formLabel, propertyFields } from '../../../../src/studio/editor/forms/PropertyForm';
import { deref, propertiesOf, type Schema, schemaAt } from '../../../../src/studio/editor/forms/schemaAt';
import { differences } from '../../../../src/studio/editor/model/diff';
import { loadDoc } from '../../../../src/studio/editor/model/document';
import { flowFiles, ROOT } from './support';

const schema = (name: string) => JSON.parse(readFileSync(join(ROOT, 'schemas', name), 'utf8')) as Schema;

describe('the form of a node comes from the file schema', () => {
  const flowSchema = schema('flow.schema.json');
  const flow = loadDoc(flowFiles('travel')).files['flow.json'].value;

  it('resolves a field through $refs, with its simple properties, conditions and the rest as JSON', () => {
    const field = schemaAt(flowSchema, flow, '/steps/0/substeps/0/fields/4')!;
    expect(field.required).toEqual(['id', 'path', 'type']);
    const props = Object.fromEntries(propertiesOf(flowSchema, field).map((p) => [p.name, p]));
    expect(props.id).toMatchObject({
      required: true,
      control: { kind: 'text', pattern: '^[A-Za-z][A-Za-z0-9_]*$' },
    });
    expect(props.widget.control).toMatchObject({ kind: 'choice' });
    expect((props.widget.control as { values: string[] }).values).toContain('yesno');
    expect(props.label.control).toMatchObject({ kind: 'text' });
    expect(props.visibleIf.control).toEqual({ kind: 'condition' });
    expect(props.required.control).toEqual({ kind: 'condition' });
    expect(props.options.control).toEqual({ kind: 'json' });
  });

  it('walks into arrays and additionalProperties, and picks the oneOf branch the value fits', () => {
    expect(schemaAt(flowSchema, flow, '/steps/0/label')?.pattern).toMatch(/^\^/);
    expect(schemaAt(flowSchema, flow, '/product/offerValidityDays')?.type).toBe('integer');
    const derived = (flow as { derived?: unknown[] }).derived ?? [];
    if (derived.length)
      expect(Object.keys(schemaAt(flowSchema, flow, '/derived/0')?.properties ?? {})).toContain('when');
    expect(schemaAt(flowSchema, flow, '/nothing/here')).toBeUndefined();
    const rules = loadDoc(flowFiles('travel')).files['rules.json'].value;
    expect(schemaAt(schema('rules.schema.json'), rules, '/ET_CHECK_POINTS/0/REL_OPERATOR')?.enum).toEqual([
      'EQ',
      'NE',
      'GT',
      'GE',
      'LT',
      'LE',
    ]);
  });
});

describe('what differs after a refused save', () => {
  it('lists the pointers added, removed and changed', () => {
    const mine = { 'flow.json': { a: 1, b: [1, 2], c: { d: 'x' } } };
    const theirs = { 'flow.json': { a: 2, b: [1], c: { d: 'x', e: true } } };
    expect(differences(mine, theirs)).toEqual([
      { file: 'flow.json', pointer: '/a', change: 'changed', mine: 1, theirs: 2 },
      { file: 'flow.json', pointer: '/b/1', change: 'removed', mine: 2 },
      { file: 'flow.json', pointer: '/c/e', change: 'added', theirs: true },
    ]);
    expect(differences(mine, mine)).toEqual([]);
  });
});

describe('a choice is shown by its label, and keeps its value', () => {
  const flowSchema = schema('flow.schema.json');
  const flow = loadDoc(flowFiles('travel')).files['flow.json'].value;
  const field = schemaAt(flowSchema, flow, '/steps/0/substeps/0/fields/4')!;
  const fields = propertyFields(propertiesOf(flowSchema, field), [], false);

  for (const lang of ['el', 'en'] as const) {
    const editor = JSON.parse(
      readFileSync(join(ROOT, 'src/studio/locales', lang, 'editor.json'), 'utf8'),
    ) as Record<string, unknown>;
    const t = (key: string, values?: Record<string, unknown>) => {
      let at: unknown = editor;
      for (const part of key.split('.')) at = (at as Record<string, unknown> | undefined)?.[part];
      return typeof at === 'string' ? at : String(values?.defaultValue ?? key);
    };
    const siteT = (key: string) => `site:${key}`;

    it(`labels every type of answer and every way of asking in ${lang}`, () => {
      for (const name of ['type', 'widget']) {
        const options = fields.find((f) => f.id === name)?.options ?? [];
        const values = (deref(flowSchema, deref(flowSchema, flowSchema.definitions!.field).properties?.[name])
          .enum ?? []) as string[];
        expect(options.map((o) => o.value)).toEqual(values);
        for (const o of options) {
          const label = formLabel(String(o.label), undefined, { t, siteT });
          expect(label, `${name} ${o.value}`).not.toBe(o.value);
          expect(label, `${name} ${o.value}`).toBe(t(`choices.${name}.${o.value}`));
        }
      }
      expect(choiceLabel(t, 'widget', 'yesno')).toBe(lang === 'el' ? 'Ναι / Όχι' : 'Yes / No');
      expect(choiceLabel(t, 'kind', 'form')).toBe(t('choices.kind.form', { defaultValue: 'form' }));
    });
  }
});
