// SurveyJS: survey-core's model with survey-react-ui and its default theme; values update as the
// visitor types and are validated on every change; the conditional field has a visibleIf.

// The theme without its web font: the benchmark makes no request off the machine.
import 'survey-core/survey-core.fontless.min.css';
import { createRoot } from 'react-dom/client';
import { Model } from 'survey-core';
import { Survey } from 'survey-react-ui';
import { type BenchField, FIELDS, initialData, YES_NO } from './fields';
import { startBench } from './harness';

const root = document.getElementById('root') as HTMLElement;
startBench('survey', root);

function element(f: BenchField): Record<string, unknown> {
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

const model = new Model({
  showQuestionNumbers: 'off',
  checkErrorsMode: 'onValueChanged',
  textUpdateMode: 'onTyping',
  elements: FIELDS.map(element),
});
model.data = initialData();

createRoot(root).render(<Survey model={model} />);
