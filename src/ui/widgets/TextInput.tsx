// The one <input> every text-like widget renders: label association by id, ARIA wiring,
// optional adornments (€), and formatting as the visitor types with the caret kept in place.
//
// Free text (`holdWhileTyping`: names, addresses, e-mail): while the visitor types, the input
// holds the text itself and a keystroke redraws the input alone (one React commit); the form hears
// of it once typing pauses (HOLD_MS), the field is left, or Enter submits. A 40-field step then answers a keystroke in a fraction of what redrawing the
// whole form on each one costs (bench/RESULTS.md, measure 2); nothing reads the field in between
// (errors show from leaving it, the flow's machine takes changes debounced anyway).

import type { WidgetProps } from '@rjsf/utils';
import {
  type ChangeEvent,
  type HTMLAttributes,
  type ReactNode,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { reformat, rewriteKeepingSelection, type Significant } from '../format/caret';
import { FieldIssueContext } from '../theme/fieldIssue';
import type { InputIssue } from '../theme/inputIssues';
import { controlAria, joinClasses, optionString } from './common';

export interface TextInputProps {
  widget: WidgetProps;
  text: string;
  /** Called with the (formatted) text after every edit, or, holding, once typing pauses. */
  onText: (text: string) => void;
  /** Hold typed text until typing pauses or the field is left (free text, see above). */
  holdWhileTyping?: boolean;
  /** Takes the raw change event instead of onText (RJSF's onChangeOverride). */
  onRawChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: () => void;
  onFocus?: () => void;
  /** Called once focused: the text to show while editing (an amount without grouping), if any. */
  focusText?: () => string | undefined;
  /** Rewrites typed text (masks); the caret stays after the same significant character. */
  format?: (raw: string) => string;
  significant?: Significant;
  /** The widget's own input issue; defaults to the one its FieldTemplate holds. */
  issue?: InputIssue;
  type?: 'text' | 'email' | 'password' | 'tel';
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete?: string;
  placeholder?: string;
  maxLength?: number;
  /** Ids of extra elements that describe the input (a format hint, a counter). */
  describedBy?: string[];
  /** Shown inside the control's frame before / after the text (e.g. the € sign). */
  prefix?: ReactNode;
  suffix?: ReactNode;
  className?: string;
  spellCheck?: boolean;
  autoCapitalize?: string;
}

const anyCharacter: Significant = () => true;
/** How long typing may pause before the form hears the text. */
export const HOLD_MS = 250;
// Input types with a selection API; setSelectionRange throws on the others (email).
const SELECTABLE = new Set(['text', 'tel', 'password', 'search', 'url']);

export function TextInput(props: TextInputProps) {
  const { widget, onText, format, significant = anyCharacter } = props;
  // The text typed and not yet handed to the form (null: show the form's own text).
  const [typed, setTyped] = useState<string | null>(null);
  const held = useRef<{ text: string; timer: ReturnType<typeof setTimeout> } | null>(null);
  const text = typed ?? props.text;
  const flush = () => {
    const pending = held.current;
    if (!pending) return;
    clearTimeout(pending.timer);
    held.current = null;
    // One batch: the form's new text and the input's return to it draw together.
    onText(pending.text);
    setTyped(null);
  };
  const hold = (next: string) => {
    if (!props.holdWhileTyping) {
      onText(next);
      return;
    }
    if (held.current) clearTimeout(held.current.timer);
    held.current = { text: next, timer: setTimeout(flush, HOLD_MS) };
    setTyped(next);
  };
  useEffect(
    () => () => {
      if (held.current) clearTimeout(held.current.timer);
    },
    [],
  );
  const fieldIssue = useContext(FieldIssueContext)?.issue;
  const issue = props.issue ?? fieldIssue;
  const { id, htmlName, disabled, readonly, autofocus, required, options } = widget;
  const ref = useRef<HTMLInputElement>(null);
  const pendingCaret = useRef<number | null>(null);

  const applyCaret = () => {
    const el = ref.current;
    const caret = pendingCaret.current;
    if (el && caret !== null && SELECTABLE.has(el.type) && el.ownerDocument.activeElement === el) {
      el.setSelectionRange(caret, caret);
    }
    pendingCaret.current = null;
  };

  // After a re-render with the formatted text.
  useLayoutEffect(applyCaret);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (props.onRawChange) {
      props.onRawChange(event);
      return;
    }
    const raw = event.target.value;
    const caret = event.target.selectionStart ?? raw.length;
    if (!format) {
      hold(raw);
      return;
    }
    const next = reformat(raw, caret, format, significant, text);
    pendingCaret.current = next.caret;
    hold(next.text);
    // When the formatted text equals the current one there is no re-render: React restores the
    // input's value after this handler, and the caret is put back once it has.
    if (next.text === text) queueMicrotask(applyCaret);
  };

  // The focused text replaces the shown one once the browser has placed the selection (a Tab
  // selects all, after the focus event), and before React's own update could drop it.
  const handleFocus = () => {
    props.onFocus?.();
    if (!props.focusText) return;
    queueMicrotask(() => {
      const el = ref.current;
      if (!el || el.ownerDocument.activeElement !== el || !SELECTABLE.has(el.type)) return;
      const shown = props.focusText?.();
      if (shown !== undefined && el.value !== shown) rewriteKeepingSelection(el, shown, significant);
    });
  };

  const aria = controlAria(widget, issue, props.describedBy);
  const placeholder = props.placeholder ?? (widget.placeholder || optionString(options, 'placeholder'));
  const input = (
    <input
      ref={ref}
      id={id}
      name={htmlName || id}
      type={props.type ?? 'text'}
      className={joinClasses('input', props.className, aria['aria-invalid'] && 'input--invalid')}
      value={text}
      onChange={handleChange}
      onBlur={() => {
        flush();
        props.onBlur?.();
      }}
      onKeyDown={(event) => {
        // Enter submits the form: it must see what was just typed.
        if (event.key === 'Enter') flush();
      }}
      onFocus={handleFocus}
      disabled={disabled}
      readOnly={readonly}
      required={required}
      autoFocus={autofocus}
      inputMode={props.inputMode ?? (optionString(options, 'inputMode') as TextInputProps['inputMode'])}
      autoComplete={props.autoComplete ?? optionString(options, 'autoComplete')}
      placeholder={placeholder || undefined}
      maxLength={props.maxLength}
      spellCheck={props.spellCheck}
      autoCapitalize={props.autoCapitalize}
      {...aria}
    />
  );
  if (!props.prefix && !props.suffix) return input;
  return (
    <div className={joinClasses('input-adorned', aria['aria-invalid'] && 'input-adorned--invalid')}>
      {props.prefix && (
        <span className="input-adorned__affix" aria-hidden="true">
          {props.prefix}
        </span>
      )}
      {input}
      {props.suffix && (
        <span className="input-adorned__affix" aria-hidden="true">
          {props.suffix}
        </span>
      )}
    </div>
  );
}
