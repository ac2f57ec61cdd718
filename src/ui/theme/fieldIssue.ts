// A field's input issue lives in its FieldTemplate, which shows it in place of the schema
// errors, and is set by the widget inside it through this context.

import type { Registry } from '@rjsf/utils';
import {
  createContext,
  type Dispatch,
  type SetStateAction,
  useCallback,
  useContext,
  useEffect,
  useState,
} from 'react';
import { type InputIssue, isInputIssues } from './inputIssues';

export interface FieldIssueState {
  issue: InputIssue | undefined;
  setIssue: Dispatch<SetStateAction<InputIssue | undefined>>;
}

export const FieldIssueContext = createContext<FieldIssueState | null>(null);

/**
 * The widget side: the current issue and a setter that also reports to the form's
 * `inputIssues` registry (when the FlowRunner passes one in `formContext`).
 */
export function useInputIssue(
  id: string,
  registry: Registry,
): [InputIssue | undefined, (issue: InputIssue | undefined) => void, () => void] {
  const field = useContext(FieldIssueContext);
  const [own, setOwn] = useState<InputIssue | undefined>();
  const issue = field ? field.issue : own;
  const setState = field ? field.setIssue : setOwn;
  const formContext: unknown = registry.formContext;
  const issues =
    typeof formContext === 'object' && formContext !== null && 'inputIssues' in formContext
      ? (formContext as { inputIssues: unknown }).inputIssues
      : undefined;
  const registryOf = isInputIssues(issues) ? issues : undefined;

  /** Shows the current issue, if there still is one. */
  const reveal = useCallback(
    () => setState((prev) => (prev && !prev.visible ? { ...prev, visible: true } : prev)),
    [setState],
  );
  const set = useCallback(
    (next: InputIssue | undefined) => {
      setState(next);
      registryOf?.report(id, next, reveal);
    },
    [id, setState, registryOf, reveal],
  );

  useEffect(() => () => registryOf?.report(id, undefined, () => {}), [id, registryOf]);
  return [issue, set, reveal];
}

/** The messages a field shows: its input issue when there is one, else the schema errors. */
export function shownErrorKeys(
  rawErrors: readonly string[] | undefined,
  issue: InputIssue | undefined,
): 'issue' | 'raw' | 'none' {
  if (issue) return issue.visible ? 'issue' : 'none';
  return rawErrors && rawErrors.length > 0 ? 'raw' : 'none';
}
