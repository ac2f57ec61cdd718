// One field: label (with the required marker), the control, the error text and the help.
// It also owns the field's input issue (text a widget holds that is not a value yet), which it
// shows in place of the schema errors.

import {
  descriptionId,
  errorId,
  type FieldHelpProps,
  type FieldTemplateProps,
  getUiOptions,
  helpId,
  type UIOptionsType,
} from '@rjsf/utils';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { joinClasses } from '../widgets/common';
import { FieldErrors } from './FieldErrors';
import { FieldIssueContext, shownErrorKeys } from './fieldIssue';
import { labelId } from './ids';
import type { InputIssue } from './inputIssues';

/** Widgets labelled as a group (aria-labelledby) rather than with <label for>. */
const GROUP_WIDGETS = new Set(['radio', 'yesno']);
/** Widgets that take the whole row of the grid on desktop. */
const WIDE_WIDGETS = new Set(['textarea', 'checkbox', 'radio', 'yesno']);

function widgetName(options: UIOptionsType, schemaType: unknown): string | undefined {
  if (typeof options.widget === 'string') return options.widget;
  if (schemaType === 'boolean') return 'checkbox';
  return undefined;
}

/** A field's `link` (flow format), as forms.ts puts it in the ui options. */
function isFieldLink(x: unknown): x is { href: string; label: string } {
  return typeof x === 'object' && x !== null && typeof (x as { href?: unknown }).href === 'string';
}

function unique(messages: string[]): string[] {
  return [...new Set(messages)];
}

export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, rawErrors, hidden, required, displayLabel, schema, uiSchema, registry } =
    props;
  const { t } = useTranslation('ui');
  const [issue, setIssue] = useState<InputIssue | undefined>();
  const issueState = useMemo(() => ({ issue, setIssue }), [issue]);
  if (hidden) return null;

  const options = getUiOptions(uiSchema, registry.globalUiOptions);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const widget = widgetName(options, type);
  const isContainer = type === 'object' || type === 'array';
  const shown = shownErrorKeys(rawErrors, issue);
  const messages =
    shown === 'issue' && issue
      ? [t(issue.key, issue.params)]
      : shown === 'raw'
        ? unique(rawErrors ?? [])
        : [];
  const invalid = messages.length > 0;
  const wide =
    options.width === 'full' || (options.width !== 'half' && (isContainer || WIDE_WIDGETS.has(widget ?? '')));
  const showLabel = displayLabel && !isContainer && widget !== 'checkbox' && Boolean(label);
  const marker = required ? (
    <span className="field__required" aria-hidden="true">
      {' *'}
    </span>
  ) : null;

  return (
    <div
      className={joinClasses(
        'field',
        `field--${widget ?? type ?? 'any'}`,
        wide && 'field--wide',
        invalid && 'field--invalid',
        props.disabled && 'field--disabled',
        typeof options.classNames === 'string' && options.classNames,
      )}
    >
      {showLabel &&
        (GROUP_WIDGETS.has(widget ?? '') ? (
          <span className="field__label" id={labelId(id)}>
            {label}
            {marker}
          </span>
        ) : (
          <label className="field__label" id={labelId(id)} htmlFor={id}>
            {label}
            {marker}
          </label>
        ))}
      {!isContainer && props.rawDescription && (
        <p className="field__description" id={descriptionId(id)}>
          {props.rawDescription}
        </p>
      )}
      <div className={joinClasses('field__control', invalid && 'field__control--invalid')}>
        <FieldIssueContext value={issueState}>{children}</FieldIssueContext>
      </div>
      <FieldErrors id={errorId(id)} messages={messages} />
      {Array.isArray(options.checklist) && (
        <RuleChecklist id={`${id}__checklist`} parts={options.checklist} />
      )}
      {props.help}
      {isFieldLink(options.link) && (
        <p className="field__link">
          <a href={options.link.href} target="_blank" rel="noopener">
            {options.link.label} <span className="visually-hidden">({t('newTab')})</span>
          </a>
        </p>
      )}
    </div>
  );
}

/** A part's state: met, not met yet (a length still to reach), or broken (a forbidden mobile number). */
function partState(part: { ok: boolean; avoid?: boolean }): 'met' | 'notMet' | 'broken' {
  if (part.ok) return 'met';
  return part.avoid ? 'broken' : 'notMet';
}

const MARKS = { met: '✓', notMet: '•', broken: '✗' } as const;

/**
 * The parts of a field's rule (a password policy), ticked off live as the person types. Each item
 * says in words whether it is met, still to meet or broken, so it reads the same without colours.
 */
export function RuleChecklist({
  id,
  parts,
}: {
  id: string;
  parts: { text: string; ok: boolean; avoid?: boolean }[];
}) {
  const { t } = useTranslation('ui');
  return (
    <ul className="rule-checklist" id={id} aria-live="polite">
      {parts.map((part) => {
        const state = partState(part);
        return (
          <li key={part.text} className={`rule-checklist__item is-${state}`} data-state={state}>
            <span aria-hidden="true" className="rule-checklist__mark">
              {MARKS[state]}
            </span>{' '}
            {part.text}
            <span className="visually-hidden"> – {t(`checklist.${state}`)}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** The help under a field, referenced by the control's aria-describedby. */
export function FieldHelpTemplate({ help, fieldPathId }: FieldHelpProps) {
  if (!help) return null;
  return (
    <div className="field__help" id={helpId(fieldPathId)}>
      {help}
    </div>
  );
}
