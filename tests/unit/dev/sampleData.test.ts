// The flow preview's sample data: which scenario file answers, and the quote a visitor would have
// on reaching a substep (defaults, earlier answers, derived values, rated packages, the choice).

import { beforeAll, describe, expect, it } from 'vitest';
import { pickScenario, type SampleScenario, sampleQuote } from '../../../src/dev/sampleData';
import type { FlowBundle } from '../../../src/engine/flow/bundle';
import { loadFlowBundles } from '../../../src/engine/flow/files';
import { getPath } from '../../../src/engine/paths';
import type { RatedPackage, Tariff } from '../../../src/engine/rating/types';

const TODAY = '2026-03-10';

let driver: FlowBundle;
beforeAll(async () => {
  const bundles = await loadFlowBundles();
  const found = bundles.find((b) => b.flow.id === 'driver');
  if (!found) throw new Error('flows/driver is missing');
  driver = found;
});

const eligibility = {
  substep: 'driver__eligibility',
  answers: {
    'CS_DRIVER.INSURANCE_TYPE': 'CAR',
    'CS_POLICY_HOLDER.BIRTH_DATE': 'today-40y',
    'CS_DRIVER.AGE_BETWEEN_18_75': '1',
    'CS_DRIVER.CYPRUS_RESIDENT': '1',
    'CS_DRIVER.HEALTHY_DRIVER': '1',
    'CS_POLICY.START_DATE': 'today+3d',
  },
};
const holder = {
  substep: 'payment__holder',
  answers: { 'CS_POLICY_HOLDER.FIRST_NAME': 'ΕΛΕΝΗ', 'CS_POLICY_HOLDER.LAST_NAME': 'ΓΕΩΡΓΙΟΥ' },
};
const scenarios: Record<string, SampleScenario> = {
  'driver-b-plus.json': {
    flow: 'driver',
    steps: [eligibility, { substep: 'plans__packages', select: 'DRV_PLUS' }, holder],
  },
  'driver-a-referral.json': {
    flow: 'driver',
    steps: [{ ...eligibility, answers: { 'CS_DRIVER.HEALTHY_DRIVER': '2' } }],
  },
  'hunter-happy-path.json': { flow: 'hunter', steps: [] },
  // Named like a driver scenario but for another flow: never picked for driver.
  'driver-misfiled.json': { flow: 'hunter', steps: [eligibility] },
};

describe('pickScenario', () => {
  it('takes the first file by name that reaches the substep', () => {
    expect(pickScenario('driver', 'driver__eligibility', scenarios)).toBe('driver-a-referral.json');
    expect(pickScenario('driver', 'plans__packages', scenarios)).toBe('driver-b-plus.json');
    expect(pickScenario('driver', 'payment__holder', scenarios)).toBe('driver-b-plus.json');
  });

  it('prefers a file of the previewed variant, or of no variant', () => {
    const byVariant: Record<string, SampleScenario> = {
      'motor-a-brand1.json': { flow: 'motor', variant: 'brand1', steps: [{ substep: 'vehicle__search' }] },
      'motor-b-plain.json': { flow: 'motor', steps: [{ substep: 'vehicle__search' }] },
      'motor-c-brand2.json': { flow: 'motor', variant: 'brand2', steps: [{ substep: 'vehicle__search' }] },
    };
    expect(pickScenario('motor', 'vehicle__search', byVariant)).toBe('motor-b-plain.json');
    expect(pickScenario('motor', 'vehicle__search', byVariant, 'brand2')).toBe('motor-c-brand2.json');
    // No file of that variant: the first that reaches the substep.
    expect(pickScenario('motor', 'vehicle__search', byVariant, 'brand9')).toBe('motor-a-brand1.json');
  });

  it("falls back to the flow's first file, and to none for a flow without scenarios", () => {
    expect(pickScenario('driver', 'offer__send', scenarios)).toBe('driver-a-referral.json');
    expect(pickScenario('pet', 'pet__details', scenarios)).toBeNull();
    expect(
      pickScenario('hunter', 'hunter__details', {
        'driver-misfiled.json': scenarios['driver-misfiled.json'],
      }),
    ).toBeNull();
  });
});

