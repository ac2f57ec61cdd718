// Text the widget holds locally while it is not (yet) a value: "05/0" in a date, "12,5" in an
// amount. Only a complete, valid value is emitted; otherwise the widget emits `undefined`, keeps
// the text, and reports an input issue that its FieldTemplate shows. A value that changes from
// outside (a reset, an answer merged from a call) replaces the text.

import type { WidgetProps } from '@rjsf/utils';
import { useCallback, useEffect, useRef, useState } from 'react';
import { afterPress } from '../theme/afterPress';
import { useInputIssue } from '../theme/fieldIssue';
import type { InputIssue } from '../theme/inputIssues';

export type HeldCheck<V> =
  | { kind: 'empty' }
  | { kind: 'ok'; value: V }
  /** `eager`: shown at once (a complete but wrong date); otherwise shown from the next blur. */
  | { kind: 'issue'; key: string; params?: Record<string, string | number>; eager?: boolean };

export interface HeldTextOptions<V> {
  widget: WidgetProps;
  /** The text the input shows for a stored value ('' when it is not one). */
  toText: (value: unknown) => string;
  check: (text: string) => HeldCheck<V>;
  /** Whether two values are the same (defaults to Object.is). */
  same?: (a: unknown, b: unknown) => boolean;
  /** The text the input starts with; defaults to toText(value). */
  initialText?: string;
}

export interface HeldText {
  text: string;
  issue: InputIssue | undefined;
  /** After an edit: keep the text, emit its value (or undefined), update the issue. */
  type: (text: string) => void;
  /** On blur, with an optional final rewrite of the text (plate normalisation, amount grouping). */
  blur: (text?: string) => void;
  /** Replaces the text without it counting as an edit (focus shows an amount without grouping). */
  show: (text: string) => void;
  /** Re-checks the current text, e.g. when the bounds changed. */
  recheck: () => void;
}

export function useHeldText<V>(opts: HeldTextOptions<V>): HeldText {
  const { widget, toText, check } = opts;
  const same = opts.same ?? Object.is;
  const { id, value, onChange, onBlur, registry } = widget;
  const [text, setText] = useState(() => opts.initialText ?? toText(value));
  const [issue, setIssue, revealIssue] = useInputIssue(id, registry);
  const emitted = useRef<unknown>(value);
  const textRef = useRef(text);
  textRef.current = text;
  const issueRef = useRef(issue);
  issueRef.current = issue;

  useEffect(() => {
    if (same(value, emitted.current)) return;
    emitted.current = value;
    setText(toText(value));
    setIssue(undefined);
  }, [value, same, toText, setIssue]);

  const apply = useCallback(
    (next: string) => {
      setText(next);
      // A blur in the same event (the input hands over its typed text, then is left) reads this.
      textRef.current = next;
      const result = check(next);
      const nextValue = result.kind === 'ok' ? result.value : undefined;
      if (!same(nextValue, emitted.current)) {
        emitted.current = nextValue;
        onChange(nextValue);
      }
      if (result.kind === 'issue') {
        // Once shown, an issue stays shown until the text is right ("punish late, reward early").
        const visible = Boolean(result.eager) || Boolean(issueRef.current?.visible);
        setIssue({ key: result.key, params: result.params, visible });
      } else if (issueRef.current) {
        setIssue(undefined);
      }
    },
    [check, same, onChange, setIssue],
  );

  return {
    text,
    issue,
    type: apply,
    blur: (next) => {
      apply(next ?? textRef.current);
      afterPress(revealIssue);
      onBlur(id, emitted.current);
    },
    show: setText,
    recheck: () => {
      if (textRef.current !== '') apply(textRef.current);
    },
  };
}
