// The other direction of a call's projection (machine/calls.ts): the answers a request body
// carries, put back on the quote paths the flow sent them from, so a service can check what a
// wizard sent with the wizard flow's own fields (one rule, the flow's, on both sides).

import { getPath, setPath } from '../paths';
import type { CallSpec, Field, Flow, Quote } from './types';
import { type FieldError, type ValidationContext, validateFlowData } from './validate';

export interface CallAnswers {
  quote: Quote;
  /** Quote paths the body carries. */
  sent: Set<string>;
  /**
   * Paths whose answer the body cannot tell: a mapped entry sent as `otherwise` (the wizard's "no"
   * sent as ''), which any answer outside the map becomes, or left out (the wizard would have sent
   * `otherwise`).
   */
  unsure: Set<string>;
}

function fieldTypes(flow: Flow): Map<string, Field['type']> {
  const types = new Map<string, Field['type']>();
  for (const step of flow.steps)
    for (const sub of step.substeps) for (const f of sub.fields ?? []) types.set(f.path, f.type);
  return types;
}

/** The quote a request body of the call says, by the call's `send` projection. */
export function answersOfRequest(flow: Flow, spec: CallSpec, body: unknown): CallAnswers {
  const out: CallAnswers = { quote: {}, sent: new Set(), unsure: new Set() };
  if (!spec.send || typeof spec.send === 'string') return out;
  const types = fieldTypes(flow);
  for (const [name, entry] of Object.entries(spec.send)) {
    const path = typeof entry === 'string' ? entry : entry.path;
    const wire = getPath(body, name);
    // A path sent twice (the driver's name as IS_DRIVER.FULL_NAME and FULL_NAME): the first says it.
    if (out.sent.has(path)) continue;
    out.sent.add(path);
    if (typeof entry === 'string') {
      if (wire !== undefined) out.quote = setPath(out.quote, path, wire);
      continue;
    }
    const key = Object.keys(entry.map).find((k) => entry.map[k] === wire);
    if (key === undefined) {
      out.unsure.add(path);
      continue;
    }
    const type = types.get(path);
    const value =
      type === 'boolean' ? key === 'true' : type === 'number' || type === 'integer' ? Number(key) : key;
    out.quote = setPath(out.quote, path, value);
  }
  return out;
}

/**
 * Every error the flow's fields find in what a request body of the call carries: its visible
 * steps, as the browser checked them before sending. Fields the body does not carry, or whose
 * answer it cannot tell, are not judged.
 */
export function validateCallBody(
  flow: Flow,
  callName: string,
  body: unknown,
  ctx: ValidationContext,
): FieldError[] {
  const spec = flow.calls?.[callName];
  if (!spec) throw new Error(`Flow ${flow.id} has no call "${callName}"`);
  const answers = answersOfRequest(flow, spec, body);
  const judged = (path: string) =>
    [...answers.sent].some((p) => !answers.unsure.has(p) && (path === p || path.startsWith(`${p}.`)));
  return validateFlowData(flow, answers.quote, ctx).filter((e) => judged(e.path));
}
