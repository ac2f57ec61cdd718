// The bench fields as SurveyJS questions (survey-core's JSON): numbers and dates as text inputs
// with their bounds, selects as dropdowns, yes/no as a two-column radio group, patterns as regex
// validators, conditions as visibleIf expressions. The page (survey.tsx) and the large measure's
// 40-page model (../large/node.ts) share it.

import { type BenchField, YES_NO } from './fields';

export function surveyElement(f: BenchField): Record<string, unknown> {
  const base: Record<string, unknown> = { name: f.id, title: f.label, isRequired: Boolean(f.required) };
  if (f.visibleIf) base.visibleIf = `{${f.visibleIf.id}} = '${f.visibleIf.eq}'`;
  switch (f.kind) {
    case 'integer':
    case 'number':
      return {
        ...base,
        type: 'text',
        inputType: 'number',
        min: f.minimum,
        max: f.maximum,
        validators: [{ type: 'numeric', minValue: f.minimum, maxValue: f.maximum }],
      };
    case 'date':
      return { ...base, type: 'text', inputType: 'date', min: f.minDate, max: f.maxDate };
    case 'select':
      return {
        ...base,
        type: 'dropdown',
        choices: (f.options ?? []).map((o) => ({ value: o.value, text: o.label })),
      };
    case 'yesno':
      return {
        ...base,
        type: 'radiogroup',
        colCount: 2,
        choices: YES_NO.map((o) => ({ value: o.value, text: o.label })),
      };
    default:
      return {
        ...base,
        type: 'text',
        maxLength: f.maxLength,
        validators: f.pattern ? [{ type: 'regex', regex: f.pattern }] : [],
      };
  }
}

/** The settings of every bench survey: live validation as the visitor types. */
export const SURVEY_SETTINGS = {
  showQuestionNumbers: 'off',
  checkErrorsMode: 'onValueChanged',
  textUpdateMode: 'onTyping',
} as const;
