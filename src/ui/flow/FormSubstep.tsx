// One substep's fields, rendered by @rjsf/core with our theme. Validation is ours: the substep's
// precompiled JSON Schema validator plus the engine's rules, shown once a field was left or after
// a failed continue ("eager"), never for hidden or disabled fields. The fields are drawn without
// waiting for the validator (./substepValidator.ts): until it arrives the engine checks its keywords.

import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import type { ErrorObject } from 'ajv';
import { useEffect, useMemo, useState } from 'react';
import {
  applyFormData,
  formDataFor,
  HIDDEN_FIELD,
  substepKey,
  substepSchema,
  substepUiSchema,
  type UiContext,
} from '../../engine/flow/forms';
import type { Flow, Quote, Substep } from '../../engine/flow/types';
import { isDisabled, isVisible, validateSubstep } from '../../engine/flow/validate';
import { replayEarlyInput } from '../earlyInput';
import { type InputIssues, templates, widgets } from '../theme';
import { afterPress } from '../theme/afterPress';
import type { ReadFirstDocuments } from '../widgets/documents';
import { fromAjv, fromEngine, idFromElement, type ShownError, toErrorSchema } from './formErrors';
import { useSubstepValidator, type Validator } from './substepValidator';

const HIDDEN_FIELDS = { [HIDDEN_FIELD]: () => null };
const NO_ERRORS: ShownError[] = [];

export interface FormSubstepProps {
  flow: Flow;
  substep: Substep;
  quote: Quote;
  ctx: UiContext;
  /** Show every error (after a failed continue), not only those of fields already left. */
  showAll: boolean;
  onChange: (quote: Quote) => void;
  /** Widgets report here typing that is not a value yet (half a date), so continue can stop on it. */
  inputIssues: InputIssues;
  /** The product's documents, for a consent box that must be read first (field `readFirst`). */
  documents?: ReadFirstDocuments;
}

/**
 * The errors the substep has now (all of them; the form filters what it shows). Without the
 * precompiled validator (not arrived yet) the engine checks the JSON Schema keywords too.
 */
export function substepErrors(
  substep: Substep,
  quote: Quote,
  ctx: UiContext,
  validator: Validator | null,
  schema: RJSFSchema,
): ShownError[] {
  const hidden = new Set(
    (substep.fields ?? [])
      .filter((f) => !isVisible(f, quote, ctx) || isDisabled(f, quote, ctx))
      .map((f) => f.id),
  );
  const raw = validator
    ? ((validator.rawValidation(schema, formDataFor(substep, quote)).errors ?? []) as ErrorObject[])
    : [];
  const schemaErrors = fromAjv(raw, ctx.t).filter((e) => !hidden.has(e.id.split('.')[0]));
  const engineErrors = fromEngine(
    validateSubstep(substep, quote, { ...ctx, skipSchemaKeywords: validator !== null }),
    ctx.t,
  );
  const seen = new Set(schemaErrors.map((e) => e.id));
  return [...schemaErrors, ...engineErrors.filter((e) => !seen.has(e.id))];
}

export function FormSubstep({
  flow,
  substep,
  quote,
  ctx,
  showAll,
  onChange,
  inputIssues,
  documents,
}: FormSubstepProps) {
  const schema = useMemo(() => substepSchema(flow, substep) as RJSFSchema, [flow, substep]);
  const validator = useSubstepValidator(flow, substep, schema);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  // The fields answer input from here on (hydrated or drawn): tests and the benchmark wait for it.
  useEffect(() => {
    document.documentElement.dataset.formReady = substepKey(flow, substep);
    replayEarlyInput();
  }, [flow, substep]);

  const formData = useMemo(() => formDataFor(substep, quote), [substep, quote]);
  const formContext = useMemo(() => ({ inputIssues, documents }), [inputIssues, documents]);
  const uiSchema = useMemo(() => substepUiSchema(flow, substep, quote, ctx), [flow, substep, quote, ctx]);
  // Nothing is shown before a field is left or continue fails, so the errors wait until then too
  // (the first render and the edits before it do no validation).
  const anyShown = showAll || touched.size > 0;
  const errors = useMemo(
    () => (anyShown ? substepErrors(substep, quote, ctx, validator.loaded, schema) : NO_ERRORS),
    [anyShown, substep, quote, ctx, validator.loaded, schema],
  );
  const shown = useMemo(
    () =>
      toErrorSchema(
        showAll ? errors : errors.filter((e) => touched.has(e.id) || touched.has(e.id.split('.')[0])),
      ),
    [errors, showAll, touched],
  );

  return (
    <Form
      schema={schema}
      uiSchema={uiSchema}
      formData={formData}
      validator={validator.forRjsf}
      widgets={widgets}
      fields={HIDDEN_FIELDS}
      templates={templates}
      noHtml5Validate
      noValidate
      showErrorList={false}
      extraErrors={shown as never}
      formContext={formContext}
      tagName="div"
      onChange={(e) => onChange(applyFormData(substep, quote, (e.formData ?? {}) as Record<string, unknown>))}
      onBlur={(id) => {
        const errorId = idFromElement(id, substep.fields ?? []);
        afterPress(() =>
          setTouched((current) => (current.has(errorId) ? current : new Set(current).add(errorId))),
        );
      }}
    />
  );
}
