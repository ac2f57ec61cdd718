// A read call for a screen: loading, ready or failed (the spec's "returns false"), with a retry.

import { type DependencyList, useCallback, useEffect, useState } from 'react';
import { readOrFalse } from '../../api/client';

export type ReadState<T> =
  | { status: 'loading'; data: null }
  | { status: 'ready'; data: T }
  | { status: 'failed'; data: null };

export function useZcpRead<T>(
  read: () => Promise<T>,
  deps: DependencyList,
): ReadState<T> & { retry: () => void } {
  const [state, setState] = useState<ReadState<T>>({ status: 'loading', data: null });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps decide when to read again.
  useEffect(() => {
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
