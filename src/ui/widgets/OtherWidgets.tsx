// Textarea with a character counter, password with show / hide, and the hidden widget.

import type { WidgetProps } from '@rjsf/utils';
import { useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldIssueContext } from '../theme/fieldIssue';
import { controlAria, joinClasses, optionString } from './common';
import { TextInput } from './TextInput';

// The counter is announced only near the limit, not on every keystroke.
const ANNOUNCE_FROM = 0.9;

export function TextareaWidget(props: WidgetProps) {
  const { t } = useTranslation('ui');
  const {
    id,
    htmlName,
    value,
    options,
    schema,
    disabled,
    readonly,
    required,
    autofocus,
    onChange,
    onBlur,
    onFocus,
  } = props;
  const text = value === undefined || value === null ? '' : String(value);
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  const counterId = `${id}__counter`;
  const aria = controlAria(props, useContext(FieldIssueContext)?.issue, max === undefined ? [] : [counterId]);
  const rows = typeof options.rows === 'number' ? options.rows : 5;
  return (
    <>
      <textarea
        id={id}
        name={htmlName || id}
        className={joinClasses('textarea', aria['aria-invalid'] && 'textarea--invalid')}
        value={text}
        rows={rows}
        maxLength={max}
        disabled={disabled}
        readOnly={readonly}
        required={required}
        autoFocus={autofocus}
        placeholder={optionString(options, 'placeholder')}
        onChange={(e) => onChange(e.target.value === '' ? options.emptyValue : e.target.value)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
        {...aria}
      />
      {max !== undefined && (
        <p
          id={counterId}
          className={joinClasses('field__counter', text.length >= max && 'field__counter--full')}
        >
          <span aria-hidden="true">{t('textarea.counter', { n: text.length, max })}</span>
          <span className="visually-hidden">{t('textarea.counterLabel', { n: text.length, max })}</span>
          <span className="visually-hidden" aria-live="polite">
            {text.length >= max * ANNOUNCE_FROM ? t('textarea.remaining', { count: max - text.length }) : ''}
          </span>
        </p>
      )}
    </>
  );
}

export function PasswordWidget(props: WidgetProps) {
  const { t } = useTranslation('ui');
  const [visible, setVisible] = useState(false);
  const { id, value, options, disabled } = props;
  return (
    <div className="password">
      <TextInput
        widget={props}
        type={visible ? 'text' : 'password'}
        text={value === undefined || value === null ? '' : String(value)}
        onText={(text) => props.onChange(text === '' ? options.emptyValue : text)}
        onBlur={() => props.onBlur(id, value)}
        onFocus={() => props.onFocus(id, value)}
        autoComplete={optionString(options, 'autoComplete') ?? 'current-password'}
        autoCapitalize="none"
        spellCheck={false}
      />
      <button
        type="button"
        className="btn btn--link password__toggle"
        aria-controls={id}
        disabled={disabled}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? t('password.hide') : t('password.show')}
      </button>
    </div>
  );
}

/** Hidden fields keep their value in the quote and render nothing (FieldTemplate skips them too). */
export function HiddenWidget() {
  return null;
}
