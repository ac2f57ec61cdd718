// The draft's flow as the site's renderer takes it: flow.json with the shared field sets expanded
// (as the loader does on the service). A draft that cannot be expanded yet says why instead.

import { expandFieldSets, type FieldSets } from '../../../engine/flow/expand';
import type { Field, Flow } from '../../../engine/flow/types';
import type { Json } from '../model/jsonText';

// The shared field sets of the repository (flows/_shared), the ones the live flows are built with.
const sharedFiles = import.meta.glob<Field[]>('../../../../flows/_shared/*.json', {
  eager: true,
  import: 'default',
});

export const FIELD_SETS: FieldSets = Object.fromEntries(
  Object.entries(sharedFiles).map(([path, fields]) => [
    path
      .split('/')
      .pop()!
      .replace(/\.json$/, ''),
    fields,
  ]),
);

export function previewFlow(
  value: Json | undefined,
  sets: FieldSets = FIELD_SETS,
): { flow: Flow } | { error: string } {
  if (!value || typeof value !== 'object' || Array.isArray(value) || !Array.isArray(value.steps))
    return { error: 'flow.json has no steps' };
  try {
    return { flow: expandFieldSets(value as unknown as Flow, sets) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}
