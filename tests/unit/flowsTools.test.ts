// flows:check reports broken flow folders precisely (file and JSON pointer); flows:paths finds
// every end of the shipped flows and reports unreachable substeps.

import { beforeAll, describe, expect, it } from 'vitest';
import { readLocales, readSchemas, serviceLovNames } from '../../src/cli/workspace';
import { type CheckInputs, checkFlowFolder } from '../../src/engine/flow/check';
import { loadFlowBundles, readFieldSets, readFlowFiles } from '../../src/engine/flow/files';
import { FlowLoadError, loadFlow } from '../../src/engine/flow/load';
import type { Flow } from '../../src/engine/flow/types';
import { analyseFlow } from '../../src/engine/machine/pathAnalysis';

let base: Omit<CheckInputs, 'files'>;
let driverFiles: CheckInputs['files'];

beforeAll(async () => {
  const [schemas, locales, lovNames, fieldSets, files] = await Promise.all([
    readSchemas(),
    readLocales(),
    serviceLovNames(),
    readFieldSets(),
    readFlowFiles('driver'),
  ]);
  base = { schemas, locales, lovNames, fieldSets };
  driverFiles = { id: 'driver', ...files };
});

const clone = <T>(x: T): T => structuredClone(x);
const check = (
  mutate: (files: { flow: Flow; rules: { ET_CHECK_POINTS: { T_FIELD_NAME: string[] }[] } }) => void,
) => {
  const files = clone(driverFiles) as unknown as {
    id: string;
    flow: Flow;
    rules: { ET_CHECK_POINTS: { T_FIELD_NAME: string[] }[] };
    tariff: unknown;
  };
  mutate(files);
  return checkFlowFolder({ ...base, files: files as unknown as CheckInputs['files'] });
};