describe('sampleQuote', () => {
  it('fills the defaults, the resolved answers and the derived values of the substep', () => {
    const only = { 'driver-b-plus.json': scenarios['driver-b-plus.json'] };
    const { quote, scenario, rated } = sampleQuote({
      flow: driver.flow,
      substepKey: 'driver__eligibility',
      scenarios: only,
      tariff: driver.tariff,
      today: TODAY,
    });
    expect(scenario).toBe('driver-b-plus.json');
    expect(getPath(quote, 'CS_POLICY.PRODUCT_ID')).toBe('516');
    expect(getPath(quote, 'CS_DRIVER.INSURANCE_TYPE')).toBe('CAR');
    expect(getPath(quote, 'CS_POLICY_HOLDER.BIRTH_DATE')).toBe('1986-03-10');
    expect(getPath(quote, 'CS_POLICY.START_DATE')).toBe('2026-03-13');
    expect(getPath(quote, 'CS_DRIVER.DRIVER_AGE')).toBe(40);
    // Later substeps' answers are not the visitor's yet; nothing is rated before the packages.
    expect(getPath(quote, 'CS_POLICY_HOLDER.FIRST_NAME')).toBeUndefined();
    expect(rated).toBe(false);
    expect(getPath(quote, 'CT_PACKAGES')).toEqual([]);
  });

  it("rates the packages with the flow's tariff and applies the scenario's choice", () => {
    const { quote, rated, ratingError } = sampleQuote({
      flow: driver.flow,
      substepKey: 'plans__packages',
      scenarios,
      tariff: driver.tariff,
      today: TODAY,
    });
    expect(rated).toBe(true);
    expect(ratingError).toBeNull();
    const packages = getPath(quote, 'CT_PACKAGES') as RatedPackage[];
    expect(packages.map((p) => p.PACKAGE_ID)).toEqual(driver.tariff?.packages.map((p) => p.PACKAGE_ID));
    expect(packages.every((p) => p.AMOUNT > 0)).toBe(true);
    expect(packages.filter((p) => p.ZZSELECTED_IND === 'X').map((p) => p.PACKAGE_ID)).toEqual(['DRV_PLUS']);
    expect(getPath(quote, 'CS_POLICY.PACKAGE_ID')).toBe('DRV_PLUS');
    expect((getPath(quote, 'CT_COVERS') as unknown[]).length).toBeGreaterThan(0);
  });

  it('carries the choice of package on to the payment substep, with its answers', () => {
    const { quote } = sampleQuote({
      flow: driver.flow,
      substepKey: 'payment__holder',
      scenarios,
      tariff: driver.tariff,
      today: TODAY,
    });
    expect(getPath(quote, 'CS_POLICY.PACKAGE_ID')).toBe('DRV_PLUS');
    expect(getPath(quote, 'CS_POLICY_HOLDER.FIRST_NAME')).toBe('ΕΛΕΝΗ');
  });

  it('says why a tariff that does not fit could not rate, and keeps the answers', () => {
    const broken: Tariff = {
      ...(driver.tariff as Tariff),
      packages: [{ ...(driver.tariff as Tariff).packages[0], covers: ['NO_SUCH_COVER'] }],
    };
    const { quote, rated, ratingError } = sampleQuote({
      flow: driver.flow,
      substepKey: 'plans__packages',
      scenarios,
      tariff: broken,
      today: TODAY,
    });
    expect(rated).toBe(false);
    expect(ratingError).toContain('NO_SUCH_COVER');
    expect(getPath(quote, 'CS_DRIVER.INSURANCE_TYPE')).toBe('CAR');
  });

  it('without a scenario or tariff: the defaults only, and no packages', () => {
    const sample = sampleQuote({
      flow: driver.flow,
      substepKey: 'plans__packages',
      scenarios: {},
      today: TODAY,
    });
    expect(sample.scenario).toBeNull();
    expect(sample.rated).toBe(false);
    expect(getPath(sample.quote, 'CS_DRIVER.INSURANCE_TYPE')).toBe('');
  });

  it('refuses a substep the flow does not have', () => {
    expect(() =>
      sampleQuote({ flow: driver.flow, substepKey: 'driver__nope', scenarios, today: TODAY }),
    ).toThrow('driver has no substep driver__nope');
  });
});
