// Small motor, property and travel bundles for the data-call tests, so they do not depend on the
// product team's tariffs (the real flows are tested through the driver and hunter files).

import type { FlowBundle } from '../../../src/engine/flow/bundle';
import { loadFlowBundles } from '../../../src/engine/flow/files';

const noRules = { ET_TEXTS: [], ET_CHECK_POINTS: [] };

export const motorBundle: FlowBundle = {
  dir: 'test/motor',
  rules: noRules,
  flow: {
    id: 'motor',
    area: 'public',
    product: {
      rulesKey: 'MOTOR',
      productId: 'lookup',
      objectKey: 'CS_VEHICLE',
      premiumWording: { label: 'flow:premium.annual', period: 'flow:premium.perYear' },
      api: { segment: 'motor', calc: 'motorcalc', packages: 'motorpckcalc', quotation: 'motorquotation' },
    },
    variants: [
      {
        id: 'brand1',
        query: { name: 'ref', value: '1' },
        theme: 'brand1',
        defaults: { 'CS_VEHICLE.BRAND_MAKER': 'TOYOTA' },
      },
      {
        id: 'brand2',
        query: { name: 'ref', value: '2' },
        theme: 'brand2',
        defaults: { 'CS_VEHICLE.BRAND_MAKER': 'NISSAN' },
      },
    ],
    steps: [],
  },
  tariff: {
    productId: '101',
    packages: [
      { PACKAGE_ID: 'TPO', label: 'motor:packages.TPO', base: 180, covers: [] },
      {
        PACKAGE_ID: 'COMP',
        label: 'motor:packages.COMP',
        base: { mul: [{ path: 'CS_VEHICLE.VEHICLE_VALUE' }, 0.03] },
        covers: [],
      },
    ],
    deductibles: {
      excess: {
        COMP: [
          { DEDUCTIBLE_ID: 'EX1000', DEDUCTIBLE_AMOUNT: 1000, PREMIUM_PERCENT: -10 },
          { DEDUCTIBLE_ID: 'EX300', DEDUCTIBLE_AMOUNT: 300 },
          { DEDUCTIBLE_ID: 'EX500', DEDUCTIBLE_AMOUNT: 500, PREMIUM_PERCENT: -5 },
        ],
      },
      windscreen: {
        '*': [
          { DEDUCTIBLE_ID: 'WS0', DEDUCTIBLE_AMOUNT: 0 },
          { DEDUCTIBLE_ID: 'WS100', DEDUCTIBLE_AMOUNT: 100 },
        ],
      },
      lossofuse: { COMP: [{ DEDUCTIBLE_ID: 'LU10', DEDUCTIBLE_AMOUNT: 10 }] },
    },
    variants: { brand1: { productId: '111' }, brand2: { productId: '112' } },
    config: { VEHICLE_VALUE_ONLINE_LIMIT: 70000, COURTESY_CAR_PER_DAY: 15 },
  },
};

export const propertyBundle: FlowBundle = {
  dir: 'test/property',
  rules: noRules,
  flow: {
    id: 'property',
    area: 'public',
    product: {
      rulesKey: 'PROPERTY',
      productId: '157',
      objectKey: 'CS_PROPERTY',
      premiumWording: { label: 'flow:premium.annual', period: 'flow:premium.perYear' },
      api: { segment: 'prop', calc: 'propertycalc', packages: 'pckcalculate', quotation: 'quotation' },
    },
    steps: [],
  },
  tariff: {
    productId: '157',
    packages: [{ PACKAGE_ID: 'HOME', label: 'property:packages.HOME', base: 120, covers: [] }],
    deductibles: {
      property: {
        HOME: [
          { DEDUCTIBLE_ID: 'D850', DEDUCTIBLE_AMOUNT: 850, PREMIUM_PERCENT: -12 },
          { DEDUCTIBLE_ID: 'D400', DEDUCTIBLE_AMOUNT: 400 },
          { DEDUCTIBLE_ID: 'D600', DEDUCTIBLE_AMOUNT: 600, PREMIUM_PERCENT: -6 },
        ],
      },
    },
    config: { PROPERTY_VALUE_PERCENTAGE: 80, TOTAL_INSURED_LIMIT: 700000, CONTENTS_LIMIT: 60000 },
  },
};

export const travelBundle: FlowBundle = {
  dir: 'test/travel',
  rules: noRules,
  flow: {
    id: 'travel',
    area: 'public',
    product: {
      rulesKey: 'TRAVEL',
      productId: '518',
      objectKey: 'CS_TRAVEL',
      premiumWording: { label: 'flow:premium.annual', period: 'flow:premium.perYear' },
      api: { segment: 'travel', calc: 'travelcalc', packages: 'pckcalculate', quotation: 'quotation' },
    },
    defaults: { 'CS_POLICY.PERIOD': 1 },
    steps: [],
  },
  tariff: {
    productId: '518',
    packages: [
      {
        PACKAGE_ID: 'TRV',
        label: 'travel:packages.TRV',
        base: { add: [8, { mul: [{ path: 'CS_POLICY.DURATION_DAYS' }, 1.2] }] },
        covers: [],
      },
    ],
    config: { MAX_START_DAYS_AHEAD: 30, MAX_DURATION_DAYS: 90 },
  },
};

/** The real flows on disk with the test bundles in place of any of the same id. */
export async function flowsWithTestBundles(): Promise<FlowBundle[]> {
  const test = [motorBundle, propertyBundle, travelBundle];
  const ids = new Set(test.map((b) => b.flow.id));
  return [...(await loadFlowBundles()).filter((b) => !ids.has(b.flow.id)), ...test];
}
