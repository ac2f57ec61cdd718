import { describe, expect, it } from 'vitest';
import {
  applyEdit,
  commit,
  loadDoc,
  redo,
  saveDoc,
  startHistory,
  undo,
} from '../../../../src/studio/editor/model/document';
import { JsonSyntaxError, parseJson, printJson } from '../../../../src/studio/editor/model/jsonText';
import { getAt } from '../../../../src/studio/editor/model/pointer';
import { flowFiles, repositoryJson } from './support';

describe('JSON text as the repository writes it', () => {
  it('prints every flow, schema and locale file of the repository byte-identical', () => {
    const files = repositoryJson();
    expect(Object.keys(files).length).toBeGreaterThan(50);
    for (const [path, text] of Object.entries(files)) {
      const { value, layout } = parseJson(text);
      expect(printJson(value, layout), path).toBe(text);
    }
  });

  it('keeps a short new object on one line and breaks a long one, 2 spaces, trailing newline', () => {
    expect(printJson({ a: [1, 2], b: { c: 'd' } })).toBe('{ "a": [1, 2], "b": { "c": "d" } }\n');
    const long = { text: 'x'.repeat(120) };
    expect(printJson({ list: [long] })).toBe(
      `{\n  "list": [\n    {\n      "text": "${'x'.repeat(120)}"\n    }\n  ]\n}\n`,
    );
  });

  it('says where the text stops being JSON', () => {
    expect(() => parseJson('{ "a": 1,, }')).toThrow(JsonSyntaxError);
    try {
      parseJson('{\n  "a": tru\n}');
    } catch (error) {
      expect((error as JsonSyntaxError).offset).toBe(9);
    }
  });
});

describe('the document', () => {
  it('saves an untouched item byte-identical, and an edited one changing only the edited line', () => {
    const files = flowFiles('travel');
    const doc = loadDoc(files);
    expect(saveDoc(doc)).toEqual(files);
    const edited = applyEdit(doc, {
      op: 'set',
      file: 'flow.json',
      pointer: '/steps/0/label',
      value: 'steps.theTrip',
    });
    const before = files['flow.json'].split('\n');
    const after = saveDoc(edited)['flow.json'].split('\n');
    expect(after).toHaveLength(before.length);
    const changed = after.filter((line, n) => line !== before[n]);
    expect(changed).toHaveLength(1);
    expect(changed[0]).toContain('"steps.theTrip"');
    expect(saveDoc(edited)['rules.json']).toBe(files['rules.json']);
  });

  it('undoes and redoes more than 100 steps, back to the loaded bytes', () => {
    const files = flowFiles('travel');
    let history = startHistory(loadDoc(files));
    for (let n = 0; n < 150; n++)
      history = commit(history, {
        op: 'set',
        file: 'flow.json',
        pointer: '/steps/0/label',
        value: `steps.label${n}`,
      });
    expect(getAt(history.present.files['flow.json'].value, '/steps/0/label')).toBe('steps.label149');
    for (let n = 0; n < 150; n++) history = undo(history);
    expect(history.past).toHaveLength(0);
    expect(saveDoc(history.present)).toEqual(files);
    for (let n = 0; n < 120; n++) history = redo(history);
    expect(getAt(history.present.files['flow.json'].value, '/steps/0/label')).toBe('steps.label119');
    // A new edit after undo drops what could be redone.
    history = commit(undo(history), { op: 'remove', file: 'flow.json', pointer: '/steps/0/visibleIf' });
    expect(history.future).toHaveLength(0);
  });

  it('keeps a file whose typed text does not parse, with the reason, and recovers when fixed', () => {
    const doc = loadDoc(flowFiles('travel'));
    const broken = applyEdit(doc, { op: 'text', file: 'rules.json', text: '{ "ET_TEXTS": [' });
    expect(broken.files['rules.json']).toBeUndefined();
    expect(broken.broken['rules.json'].message).toMatch(/unexpected|expected/);
    expect(saveDoc(broken)['rules.json']).toBe('{ "ET_TEXTS": [');
    const fixed = applyEdit(broken, {
      op: 'text',
      file: 'rules.json',
      text: '{ "ET_TEXTS": [], "ET_CHECK_POINTS": [] }\n',
    });
    expect(fixed.broken['rules.json']).toBeUndefined();
    expect(saveDoc(fixed)['rules.json']).toBe('{ "ET_TEXTS": [], "ET_CHECK_POINTS": [] }\n');
  });
});

describe('typing is one undo step', () => {
  it('merges edits with the same key close together, not others', () => {
    let history = startHistory(loadDoc(flowFiles('travel')));
    const set = (value: string) => ({
      op: 'set' as const,
      file: 'flow.json',
      pointer: '/steps/0/label',
      value,
    });
    history = commit(history, set('s'), 'label', 1000);
    history = commit(history, set('st'), 'label', 1500);
    history = commit(history, set('ste'), 'label', 2000);
    expect(history.past).toHaveLength(1);
    history = commit(history, set('step'), 'label', 9000);
    expect(history.past).toHaveLength(2);
    history = commit(history, set('other'), 'id', 9100);
    expect(history.past).toHaveLength(3);
    expect(getAt(undo(undo(history)).present.files['flow.json'].value, '/steps/0/label')).toBe('ste');
  });
});
