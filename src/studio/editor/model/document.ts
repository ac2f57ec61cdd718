// The document the editor works on: the files of one item (flow.json, rules.json, tariff.json)
// parsed, changed by edits on JSON pointers, with an undo history. A file keeps the text it was
// loaded with until its value changes, so an untouched item saves byte-identical; a changed one
// is printed as the repository writes it (./jsonText.ts), keeping the layout of what did not move.

import { type Json, type Layout, parseJson, printJson } from './jsonText';
import { insertAt, moveItem, removeAt, setDeep } from './pointer';

export interface FileDoc {
  value: Json;
  layout: Layout;
  /** The text as loaded (or as last typed in the JSON view). */
  text: string;
  /** The value `text` parses to: while `value` is this object the file prints as `text`. */
  parsed: Json;
}

/** Files by name; a file whose text does not parse is kept as `error` with its text. */
export interface Doc {
  files: Record<string, FileDoc>;
  broken: Record<string, { text: string; message: string; offset: number }>;
}

export type Edit =
  | { op: 'set'; file: string; pointer: string; value: Json }
  | { op: 'insert'; file: string; pointer: string; value: Json }
  | { op: 'remove'; file: string; pointer: string }
  | { op: 'move'; file: string; pointer: string; from: number; to: number }
  /** A whole file typed in the JSON view. */
  | { op: 'text'; file: string; text: string };

function loadFile(text: string): FileDoc {
  const { value, layout } = parseJson(text);
  return { value, layout, text, parsed: value };
}

export function loadDoc(files: Record<string, string>): Doc {
  const doc: Doc = { files: {}, broken: {} };
  for (const [name, text] of Object.entries(files)) {
    try {
      doc.files[name] = loadFile(text);
    } catch (error) {
      const offset = (error as { offset?: number }).offset ?? 0;
      doc.broken[name] = { text, message: (error as Error).message, offset };
    }
  }
  return doc;
}

export function fileText(file: FileDoc): string {
  return file.value === file.parsed ? file.text : printJson(file.value, file.layout);
}

/** The files' texts, to save or to check. */
export function saveDoc(doc: Doc): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, file] of Object.entries(doc.files)) out[name] = fileText(file);
  for (const [name, broken] of Object.entries(doc.broken)) out[name] = broken.text;
  return out;
}

export function applyEdit(doc: Doc, edit: Edit): Doc {
  if (edit.op === 'text') {
    const { [edit.file]: _was, ...broken } = doc.broken;
    const { [edit.file]: _file, ...files } = doc.files;
    try {
      return { files: { ...files, [edit.file]: loadFile(edit.text) }, broken };
    } catch (error) {
      const offset = (error as { offset?: number }).offset ?? 0;
      return {
        files,
        broken: { ...broken, [edit.file]: { text: edit.text, message: (error as Error).message, offset } },
      };
    }
  }
  const file = doc.files[edit.file];
  if (!file) throw new Error(`No file ${edit.file}`);
  const value =
    edit.op === 'set'
      ? setDeep(file.value, edit.pointer, edit.value)
      : edit.op === 'insert'
        ? insertAt(file.value, edit.pointer, edit.value)
        : edit.op === 'remove'
          ? removeAt(file.value, edit.pointer)
          : moveItem(file.value, edit.pointer, edit.from, edit.to);
  if (value === file.value) return doc;
  return { ...doc, files: { ...doc.files, [edit.file]: { ...file, value } } };
}

/** Undo and redo over whole documents (they share what did not change). */
export interface History {
  past: Doc[];
  present: Doc;
  future: Doc[];
  /** Typing in one field is one undo step: edits with the same key, close together, merge. */
  merge?: { key: string; at: number };
}

const MERGE_MS = 1500;

export const HISTORY_LIMIT = 200;

export const startHistory = (doc: Doc): History => ({ past: [], present: doc, future: [] });

export function commit(history: History, edits: Edit | Edit[], mergeKey?: string, now = Date.now()): History {
  const list = Array.isArray(edits) ? edits : [edits];
  const next = list.reduce(applyEdit, history.present);
  if (next === history.present) return history;
  const merge = mergeKey ? { key: mergeKey, at: now } : undefined;
  if (
    merge &&
    history.merge?.key === mergeKey &&
    now - (history.merge?.at ?? 0) < MERGE_MS &&
    history.future.length === 0
  )
    return { ...history, present: next, merge };
  return { past: [...history.past, history.present].slice(-HISTORY_LIMIT), present: next, future: [], merge };
}

export function undo(history: History): History {
  const previous = history.past.at(-1);
  if (!previous) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function redo(history: History): History {
  const [next, ...future] = history.future;
  if (!next) return history;
  return { past: [...history.past, history.present], present: next, future };
}

/** A new present from outside (a reload of the server's version): undo can still go back to it. */
export const replacePresent = (history: History, doc: Doc): History => ({
  past: [...history.past, history.present].slice(-HISTORY_LIMIT),
  present: doc,
  future: [],
});
