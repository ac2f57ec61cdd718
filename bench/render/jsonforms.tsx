// JSON Forms: @jsonforms/react with the vanilla renderers and cells, its default validation
// (ajv at run time, errors shown), the conditional field behind a SHOW rule, data in React state.

import type { UISchemaElement } from '@jsonforms/core';
import { JsonForms } from '@jsonforms/react';
import { vanillaCells, vanillaRenderers } from '@jsonforms/vanilla-renderers';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { initialAnswers } from '../large/generate';
import { startBench } from './harness';
import { pageForm } from './page';
import { jsonFormsUiSchema, stepSchema } from './schemas';

const root = document.getElementById('root') as HTMLElement;
const form = pageForm();
startBench('jsonforms', root, form.lastLabel);

const schema = stepSchema(form.fields);
const uischema = jsonFormsUiSchema(form.fields) as unknown as UISchemaElement;

function Page() {
  const [data, setData] = useState<unknown>(() => initialAnswers(form.fields));
  return (
    <JsonForms
      schema={schema}
      uischema={uischema}
      data={data}
      renderers={vanillaRenderers}
      cells={vanillaCells}
      onChange={({ data: next }) => setData(next)}
    />
  );
}

createRoot(root).render(<Page />);
