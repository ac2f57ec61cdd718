// `flows:check`: every flow folder against the format's JSON Schemas, then the references between
// files: lists of values, locale keys in both languages, check-point and condition paths, calls,
// field rules and their parameter counts. Errors name the file and the JSON pointer.

import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { checkPointFieldPaths } from '../checkpoints';
import { type Condition, conditionPaths } from '../conditions';
import { exprPaths } from '../expr';
import type { Tariff } from '../rating/types';
import { fieldRuleParamCounts, isRuleName, ruleChecklists } from '../rules/fieldRules';
import type { RulesFile } from './bundle';
import { expandFieldSets, type FieldSets, fieldLabelKey, MissingFieldSetError, qualify } from './expand';
import type { Field, Flow } from './types';

export interface FlowProblem {
  file: string;
  pointer: string;
  message: string;
}

export interface CheckInputs {
  schemas: { flow: object; rules: object; tariff: object };
  /** Raw files of one folder (undefined when a file is missing). */
  files: { id: string; flow: unknown; rules: unknown; tariff: unknown };
  fieldSets: FieldSets;
  /** locales[lang][namespace] = the parsed JSON file. */
  locales: Record<string, Record<string, unknown>>;
  /** LOV_NAMEs the service knows. */
  lovNames: readonly string[];
  /**
   * Quote paths the spec ties to a list of values (flows/_lov-bindings.json): a field there must show
   * that list, not static options, so a list cannot silently become hard-coded again.
   */
  lovBindings?: Readonly<Record<string, string>>;
  /** The values of the service's lists, to check defaults on bound paths (when given). */
  lovValues?: Readonly<Record<string, readonly string[]>>;
}

// Compiling the format's schemas is nearly all of a check's time (about 35 ms a flow; validating
// is under 1 ms: bench/RESULTS.md, engine start), so one Ajv serves every check given the same
// schemas object (flows:check and the service read them once for all flows).
const ajvBySchemas = new WeakMap<CheckInputs['schemas'], Ajv>();

function makeAjv(schemas: CheckInputs['schemas']) {
  const cached = ajvBySchemas.get(schemas);
  if (cached) return cached;
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addSchema(schemas.flow, 'flow.schema.json');
  ajv.addSchema(schemas.rules, 'rules.schema.json');
  ajv.addSchema(schemas.tariff, 'tariff.schema.json');
  ajvBySchemas.set(schemas, ajv);
  return ajv;
}

