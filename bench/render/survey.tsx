// SurveyJS: survey-core's model with survey-react-ui and its default theme; values update as the
// visitor types and are validated on every change; conditional fields have a visibleIf.

// The theme without its web font: the benchmark makes no request off the machine.
import 'survey-core/survey-core.fontless.min.css';
import { createRoot } from 'react-dom/client';
import { Model } from 'survey-core';
import { Survey } from 'survey-react-ui';
import { initialAnswers } from '../large/generate';
import { startBench } from './harness';
import { pageForm } from './page';
import { SURVEY_SETTINGS, surveyElement } from './surveyModel';

const root = document.getElementById('root') as HTMLElement;
const form = pageForm();
startBench('survey', root, form.lastLabel);

const model = new Model({ ...SURVEY_SETTINGS, elements: form.fields.map(surveyElement) });
model.data = initialAnswers(form.fields);

createRoot(root).render(<Survey model={model} />);
