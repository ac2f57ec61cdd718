import { describe, expect, it } from 'vitest';
import { commit, loadDoc, saveDoc, startHistory, undo } from '../../../../src/studio/editor/model/document';
import { getAt } from '../../../../src/studio/editor/model/pointer';
import { findReferences } from '../../../../src/studio/editor/model/references';
import {
  addChild,
  duplicate,
  kindOf,
  move,
  outline,
  remove,
} from '../../../../src/studio/editor/model/structure';
import { flowFiles, scenarioFiles } from './support';

const FIELDS = '/steps/0/substeps/0/fields';
const TRAVEL_STARTED = `${FIELDS}/4`;

describe('the flow structure', () => {
  const doc = loadDoc(flowFiles('travel'));
  const flow = doc.files['flow.json'].value;

  it('names every node by its pointer and kind', () => {
    const tree = outline(flow);
    expect(tree[0].kind).toBe('step');
    expect(tree[0].children[0].children[4]).toMatchObject({
      pointer: TRAVEL_STARTED,
      kind: 'field',
      id: 'TRAVEL_STARTED',
    });
    expect(kindOf(`${FIELDS}/0/options/1`)).toBe('option');
    expect(kindOf('/lovs/0')).toBeNull();
  });

  it('adds a field beside its siblings, with a fresh id and a quote path under the same object', () => {
    const added = addChild(flow, '/steps/0/substeps/0')!;
    const next = commit(startHistory(doc), added.edits).present.files['flow.json'].value;
    expect(getAt(next, added.pointer)).toEqual({
      id: 'newQuestion',
      path: 'CS_TRAVEL.NEW_QUESTION',
      type: 'string',
      widget: 'text',
      required: true,
    });
    const again = addChild(next, '/steps/0/substeps/0')!;
    expect(
      (
        getAt(
          commit(startHistory(doc), [...added.edits, ...again.edits]).present.files['flow.json'].value,
          again.pointer,
        ) as { id: string }
      ).id,
    ).toBe('newQuestion2');
  });

  it('duplicates after the node with a fresh id and path, moves with the keyboard, deletes, undoes to the same bytes', () => {
    let history = startHistory(doc);
    const copy = duplicate(flow, TRAVEL_STARTED)!;
    history = commit(history, copy.edits);
    const value = history.present.files['flow.json'].value;
    expect(copy.pointer).toBe(`${FIELDS}/5`);
    expect(getAt(value, copy.pointer)).toMatchObject({
      id: 'TRAVEL_STARTEDCopy',
      path: 'CS_TRAVEL.TRAVEL_STARTED_COPY',
    });
    const up = move(value, copy.pointer, -1)!;
    expect(up.pointer).toBe(TRAVEL_STARTED);
    history = commit(history, up.edits);
    expect(getAt(history.present.files['flow.json'].value, `${TRAVEL_STARTED}/id`)).toBe(
      'TRAVEL_STARTEDCopy',
    );
    expect(move(history.present.files['flow.json'].value, `${FIELDS}/0`, -1)).toBeNull();
    history = commit(history, remove(up.pointer));
    expect(getAt(history.present.files['flow.json'].value, `${TRAVEL_STARTED}/id`)).toBe('TRAVEL_STARTED');
    history = undo(undo(undo(history)));
    expect(saveDoc(history.present)).toEqual(flowFiles('travel'));
  });
});

describe('references before removing or renaming', () => {
  const doc = loadDoc(flowFiles('travel'));

  it('names the check point, the texts and the scenarios that read a field', () => {
    const refs = findReferences(doc, TRAVEL_STARTED, scenarioFiles());
    expect(refs).toContainEqual({
      kind: 'checkpoint',
      file: 'rules.json',
      pointer: '/ET_CHECK_POINTS/0/T_FIELD_NAME/0',
      detail: '1',
    });
    expect(refs.filter((r) => r.kind === 'text').map((r) => r.detail)).toContain(
      'fields.TRAVEL_STARTED.label',
    );
    expect(refs.some((r) => r.kind === 'scenario' && r.file === 'travel-referral-trip-started.json')).toBe(
      true,
    );
    // Its own path inside the node is not a reference.
    expect(refs.some((r) => r.pointer.startsWith(`${TRAVEL_STARTED}/`))).toBe(false);
  });

  it('names the conditions that read a field', () => {
    const objectType = findReferences(doc, `${FIELDS}/0`);
    const conditions = objectType.filter((r) => r.kind === 'condition');
    expect(conditions.length).toBeGreaterThan(3);
    expect(conditions[0].detail).toBe('CS_TRAVEL.OBJECT_TYPE');
    expect(conditions.every((r) => /visibleIf|when|disabledIf|required/.test(r.pointer))).toBe(true);
  });

  it('names the conditions comparing with a value of a list', () => {
    const cyber = loadDoc(flowFiles('cyber'));
    const options = getAt(cyber.files['flow.json'].value, `${FIELDS}/0/options`) as { value: string }[];
    const family = options.findIndex((o) => o.value === 'FAMILY');
    const refs = findReferences(cyber, `${FIELDS}/0/options/${family}`);
    expect(refs.filter((r) => r.kind === 'condition').length).toBeGreaterThan(0);
    expect(refs.every((r) => r.kind !== 'condition' || r.detail === 'CS_CYBER.COVER_FOR = FAMILY')).toBe(
      true,
    );
  });

  it('finds nothing for a new field nobody reads', () => {
    const added = addChild(doc.files['flow.json'].value, '/steps/0/substeps/0')!;
    const next = commit(startHistory(doc), added.edits).present;
    expect(findReferences(next, added.pointer).filter((r) => r.kind !== 'text')).toEqual([]);
  });
});