describe('flows:check', () => {
  it('passes the shipped driver flow', () => {
    expect(checkFlowFolder({ ...base, files: driverFiles })).toEqual([]);
  });

  it("needs the right of withdrawal in days on a public product, within the schema's range", () => {
    const missing = check((f) => {
      delete (f.flow.product as { withdrawalDays?: number }).withdrawalDays;
    });
    expect(missing).toEqual([
      expect.objectContaining({
        file: 'flows/driver/flow.json',
        pointer: '/product',
        message: expect.stringMatching(/withdrawalDays/),
      }),
    ]);
    const negative = check((f) => {
      (f.flow.product as { withdrawalDays?: number }).withdrawalDays = -1;
    });
    expect(negative[0]).toMatchObject({ file: 'flows/driver/flow.json', pointer: '/product/withdrawalDays' });
  });

  it('names the file and pointer of a schema error', () => {
    const problems = check((f) => {
      (f.flow.steps[0].substeps[0].fields![0] as unknown as { widget: string }).widget = 'slider';
    });
    expect(problems[0]).toMatchObject({
      file: 'flows/driver/flow.json',
      pointer: '/steps/0/substeps/0/fields/0/widget',
    });
  });

  it('reports an unknown list of values, a missing locale key and an unknown field rule', () => {
    const problems = check((f) => {
      const field = f.flow.steps[0].substeps[0].fields![0];
      f.flow.lovs!.push({ name: 'PLANETS' });
      field.label = 'fields.NOT_TRANSLATED.label';
      field.rules = [{ rule: 'be_nice' }];
    });
    const messages = problems.map((p) => `${p.pointer} ${p.message}`);
    expect(messages).toContain('/lovs/6/name list of values "PLANETS" is unknown to the service');
    expect(
      messages.some((m) =>
        m.includes('"driver:fields.NOT_TRANSLATED.label" is missing in locales/el/driver.json'),
      ),
    ).toBe(true);
    expect(messages).toContain('/steps/0/substeps/0/fields/0/rules/0/rule unknown field rule "be_nice"');
  });

  it('reports a check point on a path no field writes, and an effect naming an unknown call', () => {
    const problems = check((f) => {
      f.rules.ET_CHECK_POINTS[0].T_FIELD_NAME = ['CS_DRIVER.SHOE_SIZE'];
      f.flow.steps[0].substeps[0].onLeave = [{ call: 'horoscope' }];
    });
    expect(problems).toContainEqual({
      file: 'flows/driver/rules.json',
      pointer: '/ET_CHECK_POINTS/0/T_FIELD_NAME',
      message: 'path "CS_DRIVER.SHOE_SIZE" is not written by any field, default, derived value or call',
    });
    expect(problems).toContainEqual({
      file: 'flows/driver/flow.json',
      pointer: '/steps/0/substeps/0/onLeave/0/call',
      message: 'unknown call "horoscope"',
    });
  });

  it("checks an endorsement wizard's contract facts: a name and a contract path, each read by the flow", async () => {
    const motor = { id: 'endorsement-motor', ...(await readFlowFiles('endorsement-motor')) };
    expect(checkFlowFolder({ ...base, files: motor })).toEqual([]);
    const withFacts = (facts: Record<string, string>, area: Flow['area'] = 'portal') => {
      const files = clone(motor) as unknown as { flow: Flow };
      files.flow.contractFacts = facts;
      files.flow.area = area;
      return checkFlowFolder({ ...base, files: files as unknown as CheckInputs['files'] });
    };
    expect(withFacts({ CHASSIS_NUMBER: 'CS_VEHICLE.CHASSIS_NUMBER', COLOUR: 'CS_VEHICLE.COLOUR' })).toEqual([
      {
        file: 'flows/endorsement-motor/flow.json',
        pointer: '/contractFacts/COLOUR',
        message: 'contract fact "COLOUR" is read by no call or field of the flow (CS_CURRENT.COLOUR)',
      },
    ]);
    expect(withFacts({ CHASSIS_NUMBER: 'chassis' })[0]).toMatchObject({
      file: 'flows/endorsement-motor/flow.json',
      pointer: '/contractFacts/CHASSIS_NUMBER',
    });
    expect(withFacts({ CHASSIS_NUMBER: 'CS_VEHICLE.CHASSIS_NUMBER' }, 'public')).toContainEqual({
      file: 'flows/endorsement-motor/flow.json',
      pointer: '/contractFacts',
      message: 'contract facts belong to a portal wizard ("area": "portal")',
    });
  });

  it('loadFlow returns the expanded flow, or throws every problem at once', () => {
    const bundle = loadFlow({ ...base, files: driverFiles });
    expect(bundle.flow.steps[2].substeps[0].fields?.some((f) => f.id === 'FIRST_NAME')).toBe(true);
    const broken = clone(driverFiles) as unknown as { flow: Flow };
    broken.flow.steps[0].substeps[0].onLeave = [{ call: 'nowhere' }];
    broken.flow.lovs!.push({ name: 'PLANETS' });
    let thrown: unknown;
    try {
      loadFlow({ ...base, files: broken as unknown as CheckInputs['files'] });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(FlowLoadError);
    expect((thrown as FlowLoadError).problems).toHaveLength(2);
    expect((thrown as FlowLoadError).message).toContain('flows/driver/flow.json#/lovs/6/name');
  });

  it('reports a wrong number of rule parameters', () => {
    const problems = check((f) => {
      f.flow.steps[0].substeps[0].fields![0].rules = [{ rule: 'max_value_currency', params: [] }];
    });
    expect(
      problems.some((p) => p.pointer.endsWith('/rules/0/params') && p.message.includes('max_value_currency')),
    ).toBe(true);
  });
});

describe('flows:paths', () => {
  it('reaches every substep and every payment outcome of the shipped flows, with no dead ends', async () => {
    for (const { flow } of await loadFlowBundles()) {
      const { unreachable, deadEnds, ends } = analyseFlow(flow);
      expect(unreachable, flow.id).toEqual([]);
      expect(deadEnds, flow.id).toEqual([]);
      const finals = ends.map((p) => (typeof p.state.value === 'string' ? p.state.value : 'referral'));
      // Product flows end in a payment outcome; the portal's wizards on their completion screen.
      expect(finals, flow.id).toEqual(
        expect.arrayContaining(
          flow.product ? ['paid', 'paidPending', 'paymentFailed', 'referral'] : ['completed'],
        ),
      );
    }
  });

  it('reports a substep that no path reaches', async () => {
    const [driver] = (await loadFlowBundles()).filter((b) => b.flow.id === 'driver');
    const flow = clone(driver.flow);
    // A payment in the first substep ends every path there: the later substeps cannot be reached.
    flow.steps[0].substeps[0].onLeave = [{ payment: 'regpay' }];
    const { unreachable } = analyseFlow(flow);
    expect(unreachable).toContain('plans__packages.editing');
    expect(unreachable).toContain('payment__holder.editing');
  });
});
