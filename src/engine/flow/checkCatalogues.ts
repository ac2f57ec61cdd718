// The files beside the flow folders (Node only, like ./files): the business catalogues of
// flows/_catalogues/ and flows/_lov-bindings.json, each against its schema in schemas/, then what
// the catalogues name must exist. A promo code, a claim's rules or an endorsement kind name products
// (a product flow's rulesKey), portal wizards (a flow folder) and lists of values (the service's); a
// name that exists nowhere would be silently ignored by the service, so it is refused here, with
// the file and the JSON pointer. The cross-checks run only on files that passed their schema.

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FlowProblem } from './check';
import { checkDataFile, checkDataFolder } from './checkData';
import { CATALOGUES_FOLDER } from './files';
import type { Flow } from './types';

export interface CatalogueContext {
  /** The rulesKey of every product flow. */
  products: readonly string[];
  /** Every flow folder's id. */
  flowIds: readonly string[];
  /** LOV_NAMEs the service answers. */
  lovNames: readonly string[];
  /** The values of the service's whole lists, when known (the bank list's BICs). */
  lovValues?: Readonly<Record<string, readonly string[]>>;
  /** The photo slots each claim wizard asks for (its photoSlots field), by the products it serves. */
  claimWizards?: readonly ClaimWizardSlots[];
}

export interface ClaimWizardSlots {
  /** The wizard's flow folder. */
  id: string;
  claimFor: readonly string[];
  slots: readonly { id?: unknown; kind?: unknown; required?: unknown }[];
}

/** A slot as the wizard and the service must agree on it: its id, its kind, whether it is required. */
const slotKey = (s: { id?: unknown; kind?: unknown; required?: unknown }) =>
  `${String(s.id)} (${String(s.kind)}, ${s.required === true ? 'required' : 'optional'})`;

/** The claim wizards' photoSlots fields, read from the flows (a wizard without one is left out). */
export function claimWizardSlots(flows: readonly { id: string; flow: unknown }[]): ClaimWizardSlots[] {
  const out: ClaimWizardSlots[] = [];
  for (const { id, flow } of flows) {
    const f = (flow ?? {}) as Json;
    if (!Array.isArray(f.claimFor)) continue;
    const fields = ((f.steps as Json[] | undefined) ?? []).flatMap((step) =>
      ((step.substeps as Json[] | undefined) ?? []).flatMap(
        (sub) => (sub.fields as Json[] | undefined) ?? [],
      ),
    );
    const slots = (fields.find((x) => x.widget === 'photoSlots')?.photos as Json | undefined)?.slots;
    if (Array.isArray(slots)) out.push({ id, claimFor: f.claimFor as string[], slots });
  }
  return out;
}

type Json = Record<string, unknown>;

