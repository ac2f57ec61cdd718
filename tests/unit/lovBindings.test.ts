// Issue 17 item 9: every list of spec §3 a flow shows is its list of values, never static options.
// flows/_lov-bindings.json names the quote paths §3 ties to a list; flows:check refuses a field there
// with static options, free text or another list, and a default that is not a value of the list.

import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readLocales, readSchemas, serviceLovNames, serviceLovValues } from '../../src/cli/workspace';
import { type CheckInputs, checkFlowFolder } from '../../src/engine/flow/check';
import { checkAllFlows, readLovBindings } from '../../src/engine/flow/checkAll';
import { readFieldSets, readFlowFiles } from '../../src/engine/flow/files';
import type { Field, Flow } from '../../src/engine/flow/types';

let base: Omit<CheckInputs, 'files'>;
const files: Record<string, CheckInputs['files']> = {};

beforeAll(async () => {
  const [schemas, locales, lovNames, lovValues, fieldSets, lovBindings] = await Promise.all([
    readSchemas(),
    readLocales(),
    serviceLovNames(),
    serviceLovValues(),
    readFieldSets(),
    readLovBindings(),
  ]);
  base = { schemas, locales, lovNames, lovValues, fieldSets, lovBindings };
  for (const id of ['travel', 'motor', 'driver']) files[id] = { id, ...(await readFlowFiles(id)) };
});

/** A copy of a shipped flow, changed, then checked. */
function checkChanged(id: string, change: (flow: Flow) => void) {
  const copy = structuredClone(files[id]);
  change(copy.flow as Flow);
  return checkFlowFolder({ ...base, files: copy });
}

function fieldOf(flow: Flow, id: string): Field {
  for (const step of flow.steps)
    for (const sub of step.substeps) {
      const field = sub.fields?.find((f) => f.id === id);
      if (field) return field;
    }
  throw new Error(`no field ${id}`);
}

describe('lists the spec ties to a list of values', () => {
  it('the bindings name the lists of §3 the brief lists, each known to the service', () => {
    const bound = new Set(Object.values(base.lovBindings ?? {}));
    for (const name of [
      'OCCUPATION',
      'PERIOD',
      'WEBSITE_SOURCE',
      'PAYMENT_METHOD',
      'CpBankList',
      'INSTALLMENT_NUMBER',
      'PROFESSION',
    ])
      expect(bound.has(name), name).toBe(true);
    for (const name of bound) expect(base.lovNames).toContain(name);
  });

  it('the shipped flows pass', async () => {
    const { problems } = await checkAllFlows({ lovNames: base.lovNames, lovValues: base.lovValues });
    expect(problems).toEqual([]);
  });

  it('refuses static options on a bound field (travel: number of adults)', () => {
    const problems = checkChanged('travel', (flow) => {
      const field = fieldOf(flow, 'NUMBER_OF_ADULTS');
      delete field.lov;
      field.options = [
        { value: '1', label: 'fields.NUMBER_OF_ADULTS.label' },
        { value: '2', label: 'fields.NUMBER_OF_ADULTS.label' },
      ];
    });
    expect(problems).toEqual([
      expect.objectContaining({
        file: 'flows/travel/flow.json',
        pointer: expect.stringMatching(/^\/steps\/\d+\/substeps\/\d+\/fields\/\d+\/options$/),
        message: expect.stringContaining(
          '"CS_TRAVEL.NUMBER_OF_ADULTS" takes its values from the list "NUMBER_OF_ADULTS"',
        ),
      }),
    ]);
  });

  it('refuses the payment method drawn from another list, and a new occupation question typed as text', () => {
    const problems = checkChanged('motor', (flow) => {
      fieldOf(flow, 'PAYMENT_METHOD').lov = 'YESNO';
      const step = flow.steps.find((s) => s.substeps.some((u) => u.kind === 'payment'))!;
      step.substeps
        .find((u) => u.kind === 'payment')!
        .fields!.push({
          id: 'OCCUPATION_ID',
          path: 'CS_POLICY_HOLDER.OCCUPATION_ID',
          type: 'string',
          widget: 'text',
          label: 'fields:FIRST_NAME.label',
        } as Field);
    });
    const messages = problems.map((p) => p.message);
    expect(messages).toContain(
      '"CS_POLICY.PAYMENT_METHOD" shows the list "YESNO", but spec §3 ties it to "PAYMENT_METHOD"',
    );
    expect(messages).toContain(
      '"CS_POLICY_HOLDER.OCCUPATION_ID" takes its values from the list "OCCUPATION" (spec §3): give the field "lov": "OCCUPATION"',
    );
  });

  it('a list bound under another name (`as`) counts as the same list', () => {
    const problems = checkChanged('motor', (flow) => {
      flow.lovs!.push({ name: 'PAYMENT_METHOD', as: 'PAY_WITH' });
      fieldOf(flow, 'PAYMENT_METHOD').lov = 'PAY_WITH';
    });
    expect(problems).toEqual([]);
  });

  it('refuses a default that is not a value of its list (a period of 7 months), accepts 12 and empty', () => {
    const withPeriod = (value: unknown) =>
      checkChanged('driver', (flow) => {
        flow.defaults = { ...flow.defaults, 'CS_POLICY.PERIOD': value };
      });
    expect(withPeriod(7)).toEqual([
      expect.objectContaining({
        pointer: '/defaults/CS_POLICY.PERIOD',
        message: expect.stringContaining(
          'default 7 of "CS_POLICY.PERIOD" is not a value of the list "PERIOD"',
        ),
      }),
    ]);
    expect(withPeriod(12)).toEqual([]);
    expect(withPeriod('')).toEqual([]);
  });

  it('refuses a binding to a list the service does not have', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lov-bindings-'));
    await writeFile(
      join(dir, '_lov-bindings.json'),
      JSON.stringify({ fields: { 'CS_POLICY.PERIOD': 'PERIODS' } }),
    );
    const { problems } = await checkAllFlows({ flowsDir: dir, lovNames: base.lovNames });
    expect(problems).toEqual([
      {
        file: 'flows/_lov-bindings.json',
        pointer: '/fields/CS_POLICY.PERIOD',
        message: 'list of values "PERIODS" is unknown to the service',
      },
    ]);
  });
});
