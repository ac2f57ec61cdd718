// JSON Forms: @jsonforms/react with the vanilla renderers and cells, its default validation
// (ajv at run time, errors shown), the conditional field behind a SHOW rule, data in React state.

import type { UISchemaElement } from '@jsonforms/core';
import { JsonForms } from '@jsonforms/react';
import { vanillaCells, vanillaRenderers } from '@jsonforms/vanilla-renderers';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { FIELDS, initialData } from './fields';
import { startBench } from './harness';
import { stepSchema } from './schemas';

const root = document.getElementById('root') as HTMLElement;
startBench('jsonforms', root);

const schema = stepSchema();
const uischema = {
  type: 'VerticalLayout',
  elements: FIELDS.map((f) => ({
    type: 'Control',
    scope: `#/properties/${f.id}`,
    label: f.label,
    ...(f.kind === 'yesno' ? { options: { format: 'radio' } } : {}),
    ...(f.visibleIf
      ? {
          rule: {
            effect: 'SHOW',
            condition: { scope: `#/properties/${f.visibleIf.id}`, schema: { const: f.visibleIf.eq } },
          },
        }
      : {}),
  })),
} as unknown as UISchemaElement;

function Page() {
  const [data, setData] = useState<unknown>(initialData);
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
