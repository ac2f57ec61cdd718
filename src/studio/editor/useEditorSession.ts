// One editing session: the flow item and its texts (the flow's namespace, locales el/en) loaded
// as one document with one undo history; every change is checked by the service (debounced) and
// saved to the items' drafts at the revision they were read at. A save someone else's save came
// before is refused by the service (409 DRAFT_STALE) and waits here for the author's choice.

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, editorApi, type Problem, StaleDraft, type Version } from './api';
import {
  commit,
  type Doc,
  type Edit,
  type History,
  loadDoc,
  redo,
  replacePresent,
  saveDoc,
  startHistory,
  undo,
} from './model/document';

export const TEXTS_PREFIX = 'texts/';
const SAVE_DELAY_MS = 1000;
const CHECK_DELAY_MS = 400;

export interface Slot {
  kind: string;
  key: string;
  /** Prefix of the slot's file names in the document ('' for the flow, texts/ for its texts). */
  prefix: string;
  draftId: string | null;
  revision: number;
  readOnly: boolean;
  /** The files as last saved (or loaded), to know what is unsaved. */
  saved: Record<string, string>;
}

export type SaveState = 'saved' | 'unsaved' | 'saving' | 'failed' | 'stale';

export interface Stale {
  slot: number;
  current: Version;
}

function slotOf(
  kind: string,
  key: string,
  prefix: string,
  answer: { LIVE: Version | null; CHANGE: Version | null },
): Slot {
  const version = answer.CHANGE ?? answer.LIVE;
  const saved: Record<string, string> = {};
  for (const [name, text] of Object.entries(version?.FILES ?? {})) saved[prefix + name] = text;
  return {
    kind,
    key,
    prefix,
    draftId: answer.CHANGE?.STATUS === 'draft' ? answer.CHANGE.ID : null,
    revision: answer.CHANGE?.REVISION ?? 0,
    readOnly: answer.CHANGE?.STATUS === 'in_review',
    saved,
  };
}

const belongs = (name: string, slot: Slot) =>
  slot.prefix === '' ? !name.startsWith(TEXTS_PREFIX) : name.startsWith(slot.prefix);

const filesOf = (all: Record<string, string>, slot: Slot): Record<string, string> =>
  Object.fromEntries(
    Object.entries(all)
      .filter(([name]) => belongs(name, slot))
      .map(([name, text]) => [name.slice(slot.prefix.length), text]),
  );

const same = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