// oneOf/anyOf failures repeat every branch's complaint; keep the most specific (deepest) errors.
export function schemaProblems(file: string, errors: ErrorObject[] | null | undefined): FlowProblem[] {
  if (!errors?.length) return [];
  const deepest = new Map<string, ErrorObject>();
  for (const e of errors) {
    // propertyNames only repeats, without the name, what its inner error says about the name.
    if (e.keyword === 'oneOf' || e.keyword === 'anyOf' || e.keyword === 'if' || e.keyword === 'propertyNames')
      continue;
    const key = `${e.instancePath}|${e.keyword}|${JSON.stringify(e.params)}`;
    if (!deepest.has(key)) deepest.set(key, e);
  }
  const list = [...deepest.values()];
  const shown = list.length ? list : errors;
  return shown.slice(0, 20).map((e) => ({
    file,
    pointer: e.instancePath || '/',
    message: `${e.propertyName === undefined ? '' : `property name "${e.propertyName}": `}${e.message ?? e.keyword}${e.keyword === 'additionalProperties' ? ` "${(e.params as { additionalProperty: string }).additionalProperty}"` : ''}${e.keyword === 'enum' ? ` (${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')})` : ''}`,
  }));
}

export function hasKey(tree: unknown, key: string): boolean {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' && node.trim() !== '';
}

/**
 * The claim wizards across the flow folders: `claimFor` names products that exist (a product
 * flow's rulesKey), sits on a portal wizard, and gives each product one claim wizard at most, so
 * the portal's contract cards know where a claim goes.
 */
export function checkClaimWizards(flows: readonly { id: string; flow: unknown }[]): FlowProblem[] {
  const problems: FlowProblem[] = [];
  const parsed = flows.map(({ id, flow }) => ({ id, flow: (flow ?? {}) as Partial<Flow> }));
  const products = new Set(parsed.map(({ flow }) => flow.product?.rulesKey).filter(Boolean));
  const servedBy = new Map<string, string>();
  for (const { id, flow } of parsed) {
    if (!Array.isArray(flow.claimFor)) continue;
    const file = `flows/${id}/flow.json`;
    if (flow.area !== 'portal')
      problems.push({
        file,
        pointer: '/claimFor',
        message: 'a claim wizard is a portal flow ("area": "portal")',
      });
    flow.claimFor.forEach((code, i) => {
      const pointer = `/claimFor/${i}`;
      if (!products.has(code))
        problems.push({
          file,
          pointer,
          message: `product "${code}" is not the rulesKey of any product flow (${[...products].sort().join(', ')})`,
        });
      const other = servedBy.get(code);
      if (other)
        problems.push({
          file,
          pointer,
          message: `product "${code}" already has a claim wizard: flows/${other}`,
        });
      else servedBy.set(code, id);
    });
  }
  return problems;
}

export function checkFlowFolder(input: CheckInputs): FlowProblem[] {
  const { id } = input.files;
  const flowFile = `flows/${id}/flow.json`;
  const rulesFile = `flows/${id}/rules.json`;
  const tariffFile = `flows/${id}/tariff.json`;
  const problems: FlowProblem[] = [];
  const ajv = makeAjv(input.schemas);

  if (input.files.flow === undefined) return [{ file: flowFile, pointer: '/', message: 'missing flow.json' }];
  if (!ajv.validate('flow.schema.json', input.files.flow))
    problems.push(...schemaProblems(flowFile, ajv.errors));
  if (input.files.rules !== undefined && !ajv.validate('rules.schema.json', input.files.rules)) {
    problems.push(...schemaProblems(rulesFile, ajv.errors));
  }
  if (input.files.tariff !== undefined && !ajv.validate('tariff.schema.json', input.files.tariff)) {
    problems.push(...schemaProblems(tariffFile, ajv.errors));
  }
  if (problems.length) return problems;

  const raw = input.files.flow as Flow;
  if (raw.id !== id)
    problems.push({
      file: flowFile,
      pointer: '/id',
      message: `id "${raw.id}" differs from the folder name "${id}"`,
    });
  if (raw.product && input.files.rules === undefined) {
    problems.push({ file: rulesFile, pointer: '/', message: 'a product flow needs rules.json' });
  }
  if (raw.product && input.files.tariff === undefined) {
    problems.push({ file: tariffFile, pointer: '/', message: 'a product flow needs tariff.json' });
  }
  // A product sold on the public site promises the right of withdrawal in its declaration; the
  // portal's withdrawal reads the period from here, so none may be left to a default.
  if (raw.product && raw.area === 'public' && raw.product.withdrawalDays === undefined) {
    problems.push({
      file: flowFile,
      pointer: '/product',
      message:
        "a public product needs withdrawalDays (the right of withdrawal, in days from the policy's issue)",
    });
  }

  let flow: Flow;
  try {
    flow = expandFieldSets(raw, input.fieldSets);
  } catch (error) {
    if (error instanceof MissingFieldSetError) {
      return [
        ...problems,
        { file: flowFile, pointer: error.pointer, message: `unknown field set "${error.setName}"` },
      ];
    }
    throw error;
  }
  const rules = input.files.rules as RulesFile | undefined;
  const tariff = input.files.tariff as Tariff | undefined;

  // Locale keys, in both languages.
  const langs = Object.keys(input.locales);
  const needKey = (key: string, file: string, pointer: string) => {
    const [ns, rest] = key.includes(':')
      ? (key.split(/:(.*)/s) as [string, string])
      : [flow.namespace ?? flow.id, key];
    for (const lang of langs) {
      if (!hasKey(input.locales[lang]?.[ns], rest)) {
        problems.push({
          file,
          pointer,
          message: `locale key "${ns}:${rest}" is missing in locales/${lang}/${ns}.json`,
        });
      }
    }
  };

  // Paths the flow writes: fields, derived values, defaults, call answers.
  const written = new Set<string>();
  const prefixes = new Set<string>(['CS_CONFIRMATION', 'CS_USER_EXTRAS', 'CS_PROMO']);
  const collect = (fields: Field[] | undefined, base = '') => {
    for (const f of fields ?? []) {
      written.add(base + f.path);
      if (f.items) collect(f.items, `${base + f.path}.*.`);
    }
  };
  for (const path of Object.keys(flow.defaults ?? {})) written.add(path);
  for (const v of flow.variants ?? []) for (const path of Object.keys(v.defaults ?? {})) written.add(path);
  for (const d of flow.derived ?? []) written.add(d.path);
  for (const call of Object.values(flow.calls ?? {}))
    for (const to of Object.values(call.merge ?? {})) prefixes.add(to);
  for (const step of flow.steps) for (const sub of step.substeps) collect(sub.fields);
  const known = (path: string) => {
    if (path.startsWith('$')) return true;
    const generic = path.replace(/\.\d+(?=\.|$)/g, '.*');
    // A call's merge target is written whole (a list a select reads with optionsFrom).
    if (written.has(path) || written.has(generic) || prefixes.has(path)) return true;
    return [...prefixes, ...written].some((p) => generic.startsWith(`${p}.`));
  };
  const needPath = (path: string, pointer: string, file = flowFile) => {
    if (!known(path))
      problems.push({
        file,
        pointer,
        message: `path "${path}" is not written by any field, default, derived value or call`,
      });
  };
  const needCondition = (cond: Condition | undefined, pointer: string) => {
    for (const path of conditionPaths(cond)) needPath(path, pointer);
  };

  // A renewal's facts to confirm are answers the customer gave in this flow (shown with their labels).
  for (const [i, path] of (flow.product?.renewal?.reconfirm ?? []).entries()) {
    if (!written.has(path))
      problems.push({
        file: flowFile,
        pointer: `/product/renewal/reconfirm/${i}`,
        message: `renewal fact "${path}" is not a field of the flow`,
      });
  }

  const declaredLovs = new Set((flow.lovs ?? []).map((l) => l.as ?? l.name));
  (flow.lovs ?? []).forEach((lov, i) => {
    if (lov.call) {
      // A customer's own list comes from one of the flow's GET calls, not the service's named lists.
      if (flow.calls?.[lov.call]?.method !== 'GET')
        problems.push({
          file: flowFile,
          pointer: `/lovs/${i}/call`,
          message: `list of values "${lov.name}" names "${lov.call}", which is not a GET call in /calls`,
        });
    } else if (!input.lovNames.includes(lov.name)) {
      problems.push({
        file: flowFile,
        pointer: `/lovs/${i}/name`,
        message: `list of values "${lov.name}" is unknown to the service`,
      });
    }
    for (const [j, d] of (lov.dependsOn ?? []).entries()) needPath(d.path, `/lovs/${i}/dependsOn/${j}/path`);
  });
  // A value map translates an answer the flow writes: its path must be one ('1' -> 'X' of a yes/no).
  for (const [name, call] of Object.entries(flow.calls ?? {})) {
    if (!call.send || typeof call.send === 'string') continue;
    for (const [key, entry] of Object.entries(call.send)) {
      if (typeof entry === 'string') continue;
      needPath(entry.path, `/calls/${name}/send/${key.replace(/~/g, '~0').replace(/\//g, '~1')}/path`);
    }
  }
  (flow.derived ?? []).forEach((d, i) => {
    for (const p of [d.ageOf, d.sumOf, d.countOf, d.copyOf].filter(Boolean) as string[])
      needPath(p, `/derived/${i}`);
    if (d.when) for (const p of conditionPaths(d.when)) needPath(p, `/derived/${i}/when`);
    if (d.expr !== undefined) for (const p of exprPaths(d.expr)) needPath(p, `/derived/${i}/expr`);
  });

  // Lists the spec binds (flows/_lov-bindings.json): the field shows the list by its service name.
  const bindings = input.lovBindings ?? {};
  const serviceName = (lov: string) => (flow.lovs ?? []).find((l) => (l.as ?? l.name) === lov)?.name ?? lov;
  const checkBoundList = (field: Field, pointer: string) => {
    const bound = bindings[field.path];
    if (!bound) return;
    if (field.options?.length) {
      problems.push({
        file: flowFile,
        pointer: `${pointer}/options`,
        message: `"${field.path}" takes its values from the list "${bound}" (spec §3): use "lov": "${bound}", not static options`,
      });
    } else if (!field.lov) {
      problems.push({
        file: flowFile,
        pointer,
        message: `"${field.path}" takes its values from the list "${bound}" (spec §3): give the field "lov": "${bound}"`,
      });
    } else if (serviceName(field.lov) !== bound) {
      problems.push({
        file: flowFile,
        pointer: `${pointer}/lov`,
        message: `"${field.path}" shows the list "${serviceName(field.lov)}", but spec §3 ties it to "${bound}"`,
      });
    }
  };
  const defaultSources: [Record<string, unknown> | undefined, string][] = [
    [flow.defaults, '/defaults'],
    ...(flow.variants ?? []).map((v, i): [Record<string, unknown> | undefined, string] => [
      v.defaults,
      `/variants/${i}/defaults`,
    ]),
  ];
  for (const [defaults, at] of defaultSources) {
    for (const [path, value] of Object.entries(defaults ?? {})) {
      const values = bindings[path] ? input.lovValues?.[bindings[path]] : undefined;
      // An empty default means "not answered yet"; anything else must be one of the list's values.
      if (values && value !== '' && value != null && !values.includes(String(value)))
        problems.push({
          file: flowFile,
          pointer: `${at}/${path}`,
          message: `default ${JSON.stringify(value)} of "${path}" is not a value of the list "${bindings[path]}" (${values.join(', ')})`,
        });
    }
  }

  const checkField = (field: Field, pointer: string, inItem: boolean) => {
    // Shared field sets keep their labels in the `fields` namespace; a problem there is reported once per flow.
    needKey(fieldLabelKey(flow, field), flowFile, `${pointer}/label`);
    if (field.help) needKey(qualify(flow, field.help), flowFile, `${pointer}/help`);
    if (field.placeholder) needKey(qualify(flow, field.placeholder), flowFile, `${pointer}/placeholder`);
    if (field.link) needKey(qualify(flow, field.link.label), flowFile, `${pointer}/link/label`);
    if (field.type === 'array' && !field.photos)
      needKey(fieldLabelKey(flow, field).replace(/\.label$/, '.item'), flowFile, `${pointer}/items`);
    // A photoSlots field: each slot's name in both languages, and the widget only on a list of slots.
    for (const [i, slot] of (field.photos?.slots ?? []).entries())
      needKey(
        qualify(flow, slot.label ?? `slots.${slot.id}.label`),
        flowFile,
        `${pointer}/photos/slots/${i}`,
      );
    if ((field.widget === 'photoSlots') !== Boolean(field.photos) || (field.photos && field.type !== 'array'))
      problems.push({
        file: flowFile,
        pointer,
        message: 'the photoSlots widget goes with `photos` on an array field',
      });
    if (field.lov && !declaredLovs.has(field.lov)) {
      problems.push({
        file: flowFile,
        pointer: `${pointer}/lov`,
        message: `list of values "${field.lov}" is not declared in /lovs`,
      });
    }
    if (!inItem) checkBoundList(field, pointer);
    if (field.optionsFrom) needPath(field.optionsFrom.path, `${pointer}/optionsFrom/path`);
    if (field.optionsFrom?.where) needPath(field.optionsFrom.where.path, `${pointer}/optionsFrom/where/path`);
    for (const [i, o] of (field.options ?? []).entries()) {
      needKey(qualify(flow, o.label), flowFile, `${pointer}/options/${i}/label`);
    }
    if (!inItem) {
      needCondition(field.visibleIf, `${pointer}/visibleIf`);
      needCondition(field.disabledIf, `${pointer}/disabledIf`);
      if (typeof field.required === 'object') needCondition(field.required, `${pointer}/required`);
    }
    if (field.type === 'array' && !field.items?.length && !field.photos) {
      problems.push({ file: flowFile, pointer, message: 'an array field needs items' });
    }
    field.rules?.forEach((rule, i) => {
      const at = `${pointer}/rules/${i}`;
      if (!isRuleName(rule.rule)) {
        problems.push({
          file: flowFile,
          pointer: `${at}/rule`,
          message: `unknown field rule "${rule.rule}"`,
        });
        return;
      }
      const count = fieldRuleParamCounts[rule.rule];
      const n = rule.params?.length ?? 0;
      if (count && (n < count.min || (count.max !== null && n > count.max))) {
        problems.push({
          file: flowFile,
          pointer: `${at}/params`,
          message: `rule "${rule.rule}" takes ${count.min}${count.max === null ? ' or more' : count.max === count.min ? '' : `-${count.max}`} parameter(s), got ${n}`,
        });
      }
      rule.params?.forEach((p, j) => {
        if (p && typeof p === 'object' && 'ref' in p)
          needPath((p as { ref: string }).ref, `${at}/params/${j}/ref`);
      });
      if (rule.message) needKey(qualify(flow, rule.message), flowFile, `${at}/message`);
      needCondition(rule.when, `${at}/when`);
    });
    if (field.checklist && !(field.rules ?? []).some((r) => ruleChecklists[r.rule])) {
      problems.push({
        file: flowFile,
        pointer: `${pointer}/checklist`,
        message: `"checklist" needs a rule made of parts (${Object.keys(ruleChecklists).join(', ')})`,
      });
    }
    // A box read first offers each of the product's texts under a title of its own.
    if (field.readFirst)
      for (const text of rules?.ET_TEXTS ?? [])
        needKey(`flow:documents.${text.TEXT_NAME}`, flowFile, `${pointer}/readFirst`);
    for (const [i, item] of (field.items ?? []).entries()) checkField(item, `${pointer}/items/${i}`, true);
  };

  if (flow.product) {
    needKey(qualify(flow, flow.product.premiumWording.label), flowFile, '/product/premiumWording/label');
    needKey(qualify(flow, flow.product.premiumWording.period), flowFile, '/product/premiumWording/period');
    // The insured object's description: paths the flow writes, lists it declares, texts in both languages.
    for (const [i, part] of (flow.product.objectSummary ?? []).entries()) {
      const at = `/product/objectSummary/${i}`;
      if (typeof part.path === 'string') needPath(part.path, `${at}/path`);
      else for (const [j, path] of part.path.entries()) needPath(path, `${at}/path/${j}`);
      if (part.lov && !declaredLovs.has(part.lov))
        problems.push({
          file: flowFile,
          pointer: `${at}/lov`,
          message: `list of values "${part.lov}" is not declared in /lovs`,
        });
      // A text with plural forms (units.days_one, units.days_other) is there when its _other form is.
      if (part.text) {
        const key = qualify(flow, part.text);
        const [ns, rest] = key.split(/:(.*)/s) as [string, string];
        const plural = langs.some((lang) => hasKey(input.locales[lang]?.[ns], `${rest}_other`));
        needKey(plural ? `${key}_other` : key, flowFile, `${at}/text`);
      }
    }
    // The certificate of insurance: paths the flow writes, labels in both languages.
    const certificate = flow.product.certificate;
    if (certificate) {
      needPath(certificate.platePath, '/product/certificate/platePath');
      for (const [i, fact] of (certificate.facts ?? []).entries()) {
        needPath(fact.path, `/product/certificate/facts/${i}/path`);
        needKey(fact.label, flowFile, `/product/certificate/facts/${i}/label`);
      }
    }
    for (const [field, path] of Object.entries(flow.product.objectFallbacks ?? {}))
      needPath(path, `/product/objectFallbacks/${field}`);
  }
  for (const [name, call] of Object.entries(flow.calls ?? {}))
    for (const [code, key] of Object.entries(call.refusals ?? {}))
      needKey(qualify(flow, key), flowFile, `/calls/${name}/refusals/${code}`);
  if (flow.referralTitle) needKey(qualify(flow, flow.referralTitle), flowFile, '/referralTitle');
  if (flow.referralCallBack && !flow.calls?.[flow.referralCallBack])
    problems.push({
      file: flowFile,
      pointer: '/referralCallBack',
      message: `unknown call "${flow.referralCallBack}"`,
    });
  // A contract fact no call or field reads is a slip (a misspelt name, or one left over).
  const flowText = JSON.stringify(flow);
  for (const name of Object.keys(flow.contractFacts ?? {})) {
    if (flow.area !== 'portal')
      problems.push({
        file: flowFile,
        pointer: '/contractFacts',
        message: 'contract facts belong to a portal wizard ("area": "portal")',
      });
    else if (!flowText.includes(`"CS_CURRENT.${name}"`))
      problems.push({
        file: flowFile,
        pointer: `/contractFacts/${name}`,
        message: `contract fact "${name}" is read by no call or field of the flow (CS_CURRENT.${name})`,
      });
  }
  if (flow.completion) {
    needKey(qualify(flow, flow.completion.title), flowFile, '/completion/title');
    if (flow.completion.text) needKey(qualify(flow, flow.completion.text), flowFile, '/completion/text');
    for (const [name, path] of Object.entries(flow.completion.values ?? {}))
      needPath(path, `/completion/values/${name}`);
    for (const [i, link] of (flow.completion.links ?? []).entries())
      needKey(qualify(flow, link.label), flowFile, `/completion/links/${i}/label`);
    const uploads = flow.completion.uploads;
    if (uploads) {
      for (const [name, path] of Object.entries(uploads.metadata))
        needPath(path, `/completion/uploads/metadata/${name}`);
      const slotsField = flow.steps
        .flatMap((st) => st.substeps)
        .flatMap((sub) => sub.fields ?? [])
        .find((f) => f.path === uploads.from && f.photos);
      if (!slotsField)
        problems.push({
          file: flowFile,
          pointer: '/completion/uploads/from',
          message: `no photoSlots field has the path "${uploads.from}"`,
        });
    }
  }

  const stepIds = new Set<string>();
  flow.steps.forEach((step, si) => {
    const sp = `/steps/${si}`;
    if (stepIds.has(step.id))
      problems.push({ file: flowFile, pointer: `${sp}/id`, message: `duplicate step id "${step.id}"` });
    stepIds.add(step.id);
    needKey(qualify(flow, step.label), flowFile, `${sp}/label`);
    needCondition(step.visibleIf, `${sp}/visibleIf`);
    const subIds = new Set<string>();
    step.substeps.forEach((sub, ui) => {
      const up = `${sp}/substeps/${ui}`;
      if (subIds.has(sub.id))
        problems.push({ file: flowFile, pointer: `${up}/id`, message: `duplicate substep id "${sub.id}"` });
      subIds.add(sub.id);
      if (sub.title) needKey(qualify(flow, sub.title), flowFile, `${up}/title`);
      if (sub.intro) needKey(qualify(flow, sub.intro), flowFile, `${up}/intro`);
      const fieldIds = new Set<string>();
      const rawCount = (raw.steps[si].substeps[ui].fields ?? []).length;
      const sharedCount = (sub.fields ?? []).length - rawCount;
      (sub.fields ?? []).forEach((field, fi) => {
        if (fieldIds.has(field.id))
          problems.push({
            file: flowFile,
            pointer: `${up}/fields`,
            message: `duplicate field id "${field.id}"`,
          });
        fieldIds.add(field.id);
        checkField(
          field,
          fi < sharedCount
            ? `${up}/fieldSets(${field.fieldSet})/${field.id}`
            : `${up}/fields/${fi - sharedCount}`,
          false,
        );
      });
      if ((sub.kind === 'packages') !== Boolean(sub.packages)) {
        problems.push({
          file: flowFile,
          pointer: up,
          message: 'a packages substep needs "packages", and only it may have one',
        });
      }
      const recalculate = sub.packages?.recalculate;
      (Array.isArray(recalculate) ? recalculate : recalculate ? [recalculate] : []).forEach((call, i) => {
        if (!flow.calls?.[call]) {
          problems.push({
            file: flowFile,
            pointer: `${up}/packages/recalculate${Array.isArray(recalculate) ? `/${i}` : ''}`,
            message: `unknown call "${call}"`,
          });
        }
      });
      sub.panels?.items.forEach((item, i) => {
        needKey(qualify(flow, item.title), flowFile, `${up}/panels/items/${i}/title`);
        if (!rules?.ET_TEXTS.some((t) => t.TEXT_NAME === item.text)) {
          problems.push({
            file: flowFile,
            pointer: `${up}/panels/items/${i}/text`,
            message: `no ET_TEXTS entry "${item.text}" in rules.json`,
          });
        }
      });
      sub.notices?.forEach((n, i) => {
        needKey(qualify(flow, n.text), flowFile, `${up}/notices/${i}/text`);
        for (const path of Object.values(n.values ?? {})) needPath(path, `${up}/notices/${i}/values`);
      });
      for (const [list, name] of [
        [sub.onEnter, 'onEnter'],
        [sub.onLeave, 'onLeave'],
      ] as const) {
        list?.forEach((effect, i) => {
          if ('call' in effect && !flow.calls?.[effect.call]) {
            problems.push({
              file: flowFile,
              pointer: `${up}/${name}/${i}/call`,
              message: `unknown call "${effect.call}"`,
            });
          }
          if ('checkpoints' in effect && !rules) {
            problems.push({
              file: flowFile,
              pointer: `${up}/${name}/${i}`,
              message: 'check points need rules.json',
            });
          }
          needCondition(effect.when, `${up}/${name}/${i}/when`);
        });
      }
    });
  });

  // Product calls go to the product's own segment.
  if (flow.product) {
    const { api } = flow.product;
    for (const [name, call] of Object.entries(flow.calls ?? {})) {
      if (!call.path.startsWith('/'))
        problems.push({
          file: flowFile,
          pointer: `/calls/${name}/path`,
          message: 'a call path starts with /',
        });
    }
    for (const op of [api.calc, api.quotation, api.packages].filter(Boolean)) {
      const path = `/${api.segment}/${op}`;
      if (!Object.values(flow.calls ?? {}).some((c) => c.path === path)) {
        problems.push({
          file: flowFile,
          pointer: '/product/api',
          message: `no call of the flow goes to ${path}`,
        });
      }
    }
  }

  if (rules) {
    checkPointFieldPaths(
      rules.ET_CHECK_POINTS.map((cp) => ({ ...cp, ERROR_MESSAGE: cp.ERROR_MESSAGE.en })),
    ).forEach((path) => {
      const i = rules.ET_CHECK_POINTS.findIndex((cp) => cp.T_FIELD_NAME.includes(path));
      needPath(path, `/ET_CHECK_POINTS/${i}/T_FIELD_NAME`, rulesFile);
    });
  }
  if (tariff) {
    tariff.packages.forEach((p, i) => {
      needKey(p.label, tariffFile, `/packages/${i}/label`);
      for (const c of [...p.covers, ...(p.optionalCovers ?? [])]) {
        if (!tariff.covers?.some((cover) => cover.COVER_ID === c)) {
          problems.push({
            file: tariffFile,
            pointer: `/packages/${i}/covers`,
            message: `unknown cover "${c}"`,
          });
        }
      }
      needCondition(p.when, `/packages/${i}/when`);
    });
    for (const [i, c] of (tariff.covers ?? []).entries()) {
      needKey(c.label, tariffFile, `/covers/${i}/label`);
      for (const p of conditionPaths(c.when)) needPath(p, `/covers/${i}/when`, tariffFile);
    }
    for (const f of [...(tariff.factors ?? []), ...tariff.packages.flatMap((p) => p.factors ?? [])]) {
      for (const p of conditionPaths(f.when)) needPath(p, `/factors/${f.id}/when`, tariffFile);
      if (f.bands) needPath(f.bands.path, `/factors/${f.id}/bands/path`, tariffFile);
    }
  }
  // Report a missing locale key once, at its first place.
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = p.message.startsWith('locale key') ? p.message : `${p.file}${p.pointer}${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
