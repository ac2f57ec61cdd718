// Choices: a native <select> with a "Choose…" placeholder, radio groups (the flow's options or
// Yes/No as two large buttons) and the single checkbox used for consents.

import type { WidgetProps } from '@rjsf/utils';
import { type KeyboardEvent, useContext, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldIssueContext } from '../theme/fieldIssue';
import { labelId } from '../theme/ids';
import { type Choice, choiceKey, coerceChoice, controlAria, joinClasses, readChoices } from './common';
import { documentsOf } from './documents';

function useFieldIssue() {
  return useContext(FieldIssueContext)?.issue;
}

export function SelectWidget(props: WidgetProps) {
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
  const aria = controlAria(props, useFieldIssue());
  const choices = readChoices(options);
  const current = choiceKey(value) ?? '';
  return (
    <div className={joinClasses('select', aria['aria-invalid'] && 'select--invalid')}>
      <select
        id={id}
        name={htmlName || id}
        className="select__control"
        value={current}
        disabled={disabled || readonly}
        required={required}
        autoFocus={autofocus}
        onChange={(e) =>
          onChange(e.target.value === '' ? options.emptyValue : coerceChoice(e.target.value, schema))
        }
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
        {...aria}
      >
        <option value="">
          {typeof options.placeholder === 'string' && options.placeholder
            ? options.placeholder
            : t('select.placeholder')}
        </option>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}

const KEY_STEP: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

interface ChoiceGroupProps {
  widget: WidgetProps;
  choices: Choice[];
  /** Stored value → the option value it matches. */
  keyOf: (value: unknown) => string | undefined;
  /** Option value → stored value. */
  toValue: (option: string) => unknown;
  variant: 'radio' | 'yesno';
}

/**
 * A real radiogroup: native radio inputs sharing a name, labelled by the field label. Arrow keys
 * move and select (handled here, so it behaves the same in every browser), Home/End jump.
 */
function ChoiceGroup({ widget, choices, keyOf, toValue, variant }: ChoiceGroupProps) {
  const { id, htmlName, value, disabled, readonly, required, autofocus, onChange, onBlur, onFocus } = widget;
  const aria = controlAria(widget, useFieldIssue());
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const current = keyOf(value);
  const locked = disabled || readonly;

  const select = (index: number) => onChange(toValue(choices[index].value));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, index: number) => {
    let next: number | undefined;
    if (event.key in KEY_STEP) next = (index + KEY_STEP[event.key] + choices.length) % choices.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = choices.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    if (locked) return;
    inputs.current[next]?.focus();
    select(next);
  };

  return (
    <div
      role="radiogroup"
      aria-labelledby={widget.hideLabel ? undefined : labelId(id)}
      aria-label={widget.hideLabel ? widget.label : undefined}
      aria-required={required || undefined}
      className={joinClasses('choices', `choices--${variant}`, aria['aria-invalid'] && 'choices--invalid')}
      {...aria}
    >
      {choices.map((choice, index) => {
        const optionId = `${id}-${index}`;
        const checked = current === choice.value;
        return (
          <label
            key={choice.value}
            htmlFor={optionId}
            className={joinClasses('choice', checked && 'choice--checked')}
          >
            <input
              ref={(el) => {
                inputs.current[index] = el;
              }}
              type="radio"
              id={optionId}
              name={htmlName || id}
              className="choice__input"
              value={choice.value}
              checked={checked}
              disabled={locked}
              autoFocus={autofocus && index === 0}
              onChange={() => select(index)}
              onKeyDown={(e) => onKeyDown(e, index)}
              onBlur={() => onBlur(id, value)}
              onFocus={() => onFocus(id, value)}
            />
            <span className="choice__label">{choice.label}</span>
          </label>
        );
      })}
    </div>
  );
}

export function RadioWidget(props: WidgetProps) {
  return (
    <ChoiceGroup
      widget={props}
      variant="radio"
      choices={readChoices(props.options)}
      keyOf={choiceKey}
      toValue={(option) => coerceChoice(option, props.schema)}
    />
  );
}

const YES = '1';
const NO = '2';

/** Yes / No stored as "1" / "2" (numbers for an integer field, true / false for a boolean one). */
export function YesNoWidget(props: WidgetProps) {
  const { t } = useTranslation('ui');
  const isBoolean = props.schema.type === 'boolean';
  const choices = [
    { value: YES, label: t('yesno.yes') },
    { value: NO, label: t('yesno.no') },
  ];
  const keyOf = (value: unknown) => {
    if (isBoolean) return value === true ? YES : value === false ? NO : undefined;
    return choiceKey(value);
  };
  const toValue = (option: string) => (isBoolean ? option === YES : coerceChoice(option, props.schema));
  return <ChoiceGroup widget={props} variant="yesno" choices={choices} keyOf={keyOf} toValue={toValue} />;
}

/**
 * A single checkbox with its own label (a consent text may be long). Unticking a required box
 * stores nothing rather than false, so "required" means "must be ticked".
 */
export function CheckboxWidget(props: WidgetProps) {
  const { id, htmlName, value, label, required, disabled, readonly, autofocus, onChange, onBlur, onFocus } =
    props;
  const { t } = useTranslation('flow');
  const aria = controlAria(props, useFieldIssue());
  // A box accepting the product's documents cannot be ticked before each was opened (spec: the
  // visitor reads what they accept); one already ticked can always be cleared.
  const documents = props.options.readFirst ? documentsOf(props.registry) : undefined;
  const unread = documents?.items.filter((d) => !documents.opened.includes(d.name)) ?? [];
  const waiting = unread.length > 0 && value !== true;
  const hintId = `${id}__read-first`;
  return (
    <>
      {documents && documents.items.length > 0 && (
        <div className="read-first" role="group" aria-labelledby={hintId}>
          <p id={hintId} className="read-first__hint">
            {waiting ? t('documents.readFirst') : t('documents.allRead')}
          </p>
          {documents.items.map((d) => (
            <details
              key={d.name}
              className="panel read-first__document"
              onToggle={(e) => (e.currentTarget as HTMLDetailsElement).open && documents.onOpen(d.name)}
            >
              <summary>
                {d.title}
                {documents.opened.includes(d.name) && (
                  <span className="panel__read">{t('packages.panelRead')}</span>
                )}
              </summary>
              <div className="panel__text">{d.text}</div>
            </details>
          ))}
        </div>
      )}
      <div className={joinClasses('checkbox', aria['aria-invalid'] && 'checkbox--invalid')}>
        <input
          type="checkbox"
          id={id}
          name={htmlName || id}
          className="checkbox__input"
          checked={value === true}
          required={required}
          disabled={disabled || readonly || waiting}
          autoFocus={autofocus}
          onChange={(e) => onChange(e.target.checked ? true : required ? undefined : false)}
          onBlur={() => onBlur(id, value)}
          onFocus={() => onFocus(id, value)}
          {...aria}
          aria-describedby={
            [aria['aria-describedby'], documents ? hintId : undefined].filter(Boolean).join(' ') || undefined
          }
        />
        <label htmlFor={id} className="checkbox__label">
          {label}
          {required && (
            <span className="field__required" aria-hidden="true">
              {' *'}
            </span>
          )}
        </label>
      </div>
    </>
  );
}