export function useEditorSession(kind: string, key: string, viewerOnly = false) {
  const [history, setHistory] = useState<History | null>(null);
  const [slots, setSlots] = useState<Slot[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [checking, setChecking] = useState(false);
  const [checkError, setCheckError] = useState<string | null>(null);
  // A service without POST /check (an older one): the editor says so once and stops asking.
  const [checkUnavailable, setCheckUnavailable] = useState(false);
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [saveError, setSaveError] = useState<string | null>(null);
  const [stale, setStale] = useState<Stale | null>(null);
  const slotsRef = useRef<Slot[]>([]);
  slotsRef.current = slots;

  useEffect(() => {
    let live = true;
    (async () => {
      const flowItem = await editorApi.item(kind, key);
      const flowSlot = slotOf(kind, key, '', flowItem);
      const all = [flowSlot];
      if (kind === 'flow') {
        const flowText = flowSlot.saved['flow.json'];
        const namespace = flowText
          ? ((JSON.parse(flowText) as { namespace?: string; id?: string }).namespace ?? key)
          : key;
        const texts = await editorApi.item('texts', namespace).catch(() => null);
        if (texts && (texts.LIVE || texts.CHANGE)) all.push(slotOf('texts', namespace, TEXTS_PREFIX, texts));
      }
      if (!live) return;
      setSlots(all);
      setHistory(startHistory(loadDoc(Object.assign({}, ...all.map((s) => s.saved)))));
    })().catch(
      (error: unknown) => live && setLoadError(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      live = false;
    };
  }, [kind, key]);

  const doc = history?.present ?? null;
  const files = useMemo(() => (doc ? saveDoc(doc) : null), [doc]);
  const readOnly = viewerOnly || slots.some((s) => s.readOnly);

  // The service's checker on every change (the flow item; texts are checked with their own kind).
  useEffect(() => {
    if (!files || slots.length === 0 || checkUnavailable) return;
    const timer = setTimeout(() => {
      setChecking(true);
      Promise.all(
        slots.map((slot) =>
          editorApi
            .check(slot.kind, slot.key, filesOf(files, slot))
            // The slot's own files by name; another item's file keeps its repository path.
            .then((a) =>
              a.PROBLEMS.map((p) => ({
                ...p,
                FILE: p.FILE in filesOf(files, slot) ? slot.prefix + p.FILE : p.FILE,
              })),
            ),
        ),
      )
        .then((lists) => {
          setProblems(lists.flat());
          setCheckError(null);
        })
        .catch((error: unknown) => {
          if (error instanceof ApiError && (error.status === 404 || error.status === 405)) {
            setCheckUnavailable(true);
            setProblems([]);
            setCheckError(null);
          } else setCheckError(error instanceof Error ? error.message : String(error));
        })
        .finally(() => setChecking(false));
    }, CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [files, slots, checkUnavailable]);

  const saveNow = useCallback(async (all: Record<string, string>) => {
    const next = [...slotsRef.current];
    setSaveState('saving');
    try {
      for (let n = 0; n < next.length; n++) {
        const slot = next[n];
        const mine = filesOf(all, slot);
        if (slot.readOnly || same(mine, filesOf(slot.saved, slot))) continue;
        let { draftId, revision } = slot;
        if (!draftId) {
          const draft = await editorApi.newDraft(slot.kind, slot.key).catch(async (error: unknown) => {
            // Someone opened a draft meanwhile: save onto it (its revision decides if ours is stale).
            if (error instanceof ApiError && error.code === 'DRAFT_EXISTS') {
              const again = await editorApi.item(slot.kind, slot.key);
              if (again.CHANGE) return again.CHANGE;
            }
            throw error;
          });
          draftId = draft.ID;
          revision = draft.REVISION;
        }
        try {
          const saved = await editorApi.save(draftId, revision, mine);
          next[n] = {
            ...slot,
            draftId: saved.ID,
            revision: saved.REVISION,
            saved: Object.fromEntries(Object.entries(mine).map(([k, v]) => [slot.prefix + k, v])),
          };
        } catch (error) {
          if (error instanceof StaleDraft) {
            next[n] = { ...slot, draftId };
            slotsRef.current = next;
            setSlots(next);
            setStale({ slot: n, current: error.current });
            setSaveState('stale');
            return;
          }
          throw error;
        }
      }
      slotsRef.current = next;
      setSlots(next);
      setSaveError(null);
      setSaveState('saved');
    } catch (error) {
      slotsRef.current = next;
      setSlots(next);
      setSaveError(error instanceof Error ? error.message : String(error));
      setSaveState('failed');
    }
  }, []);

  // Autosave: a second after the last change, unless a stale save waits for the author's choice.
  useEffect(() => {
    if (!files || stale || readOnly) return;
    const dirty = slotsRef.current.some(
      (slot) => !slot.readOnly && !same(filesOf(files, slot), filesOf(slot.saved, slot)),
    );
    if (!dirty) return;
    setSaveState('unsaved');
    const timer = setTimeout(() => void saveNow(files), SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [files, stale, saveNow, readOnly]);

  const apply = useCallback(
    (edits: Edit | Edit[], mergeKey?: string) => {
      if (readOnly) return;
      setHistory((h) => (h ? commit(h, edits, mergeKey) : h));
    },
    [readOnly],
  );

  /** Stale choice: take their version (undo can still bring mine back). */
  const reloadTheirs = useCallback(() => {
    if (!stale || !history) return;
    const slot = slotsRef.current[stale.slot];
    const theirs: Record<string, string> = {};
    for (const [name, text] of Object.entries(stale.current.FILES)) theirs[slot.prefix + name] = text;
    const mine = saveDoc(history.present);
    const others = Object.fromEntries(Object.entries(mine).filter(([name]) => !belongs(name, slot)));
    const next = [...slotsRef.current];
    next[stale.slot] = {
      ...slot,
      draftId: stale.current.ID,
      revision: stale.current.REVISION,
      saved: theirs,
    };
    slotsRef.current = next;
    setSlots(next);
    setHistory(replacePresent(history, loadDoc({ ...others, ...theirs })));
    setStale(null);
    setSaveState('saved');
  }, [stale, history]);

  /** Stale choice: save mine over theirs, having seen what differs. */
  const keepMine = useCallback(() => {
    if (!stale || !files) return;
    const next = [...slotsRef.current];
    next[stale.slot] = { ...next[stale.slot], draftId: stale.current.ID, revision: stale.current.REVISION };
    slotsRef.current = next;
    setSlots(next);
    setStale(null);
    void saveNow(files);
  }, [stale, files, saveNow]);

  return {
    doc: doc as Doc | null,
    files,
    slots,
    loadError,
    readOnly,
    problems,
    checking,
    checkError,
    checkUnavailable,
    saveState,
    saveError,
    stale,
    apply,
    canUndo: (history?.past.length ?? 0) > 0,
    canRedo: (history?.future.length ?? 0) > 0,
    undo: () => setHistory((h) => (h ? undo(h) : h)),
    redo: () => setHistory((h) => (h ? redo(h) : h)),
    replaceFile: (file: string, text: string) => apply({ op: 'text', file, text }),
    reloadTheirs,
    keepMine,
    retrySave: () => files && void saveNow(files),
  };
}
