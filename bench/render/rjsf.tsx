// Bare RJSF: @rjsf/core with its default theme and the default ajv8 validator (compiled at run
// time), live validation on change, the form data held in React state (a controlled form).

import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { initialAnswers } from '../large/generate';
import { startBench } from './harness';
import { pageForm } from './page';
import { stepSchema } from './schemas';

const root = document.getElementById('root') as HTMLElement;
const form = pageForm();
startBench('rjsf', root, form.lastLabel);

const schema = stepSchema(form.fields) as RJSFSchema;
const uiSchema: UiSchema = Object.fromEntries(
  form.fields
    .filter((f) => f.kind === 'yesno')
    .map((f) => [f.id, { 'ui:widget': 'radio', 'ui:options': { inline: true } }]),
);

function Page() {
  const [data, setData] = useState<Record<string, unknown>>(() => initialAnswers(form.fields));
  return (
    <Form
      schema={schema}
      uiSchema={uiSchema}
      formData={data}
      validator={validator}
      liveValidate="onChange"
      showErrorList={false}
      noHtml5Validate
      onChange={(e) => setData(e.formData as Record<string, unknown>)}
    />
  );
}

createRoot(root).render(<Page />);
