// A form substep's precompiled JSON Schema validator (a chunk of its own per substep). The fields
// never wait for it: RJSF is given a stand-in that forwards to the validator once it has arrived,
// and until then the engine checks the same keywords itself (substepErrors), so no error is missed
// and nothing typed meanwhile is lost. FlowPage starts the first substep's fetch with the flow's.

import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import { use, useEffect, useState } from 'react';
import { substepKey, substepSchema } from '../../engine/flow/forms';
import type { Flow, Substep } from '../../engine/flow/types';
import { validatorLoaders } from '../../generated';
import { trackedPromise } from '../lazy';
import { publishedValidator } from './publishedValidators';

export type Validator = ValidatorType<Record<string, unknown>, RJSFSchema>;

const pendingValidators = new Map<string, Promise<Validator>>();
const readyValidators = new Map<string, Validator>();

function keyOf(flow: Flow, substep: Substep): string {
  return `${flow.id}/${substepKey(flow, substep)}`;
}

/** The substep's validator, loaded once (a failed load is asked for again next time). */
export function loadValidator(
  flow: Flow,
  substep: Substep,
  schema: RJSFSchema = substepSchema(flow, substep) as RJSFSchema,
): Promise<Validator> {
  const key = keyOf(flow, substep);
  let pending = pendingValidators.get(key);
  if (!pending) {
    // A published flow's validators came with its module; the build's are chunks of their own.
    const published = publishedValidator(flow.id, substepKey(flow, substep));
    const loader = published ? () => Promise.resolve(published) : validatorLoaders[key];
    pending = trackedPromise(
      loader
        ? loader().then((fns) => {
            const validator = createPrecompiledValidator(fns as never, schema) as Validator;
            readyValidators.set(key, validator);
            return validator;
          })
        : Promise.reject(new Error(`No compiled validator for ${key}: run npm run validators`)),
    );
    // A failed load is asked for again by the next caller.
    pending.catch(() => pendingValidators.delete(key));
    pendingValidators.set(key, pending);
  }
  return pending;
}

/**
 * Starts fetching a flow's first form validator before the flow itself has arrived, so both
 * chunks travel together. The generated loaders list a flow's validators in the order of its form
 * substeps; loadValidator asks for the same module later and gets this fetch.
 */
export function preloadFirstValidator(flowId: string): void {
  const key = Object.keys(validatorLoaders).find((k) => k.startsWith(`${flowId}/`));
  if (key) validatorLoaders[key]().catch(() => undefined);
}

// RJSF asks its validator during a render only to pick among conditional branches (if/then/else,
// oneOf, anyOf, dependencies); substepSchema writes none, but a schema that has them waits for the
// real validator rather than guess. A substep's schema never changes, so it is read once.
const CONDITIONAL = /"(if|oneOf|anyOf|allOf|dependencies|\$ref)":/;
const conditional = new Map<string, boolean>();

function needsValidatorToDraw(key: string, schema: RJSFSchema): boolean {
  let answer = conditional.get(key);
  if (answer === undefined) {
    answer = CONDITIONAL.test(JSON.stringify(schema));
    conditional.set(key, answer);
  }
  return answer;
}

const standIns = new Map<string, Validator>();

/** One validator object per substep for RJSF's lifetime: its own answers until the real one arrives. */
function standInFor(key: string): Validator {
  let standIn = standIns.get(key);
  if (!standIn) {
    const real = () => readyValidators.get(key);
    standIn = {
      validateFormData: (formData, schema, customValidate, transformErrors, uiSchema) =>
        real()?.validateFormData(formData, schema, customValidate, transformErrors, uiSchema) ?? {
          errors: [],
          errorSchema: {},
        },
      isValid: (schema, formData, rootSchema) => {
        const validator = real();
        if (!validator) throw new Error(`${key}: a conditional schema was drawn before its validator`);
        return validator.isValid(schema, formData, rootSchema);
      },
      rawValidation: (schema, formData) => real()?.rawValidation(schema, formData) ?? { errors: [] },
      reset: () => real()?.reset?.(),
    } as Validator;
    standIns.set(key, standIn);
  }
  return standIn;
}

export interface SubstepValidator {
  /** What RJSF is given: the same object for the substep's whole life. */
  forRjsf: Validator;
  /** The precompiled validator once it has arrived; null until then (the engine checks alone). */
  loaded: Validator | null;
}

/**
 * The substep's validator without waiting for it (except for a conditional schema, which suspends
 * until it is there). A failed load leaves the engine's checks in charge; the next substep asks again.
 */
export function useSubstepValidator(flow: Flow, substep: Substep, schema: RJSFSchema): SubstepValidator {
  const key = keyOf(flow, substep);
  if (needsValidatorToDraw(key, schema) && !readyValidators.has(key))
    use(loadValidator(flow, substep, schema));
  // Which substep's validator has arrived since the first render: a render is asked for then.
  const [, setArrived] = useState<string | null>(() => (readyValidators.has(key) ? key : null));
  // Fetched after the fields are on screen (the chunk's request is no work for the first render),
  // unless FlowPage asked for it earlier.
  useEffect(() => {
    let current = true;
    loadValidator(flow, substep, schema).then(
      () => {
        if (current) setArrived(key);
      },
      (error: unknown) => console.warn('The form validator failed to load; the engine checks alone', error),
    );
    return () => {
      current = false;
    };
  }, [flow, substep, schema, key]);
  return { forRjsf: standInFor(key), loaded: readyValidators.get(key) ?? null };
}
