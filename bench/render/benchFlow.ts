// The rendering benchmark's steps as our flows: form substeps whose fields live under BENCH.<id>
// in the quote. benchFlow is the 40-field step (fields.ts); growFlow holds the generated 20- and
// 200-field substeps of the large measure (../large/generate.ts). The bench build compiles their
// validators exactly as `npm run validators` compiles a product flow's (src/engine/flow/forms.ts),
// and the page renders them with FormSubstep.

import type { Flow } from '../../src/engine/flow/types';
import { fieldStrings, flowField, initialAnswers } from '../large/generate';
import { type BenchField, FIELDS } from './fields';
import { GROW_SIZES, growFields } from './page';

export const NAMESPACE = 'bench';

export const benchFlow: Flow = {
  id: 'bench',
  area: 'public',
  namespace: NAMESPACE,
  steps: [
    {
      id: 'details',
      label: 'steps.details',
      substeps: [{ id: 'form', kind: 'form', title: 'form.title', fields: FIELDS.map(flowField) }],
    },
  ],
};

/** One substep per size of the large measure, `f<size>`. */
export const growFlow: Flow = {
  id: 'benchgrow',
  area: 'public',
  namespace: NAMESPACE,
  steps: [
    {
      id: 'details',
      label: 'steps.details',
      substeps: GROW_SIZES.map((n) => ({
        id: `f${n}`,
        kind: 'form' as const,
        title: 'form.title',
        fields: growFields(n).map(flowField),
      })),
    },
  ],
};

/** The flows' locale strings (English): labels and option texts of `fields`. */
export function benchStrings(fields: readonly BenchField[] = FIELDS): Record<string, unknown> {
  return {
    ...fieldStrings(fields),
    steps: { details: 'Vehicle and driver' },
    form: { title: 'Your details' },
  };
}

export function initialQuote(fields: readonly BenchField[] = FIELDS): Record<string, unknown> {
  return { BENCH: initialAnswers(fields) };
}