/** A JSON pointer from its parts (RFC 6901: "~" and "/" escaped). */
export function pointerOf(...parts: (string | number)[]): string {
  return parts.map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

function duplicates(file: string, items: Json[], key: string, base: (i: number) => (string | number)[]) {
  const seen = new Set<unknown>();
  const out: FlowProblem[] = [];
  items.forEach((item, i) => {
    if (seen.has(item[key]))
      out.push({ file, pointer: pointerOf(...base(i), key), message: `${key} "${item[key]}" appears twice` });
    seen.add(item[key]);
  });
  return out;
}

export function catalogueProblems(
  catalogues: ReadonlyMap<string, unknown>,
  ctx: CatalogueContext,
): FlowProblem[] {
  const problems: FlowProblem[] = [];
  const at = (name: string) => `flows/${CATALOGUES_FOLDER}/${name}.json`;
  const products = new Set(ctx.products);
  const known = [...products].sort().join(', ');
  const product = (name: string, code: string, ...pointer: (string | number)[]) => {
    if (!products.has(code))
      problems.push({
        file: at(name),
        pointer: pointerOf(...pointer),
        message: `product "${code}" is not the rulesKey of any product flow (${known})`,
      });
  };
  const lov = (name: string, lovName: unknown, ...pointer: (string | number)[]) => {
    if (typeof lovName === 'string' && !ctx.lovNames.includes(lovName))
      problems.push({
        file: at(name),
        pointer: pointerOf(...pointer),
        message: `list of values "${lovName}" is unknown to the service`,
      });
  };

  const promo = catalogues.get('promoCodes') as Json[] | undefined;
  if (promo) {
    problems.push(...duplicates(at('promoCodes'), promo, 'CODE', (i) => [i]));
    promo.forEach((p, i) => {
      for (const [j, c] of ((p.PRODUCTS as string[] | undefined) ?? []).entries())
        product('promoCodes', c, i, 'PRODUCTS', j);
    });
  }

  const announcements = catalogues.get('announcements') as Json[] | undefined;
  if (announcements) problems.push(...duplicates(at('announcements'), announcements, 'ID', (i) => [i]));

  const faqs = catalogues.get('faqs') as { CATEGORIES: Json[]; QUESTIONS: Json[] } | undefined;
  if (faqs) {
    problems.push(...duplicates(at('faqs'), faqs.CATEGORIES, 'ID', (i) => ['CATEGORIES', i]));
    problems.push(...duplicates(at('faqs'), faqs.QUESTIONS, 'ID', (i) => ['QUESTIONS', i]));
    const categories = new Set(faqs.CATEGORIES.map((c) => c.ID));
    faqs.QUESTIONS.forEach((q, i) => {
      if (!categories.has(q.CATEGORY_ID))
        problems.push({
          file: at('faqs'),
          pointer: pointerOf('QUESTIONS', i, 'CATEGORY_ID'),
          message: `category "${q.CATEGORY_ID}" is not one of CATEGORIES`,
        });
    });
  }

  const claims = catalogues.get('claimRules') as { products: Record<string, { slots: Json[] }> } | undefined;
  if (claims)
    for (const [code, rules] of Object.entries(claims.products)) {
      product('claimRules', code, 'products', code);
      problems.push(
        ...duplicates(at('claimRules'), rules.slots, 'id', (i) => ['products', code, 'slots', i]),
      );
      // What the wizard asks for is what the service accepts: the same slots in the same order.
      for (const wizard of ctx.claimWizards ?? []) {
        if (!wizard.claimFor.includes(code)) continue;
        const accepted = rules.slots.map(slotKey);
        const asked = wizard.slots.map(slotKey);
        for (let i = 0; i < Math.max(accepted.length, asked.length); i++) {
          if (accepted[i] === asked[i]) continue;
          problems.push({
            file: at('claimRules'),
            pointer: pointerOf('products', code, 'slots', ...(i < accepted.length ? [i] : [])),
            message: `slot ${accepted[i] ?? '(none)'} is not the one the claim wizard asks for (flows/${wizard.id}: ${asked[i] ?? '(none)'})`,
          });
          break;
        }
      }
    }

  const endorsements = catalogues.get('endorsements') as { kinds: Json[] } | undefined;
  if (endorsements)
    endorsements.kinds.forEach((kind, i) => {
      product('endorsements', kind.product as string, 'kinds', i, 'product');
      if (!ctx.flowIds.includes(kind.flow as string))
        problems.push({
          file: at('endorsements'),
          pointer: pointerOf('kinds', i, 'flow'),
          message: `flow "${kind.flow}" is not a folder of flows/`,
        });
      const fields = kind.fields as Json[];
      for (const [j, f] of fields.entries()) lov('endorsements', f.lov, 'kinds', i, 'fields', j, 'lov');
      const limit = kind.limit as Json | undefined;
      if (limit && !fields.some((f) => f.name === limit.field))
        problems.push({
          file: at('endorsements'),
          pointer: pointerOf('kinds', i, 'limit', 'field'),
          message: `"${limit.field}" is not one of the kind's fields`,
        });
    });

  // contractObjectFields: its products, lists and labels are checkObjectFields' (the contract page's own check).

  const payment = catalogues.get('paymentMethod') as { ibanBankCodes: Record<string, string> } | undefined;
  const bics = ctx.lovValues?.CpBankList;
  if (payment && bics)
    for (const [code, bic] of Object.entries(payment.ibanBankCodes))
      if (!bics.includes(bic))
        problems.push({
          file: at('paymentMethod'),
          pointer: pointerOf('ibanBankCodes', code),
          message: `BIC "${bic}" is not in the bank list (CpBankList)`,
        });

  return problems;
}

export interface BesideFlowsInput {
  flowsDir: string;
  /** The project's schemas/ folder. */
  schemasDir: string;
  flows: readonly { id: string; flow: unknown }[];
  ids: readonly string[];
  lovNames: readonly string[];
  lovValues?: CatalogueContext['lovValues'];
  /** False when a flow folder could not be read: what the catalogues name is not checked then. */
  crossChecks?: boolean;
}

/** flows/_catalogues/ (skipped when a copy of flows/ has none) and flows/_lov-bindings.json. */
export async function checkBesideFlows(input: BesideFlowsInput): Promise<FlowProblem[]> {
  const { problems, valid } = await checkDataFolder({
    dir: join(input.flowsDir, CATALOGUES_FOLDER),
    schemaDir: join(input.schemasDir, 'catalogues'),
    label: `flows/${CATALOGUES_FOLDER}`,
    optional: true,
  });
  const products = input.flows
    .map(({ flow }) => (flow as Partial<Flow> | undefined)?.product?.rulesKey)
    .filter((k): k is string => typeof k === 'string');
  if (input.crossChecks !== false)
    problems.push(
      ...catalogueProblems(valid, {
        products,
        flowIds: input.ids,
        lovNames: input.lovNames,
        lovValues: input.lovValues,
        claimWizards: claimWizardSlots(input.flows),
      }),
    );
  let bindings: string | undefined;
  try {
    bindings = await readFile(join(input.flowsDir, '_lov-bindings.json'), 'utf8');
  } catch {
    // No bindings file: readLovBindings treats it as {}, and so does the check.
  }
  if (bindings !== undefined) {
    const schema = JSON.parse(await readFile(join(input.schemasDir, 'lov-bindings.schema.json'), 'utf8'));
    try {
      problems.push(...checkDataFile('flows/_lov-bindings.json', JSON.parse(bindings), schema));
    } catch {
      // Not JSON: readLovBindings already reports it.
    }
  }
  return problems;
}
