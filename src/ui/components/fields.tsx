// Plain labelled inputs for the app's own pages (the flows use the RJSF widgets). Each field
// links its hint and error to the input, marks it invalid, and reports errors as they appear.

import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useId } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';

/**
 * Shows a failed submit's errors at once and moves to the first invalid field (spec §5: after a
 * failed submit the page goes to the first invalid field). The errors must be in the DOM before
 * the field can be found, hence the synchronous render.
 */
export function showErrorsAndFocus(render: () => void, scope: ParentNode = document): void {
  flushSync(render);
  focusFirstInvalid(scope);
}

/**
 * Scrolls to the first invalid field and moves the keyboard focus into it, as screen-reader users
 * need. A radio group or checkbox list carries aria-invalid on its container, which cannot take
 * focus: its chosen option, else its first one, does.
 */
export function focusFirstInvalid(scope: ParentNode = document, smooth = false): void {
  const first = scope.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!first) return;
  const focusable = first.matches('input, select, textarea, button, [tabindex]')
    ? first
    : (first.querySelector<HTMLElement>('input:checked, input, select, textarea, button') ?? first);
  first.scrollIntoView?.({ behavior: smooth ? 'smooth' : 'auto', block: 'center' });
  focusable.focus({ preventScroll: true });
}

interface FieldFrameProps {
  id: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string | null;
  children: (describedBy: string | undefined) => ReactNode;
}

function FieldFrame({ id, label, required, hint, error, children }: FieldFrameProps) {
  const { t } = useTranslation('common');
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
        {required ? null : <span className="field__optional"> {t('form.optional')}</span>}
      </label>
      {hint ? (
        <div id={hintId} className="field__help">
          {hint}
        </div>
      ) : null}
      <div className="field__control">{children(describedBy)}</div>
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  hint?: ReactNode;
  error?: string | null;
};

export function TextField({ label, value, onValueChange, hint, error, required, ...rest }: InputProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error}>
      {(describedBy) => (
        <input
          {...rest}
          id={id}
          className="input"
          value={value}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => onValueChange(e.target.value)}
        />
      )}
    </FieldFrame>
  );
}

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value' | 'id'> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  hint?: ReactNode;
  error?: string | null;
};

export function TextAreaField({
  label,
  value,
  onValueChange,
  hint,
  error,
  required,
  ...rest
}: TextAreaProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error}>
      {(describedBy) => (
        <textarea
          {...rest}
          id={id}
          className="textarea"
          value={value}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => onValueChange(e.target.value)}
        />
      )}
    </FieldFrame>
  );
}

export interface Option {
  value: string;
  label: string;
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value' | 'id'> & {
  label: string;
  value: string;
  options: readonly Option[];
  onValueChange: (value: string) => void;
  /** Label of the empty first option; omitted when a value is always chosen. */
  placeholder?: string;
  hint?: ReactNode;
  error?: string | null;
};

export function SelectField({
  label,
  value,
  options,
  onValueChange,
  placeholder,
  hint,
  error,
  required,
  ...rest
}: SelectProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error}>
      {(describedBy) => (
        <div className="select">
          <select
            {...rest}
            id={id}
            className="select__control"
            value={value}
            required={required}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(e) => onValueChange(e.target.value)}
          >
            {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      )}
    </FieldFrame>
  );
}

/** A form-level message: errors interrupt (alert), confirmations wait their turn (status). */
export function FormMessage({ kind, children }: { kind: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <div className={`form-message form-message--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
