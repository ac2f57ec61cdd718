import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { propertiesOf, type Schema, schemaAt } from '../../../../src/studio/editor/forms/schemaAt';
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
