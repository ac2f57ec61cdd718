// A flow as the browser runs it, compiled to one static ES module: the flow with its field sets
// expanded and RJSF's precompiled validator of each form substep (ajv's standalone code, so the
// page needs no `new Function` under `script-src 'self'`). `npm run validators` (the build's
// chunks) and the service (published versions, studio drafts) use this one implementation, so a
// module named by the hash of its code is the same file whoever compiled it.

import { createHash } from 'node:crypto';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import ucs2length from 'ajv/dist/runtime/ucs2length.js';
import { formSubsteps, substepKey, substepSchema } from '../../../engine/flow/forms';
import type { Flow } from '../../../engine/flow/types';

/** Characters of the sha-256 (hex) that name a module or a text version in its URL. */
export const HASH_LENGTH = 20;

export const shortHash = (text: string): string =>
  createHash('sha256').update(text).digest('hex').slice(0, HASH_LENGTH);

/** One substep's validator as ajv writes it (standalone, ES module syntax, runtime helpers required). */
export function substepValidatorCode(flow: Flow, key: string): string {
  const substep = formSubsteps(flow).find((s) => substepKey(flow, s) === key);
  if (!substep) throw new Error(`${flow.id}: no form substep ${key}`);
  return compileSchemaValidatorsCode(substepSchema(flow, substep), {
    ajvOptionsOverrides: { code: { source: true, esm: true } },
  });
}

// ajv's standalone code still require()s its runtime helpers; the browser build needs imports.
export function esmImports(code: string): string {
  return code.replace(
    /const (\w+) = require\("([^"]+)"\)\.default;/g,
    (_, name: string, module: string) =>
      `import * as ${name}_module from "${module}";\nconst ${name} = ${name}_module.default?.default ?? ${name}_module.default ?? ${name}_module;`,
  );
}

const RUNTIME: Record<string, string> = {
  'ajv/dist/runtime/ucs2length': String(
    (ucs2length as unknown as { default?: unknown }).default ?? ucs2length,
  ),
};

/**
 * A validator's code as the body of a function: its helpers defined in place (a served module may
 * import nothing: bare names do not resolve in a browser) and its exports answered as an object.
 */
function validatorBody(code: string): string {
  const exports: string[] = [];
  const body = code
    .replace(/^"use strict";/, '')
    .replace(/const (\w+) = require\("([^"]+)"\)\.default;/g, (_, name: string, module: string) => {
      const helper = RUNTIME[module];
      if (!helper) throw new Error(`a validator needs ${module}, which a flow module does not carry`);
      return `const ${name} = ${helper};`;
    })
    .replace(/export const (\w+) = (\w+);/g, (_, name: string, fn: string) => {
      exports.push(`${name}: ${fn}`);
      return '';
    });
  return `${body}\nreturn { ${exports.join(', ')} };`;
}

export interface FlowModule {
  flowId: string;
  /** The first HASH_LENGTH hex characters of the code's sha-256: its name. */
  hash: string;
  code: string;
}

/**
 * The flow's module: `export const flow` (expanded) and `export const validators`, each form
 * substep's validator functions by substep key (what validatorLoaders' chunks export). `compiled`:
 * validators' code already written by substepValidatorCode (the build writes both).
 */
export function compileFlowModule(flow: Flow, compiled: Record<string, string> = {}): FlowModule {
  const validators = formSubsteps(flow).map((sub) => {
    const key = substepKey(flow, sub);
    const code = compiled[key] ?? substepValidatorCode(flow, key);
    return `  ${JSON.stringify(key)}: (() => {\n${validatorBody(code)}\n})(),`;
  });
  const code = `// The flow ${flow.id} and its form validators, compiled by the zcp service: do not edit.
export const flow = JSON.parse(${JSON.stringify(JSON.stringify(flow))});
export const validators = {
${validators.join('\n')}
};
`;
  return { flowId: flow.id, hash: shortHash(code), code };
}
