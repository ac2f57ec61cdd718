// Shared field sets (flows/_shared/<name>.json) are expanded into each substep when a flow is
// loaded, so everything downstream (forms, validation, the server) sees plain fields.

import type { Field, Flow } from './types';

export type FieldSets = Record<string, Field[]>;

export class MissingFieldSetError extends Error {
  constructor(
    readonly flowId: string,
    readonly pointer: string,
    readonly setName: string,
  ) {
    super(
      `flows/${flowId}/flow.json${pointer}: unknown field set "${setName}" (no flows/_shared/${setName}.json)`,
    );
  }
}

export function expandFieldSets(flow: Flow, sets: FieldSets): Flow {
  return {
    ...flow,
    steps: flow.steps.map((step, si) => ({
      ...step,
      substeps: step.substeps.map((sub, ui) => {
        if (!sub.fieldSets?.length) return sub;
        const shared = sub.fieldSets.flatMap((name, ni) => {
          const set = sets[name];
          if (!set)
            throw new MissingFieldSetError(flow.id, `/steps/${si}/substeps/${ui}/fieldSets/${ni}`, name);
          return set.map((f) => ({ ...f, fieldSet: name }));
        });
        return { ...sub, fields: [...shared, ...(sub.fields ?? [])] };
      }),
    })),
  };
}

/** The i18n key of a field's label: explicit, else `fields:` for shared fields, else the flow's namespace. */
export function fieldLabelKey(flow: Flow, field: Field): string {
  if (field.label) return qualify(flow, field.label);
  return field.fieldSet ? `fields:${field.id}.label` : `${namespaceOf(flow)}:fields.${field.id}.label`;
}

export function namespaceOf(flow: Flow): string {
  return flow.namespace ?? flow.id;
}

/** Keys without a namespace belong to the flow's own namespace. */
export function qualify(flow: Flow, key: string): string {
  return key.includes(':') ? key : `${namespaceOf(flow)}:${key}`;
}
