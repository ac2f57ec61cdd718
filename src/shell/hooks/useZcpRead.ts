// A read call for a screen: loading, ready or failed (the spec's "returns false"), with a retry.

import { type DependencyList, useCallback, useEffect, useState } from 'react';
import { readOrFalse } from '../../api/client';

export type ReadState<T> =
  | { status: 'loading'; data: null }
  | { status: 'ready'; data: T }
  | { status: 'failed'; data: null };

// Answers a prerendered page was drawn with (src/prerender), by the read's name: the first render
// shows them, so hydration matches the HTML and nothing moves when the page comes live.
const prerendered = new Map<string, unknown>();

/** Gives this page's screens the answers its prerendered HTML was drawn with. */
export function seedReads(answers: Record<string, unknown>): void {
  for (const [name, answer] of Object.entries(answers)) prerendered.set(name, answer);
}

export function useZcpRead<T>(
  read: () => Promise<T>,
  deps: DependencyList,
  /** The read's name in a prerendered page's answers ('CommonParams/FAQs'), if it may be there. */
  name?: string,
): ReadState<T> & { retry: () => void } {
  const [state, setState] = useState<ReadState<T>>(() =>
    name && prerendered.has(name)
      ? { status: 'ready', data: prerendered.get(name) as T }
      : { status: 'loading', data: null },
  );
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps decide when to read again.
  useEffect(() => {
    // The page came with the answer: it is used once, then read as usual (a retry, a new language).
    if (name && prerendered.has(name)) {
      prerendered.delete(name);
      return;
    }
    let live = true;
    setState({ status: 'loading', data: null });
    readOrFalse(read()).then((answer) => {
      if (!live) return;
      setState(answer === false ? { status: 'failed', data: null } : { status: 'ready', data: answer });
    });
    return () => {
      live = false;
    };
  }, [...deps, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
