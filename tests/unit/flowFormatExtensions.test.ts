// Format additions made for property, travel and cyber: substep notices (a comparison with a
// computed value), options read from a list in the quote, one list of values bound twice, covers in
// force only under a condition, and a field whose change re-prices the packages.

import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { applyDerived } from '../../src/engine/flow/derived';
import { substepUiSchema, type UiContext } from '../../src/engine/flow/forms';
import { activeNotices } from '../../src/engine/flow/notices';
import type { Field, Flow, Quote, Substep } from '../../src/engine/flow/types';
import { validateSubstep } from '../../src/engine/flow/validate';
import { createFlowMachine } from '../../src/engine/machine/createFlowMachine';
import type { FlowServices } from '../../src/engine/machine/services';
import { setPath } from '../../src/engine/paths';
import { rateQuote } from '../../src/engine/rating/rate';
import type { Tariff } from '../../src/engine/rating/types';

const TODAY = '2026-11-22';

function quoteOf(values: Record<string, unknown>): Quote {
  return Object.entries(values).reduce<Quote>((q, [path, value]) => setPath(q, path, value), {});
}

describe('notices', () => {
  const flow: Pick<Flow, 'derived'> = {
    derived: [
      {
        path: 'CS_PROPERTY.MIN_BUILDING_VALUE',
        expr: {
          mul: [
            { path: 'CS_PROPERTY.PROPERTY_AREA' },
            { path: 'CS_PROPERTY.PROPERTY_VALUE_PER_SQM' },
            { path: 'CS_PROPERTY.PROPERTY_VALUE_PERCENTAGE' },
            0.01,
          ],
        },
      },
    ],
  };
  const substep: Substep = {
    id: 'amounts',
    kind: 'form',
    notices: [
      {
        id: 'lowBuildingValue',
        level: 'warning',
        text: 'notices.lowBuildingValue',
        when: { path: 'CS_PROPERTY.PROPERTY_VALUE', lt: { path: 'CS_PROPERTY.MIN_BUILDING_VALUE' } },
        values: { minimum: 'CS_PROPERTY.MIN_BUILDING_VALUE' },
      },
      {
        id: 'unoccupied',
        level: 'info',
        text: 'notices.unoccupied',
        when: { path: 'CS_PROPERTY.UNOCCUPIED_DAYS', gt: 30 },
      },
    ],
  };
  const base = {
    'CS_PROPERTY.PROPERTY_AREA': 150,
    'CS_PROPERTY.PROPERTY_VALUE_PER_SQM': 1500,
    'CS_PROPERTY.PROPERTY_VALUE_PERCENTAGE': 80,
  };
  const ids = (q: Quote) => activeNotices(flow, substep, q, TODAY).map((n) => n.notice.id);

  it('warns below area × value per m² × percentage, with the minimum to interpolate', () => {
    const q = quoteOf({ ...base, 'CS_PROPERTY.PROPERTY_VALUE': 179_999 });
    const active = activeNotices(flow, substep, q, TODAY);
    expect(active.map((n) => n.notice.id)).toEqual(['lowBuildingValue']);
    expect(active[0].values).toEqual({ minimum: 180_000 });
  });

  it('is quiet at the minimum and above, and before the value is entered', () => {
    expect(ids(quoteOf({ ...base, 'CS_PROPERTY.PROPERTY_VALUE': 180_000 }))).toEqual([]);
    expect(ids(quoteOf({ ...base, 'CS_PROPERTY.PROPERTY_VALUE': '' }))).toEqual([]);
    expect(ids(quoteOf(base))).toEqual([]);
  });

  it('follows the loaded configuration: a higher value per m² raises the minimum', () => {
    const q = quoteOf({
      ...base,
      'CS_PROPERTY.PROPERTY_VALUE_PER_SQM': 2000,
      'CS_PROPERTY.PROPERTY_VALUE': 200_000,
    });
    expect(ids(q)).toEqual(['lowBuildingValue']);
  });

  it('takes a plain comparison as a condition', () => {
    expect(ids(quoteOf({ 'CS_PROPERTY.UNOCCUPIED_DAYS': 31 }))).toEqual(['unoccupied']);
    expect(ids(quoteOf({ 'CS_PROPERTY.UNOCCUPIED_DAYS': 30 }))).toEqual([]);
  });
});

describe('options from a list in the quote', () => {
  const field: Field = {
    id: 'EXCESS_DEDUCTIBLE',
    path: 'CS_PROPERTY.EXCESS_DEDUCTIBLE',
    type: 'string',
    required: true,
    optionsFrom: {
      path: 'CT_DEDUCTIBLES',
      value: 'DEDUCTIBLE_ID',
      label: 'DEDUCTIBLE_AMOUNT',
      format: 'euro',
    },
  };
  const substep: Substep = { id: 'packages', kind: 'form', fields: [field] };
  const flow: Flow = {
    id: 'demo',
    area: 'public',
    steps: [{ id: 'plans', label: 'x', substeps: [substep] }],
  };
  const list = [
    { DEDUCTIBLE_ID: 'D400', DEDUCTIBLE_AMOUNT: 400 },
    { DEDUCTIBLE_ID: 'D1000', DEDUCTIBLE_AMOUNT: 1000 },
  ];
  const ctx = (lang: 'el' | 'en'): UiContext => ({
    lang,
    t: (key) => key,
    lovOptions: () => undefined,
    today: TODAY,
  });

  it('offers the entries in list order, their amounts shown in euro', () => {
    const ui = substepUiSchema(flow, substep, quoteOf({ CT_DEDUCTIBLES: list }), ctx('en'));
    const entry = ui.EXCESS_DEDUCTIBLE as Record<string, Record<string, unknown>>;
    expect(entry['ui:widget']).toBe('select');
    expect(entry['ui:options'].options).toEqual([
      { value: 'D400', label: '€400' },
      { value: 'D1000', label: '€1,000' },
    ]);
  });

  it('refuses a value the loaded list does not hold, and cannot check an empty list', () => {
    const errors = (q: Quote) => validateSubstep(substep, q, { today: TODAY }).map((e) => e.key);
    expect(errors(quoteOf({ CT_DEDUCTIBLES: list, 'CS_PROPERTY.EXCESS_DEDUCTIBLE': 'D999' }))).toEqual([
      'validation:not_in_list',
    ]);
    expect(errors(quoteOf({ CT_DEDUCTIBLES: list, 'CS_PROPERTY.EXCESS_DEDUCTIBLE': 'D1000' }))).toEqual([]);
    expect(errors(quoteOf({ CT_DEDUCTIBLES: [], 'CS_PROPERTY.EXCESS_DEDUCTIBLE': 'D999' }))).toEqual([]);
  });
});

describe('covers in force under a condition', () => {
  const unoccupied = {
    all: [
      { path: 'CS_PROPERTY.UNOCCUPIED', eq: '1' },
      { path: 'CS_PROPERTY.UNOCCUPIED_DAYS', gt: 30 },
    ],
  };
  const tariff: Tariff = {
    productId: '157',
    packages: [
      { PACKAGE_ID: 'HOME', label: 'p', base: 100, covers: ['FIRE', 'THEFT'], optionalCovers: ['GLASS'] },
    ],
    covers: [
      { COVER_ID: 'FIRE', label: 'c' },
      { COVER_ID: 'THEFT', label: 'c', when: { not: unoccupied } },
      { COVER_ID: 'GLASS', label: 'c', premium: 20, when: { not: unoccupied } },
    ],
  };
  const rate = (values: Record<string, unknown>) =>
    rateQuote(
      tariff,
      quoteOf({
        'CS_POLICY.PACKAGE_ID': 'HOME',
        CT_COVERS: [{ PACKAGE_ID: 'HOME', COVER_ID: 'GLASS', ZZSELECTED_IND: 'X' }],
        ...values,
      }),
      { today: TODAY, newPolicy: false },
    );

  it('keeps every cover for a home lived in, and charges the chosen optional one', () => {
    const rated = rate({ 'CS_PROPERTY.UNOCCUPIED': '1', 'CS_PROPERTY.UNOCCUPIED_DAYS': 30 });
    expect(rated.CT_COVERS.map((c) => c.COVER_ID)).toEqual(['FIRE', 'THEFT', 'GLASS']);
    expect(rated.CT_PACKAGES[0].AMOUNT).toBe(120);
  });

  it('leaves the excluded covers out, and does not charge an excluded optional cover', () => {
    const rated = rate({ 'CS_PROPERTY.UNOCCUPIED': '1', 'CS_PROPERTY.UNOCCUPIED_DAYS': 31 });
    expect(rated.CT_COVERS.map((c) => c.COVER_ID)).toEqual(['FIRE']);
    expect(rated.CT_PACKAGES[0].AMOUNT).toBe(100);
  });
});

describe('a field that re-prices the packages', () => {
  const flow: Flow = {
    id: 'demo',
    area: 'public',
    calls: { price: { method: 'POST', path: '/demo/price', merge: { CT_PACKAGES: 'CT_PACKAGES' } } },
    steps: [
      {
        id: 'plans',
        label: 'steps.plans',
        substeps: [
          {
            id: 'packages',
            kind: 'packages',
            packages: { listPath: 'CT_PACKAGES', offersPath: 'CT_OFFERS', recalculate: 'price' },
            fields: [
              { id: 'EXCESS', path: 'CS_PROPERTY.EXCESS_DEDUCTIBLE', type: 'string', recalculates: true },
              { id: 'NOTE', path: 'CS_PROPERTY.NOTE', type: 'string' },
            ],
          },
        ],
      },
    ],
  };

  function start(packages: { PACKAGE_ID: string; ZZSELECTED_IND: string }[]) {
    const calls: Quote[] = [];
    const services: FlowServices = {
      today: () => TODAY,
      checkPoints: async () => [],
      otpGenerate: async () => {},
      otpValidate: async () => 'ok',
      payment: async () => ({ URL: 'https://provider.example', METHOD: 'POST', FIELDS: {} }),
      call: async (_name, _spec, quote) => {
        calls.push(quote);
        return { CT_PACKAGES: packages.map((p) => ({ ...p, AMOUNT: 90 })) };
      },
    };
    const quote = quoteOf({ CT_PACKAGES: packages, 'CS_PROPERTY.EXCESS_DEDUCTIBLE': 'D400' });
    const actor = createActor(createFlowMachine(flow, services, { quote })).start();
    return { actor, calls };
  }
  const change = (quote: Quote, path: string, value: unknown) =>
    ({ type: 'CHANGE', quote: setPath(quote, path, value) }) as const;

  it('re-prices once a package is chosen and the excess changes', async () => {
    const { actor, calls } = start([{ PACKAGE_ID: 'HOME', ZZSELECTED_IND: 'X' }]);
    actor.send(change(actor.getSnapshot().context.quote, 'CS_PROPERTY.EXCESS_DEDUCTIBLE', 'D1000'));
    await waitFor(actor, (s) => JSON.stringify(s.value).includes('editing') && calls.length === 1);
    expect(calls[0]).toMatchObject({ CS_PROPERTY: { EXCESS_DEDUCTIBLE: 'D1000' } });
    expect(actor.getSnapshot().context.quote).toMatchObject({ CT_PACKAGES: [{ AMOUNT: 90 }] });
  });

  it('does not re-price for other fields, nor before a package is chosen', () => {
    const chosen = start([{ PACKAGE_ID: 'HOME', ZZSELECTED_IND: 'X' }]);
    chosen.actor.send(change(chosen.actor.getSnapshot().context.quote, 'CS_PROPERTY.NOTE', 'x'));
    expect(JSON.stringify(chosen.actor.getSnapshot().value)).toContain('editing');
    const none = start([{ PACKAGE_ID: 'HOME', ZZSELECTED_IND: '' }]);
    none.actor.send(change(none.actor.getSnapshot().context.quote, 'CS_PROPERTY.EXCESS_DEDUCTIBLE', 'D1000'));
    expect(JSON.stringify(none.actor.getSnapshot().value)).toContain('editing');
    expect(chosen.calls.length + none.calls.length).toBe(0);
  });
});

describe('derived counts read booleans as one', () => {
  it('counts the insured children of a list', () => {
    const flow: Pick<Flow, 'derived'> = {
      derived: [{ path: 'CS_TRAVEL.INSURED_CHILDREN', sumOf: 'CT_CHILDREN.*.INSURED' }],
    };
    const q = applyDerived(
      flow,
      quoteOf({ CT_CHILDREN: [{ INSURED: true }, { INSURED: false }, { INSURED: true }] }),
      TODAY,
    );
    expect(q).toMatchObject({ CS_TRAVEL: { INSURED_CHILDREN: 2 } });
  });
});

describe('derived copyOf: the holder address "same as" the insured address (property)', () => {
  const flowFile = async () =>
    (await import('../../src/engine/flow/files')).loadFlowBundles().then((all) => {
      const found = all.find((b) => b.flow.id === 'property');
      if (!found) throw new Error('no property flow');
      return found.flow;
    });
  const insured = {
    'CS_PROPERTY.DISTRICT': 'NIC',
    'CS_PROPERTY.CITY': 'STROVOLOS',
    'CS_PROPERTY.STREET': 'Λεωφόρος Στροβόλου',
    'CS_PROPERTY.STREET_NUMBER': '112',
    'CS_PROPERTY.POSTAL_CODE': '2003',
  };

  it('fills the holder address from the property when the answer is yes', async () => {
    const q = applyDerived(await flowFile(), quoteOf({ ...insured, 'CS_PROPERTY.SAME_ADDRESS': '1' }), TODAY);
    expect(q.CS_POLICY_HOLDER).toMatchObject({
      DISTRICT: 'NIC',
      CITY: 'STROVOLOS',
      STREET: 'Λεωφόρος Στροβόλου',
      STREET_NUMBER: '112',
      POSTAL_CODE: '2003',
    });
  });

  it('leaves the mailing address the visitor typed when the answer is no', async () => {
    const q = applyDerived(
      await flowFile(),
      quoteOf({
        ...insured,
        'CS_PROPERTY.SAME_ADDRESS': '2',
        'CS_POLICY_HOLDER.DISTRICT': 'LIM',
        'CS_POLICY_HOLDER.STREET': 'Αγίας Φυλάξεως',
      }),
      TODAY,
    );
    expect(q.CS_POLICY_HOLDER).toMatchObject({ DISTRICT: 'LIM', STREET: 'Αγίας Φυλάξεως' });
    expect((q.CS_POLICY_HOLDER as Record<string, unknown>).CITY).toBeUndefined();
  });
});

describe('lovExclude: a list of values bound with some values not offered', () => {
  const field: Field = {
    id: 'PAYMENT_METHOD',
    path: 'CS_POLICY.PAYMENT_METHOD',
    type: 'string',
    widget: 'radio',
    lov: 'PAYMENT_METHOD',
    lovExclude: ['CASH'],
  };
  const substep = { id: 'holder', kind: 'payment', fields: [field] } as Substep;
  const lov = ['CARD', 'CARD_SO', 'SEPA_DD', 'CASH'];
  const ctx = { lang: 'en' as const, today: TODAY, lovHas: (_: string, v: string) => lov.includes(v) };

  it('refuses the excluded value even though the list has it, and accepts the others', () => {
    expect(validateSubstep(substep, quoteOf({ 'CS_POLICY.PAYMENT_METHOD': 'CASH' }), ctx)).toHaveLength(1);
    expect(validateSubstep(substep, quoteOf({ 'CS_POLICY.PAYMENT_METHOD': 'SEPA_DD' }), ctx)).toEqual([]);
  });

  it('does not offer it', () => {
    const flow = { id: 'motor', steps: [] } as unknown as Flow;
    const ui: UiContext = {
      lang: 'en',
      t: (k) => k,
      lovOptions: () => lov.map((value) => ({ value, label: value })),
      today: TODAY,
    };
    const entry = substepUiSchema(flow, substep, {}, ui).PAYMENT_METHOD as Record<
      string,
      Record<string, unknown>
    >;
    const offered = entry['ui:options'].options as { value: string }[];
    expect(offered.map((o) => o.value)).toEqual(['CARD', 'CARD_SO', 'SEPA_DD']);
  });
});

describe('the quote carries what spec §3 puts in it', () => {
  it.each([
    ['driver', 'CS_DRIVER'],
    ['travel', 'CS_TRAVEL'],
    ['hunter', 'CS_HUNTER'],
  ])('%s starts with its ACTIVATED flag set', async (id, object) => {
    const { loadFlowBundles } = await import('../../src/engine/flow/files');
    const { initialQuote } = await import('../../src/engine/machine/createFlowMachine');
    const flow = (await loadFlowBundles()).find((b) => b.flow.id === id)?.flow;
    expect(flow).toBeDefined();
    expect((initialQuote(flow as Flow)[object] as Record<string, unknown>).ACTIVATED).toBe('X');
  });
});

describe('autocomplete and placeholder: a field says what the widget cannot guess (issue 24 items 7, 8)', () => {
  const flow = { id: 'register', steps: [] } as unknown as Flow;
  const ui: UiContext = { lang: 'el', t: (k) => `«${k}»`, lovOptions: () => [], today: TODAY };
  const substep = {
    id: 'password',
    kind: 'form',
    fields: [
      {
        id: 'PASSWORD',
        path: 'CS_R.PASSWORD',
        type: 'string',
        widget: 'password',
        autocomplete: 'new-password',
      },
      {
        id: 'HOME',
        path: 'CS_R.HOME',
        type: 'string',
        widget: 'phone',
        placeholder: 'ui:phone.placeholderLandline',
      },
      { id: 'MOBILE', path: 'CS_R.MOBILE', type: 'string', widget: 'phone' },
    ],
  } as Substep;

  it('passes them to the widget, and leaves the widget its own default otherwise', () => {
    const schema = substepUiSchema(flow, substep, {}, ui) as Record<
      string,
      Record<string, Record<string, unknown>>
    >;
    expect(schema.PASSWORD['ui:options'].autoComplete).toBe('new-password');
    expect(schema.HOME['ui:options'].placeholder).toBe('«ui:phone.placeholderLandline»');
    expect(schema.MOBILE['ui:options'].placeholder).toBeUndefined();
  });

  it('the shipped holder asks home and work phones with a landline example, and both new passwords are new-password', async () => {
    const { loadFlowBundles } = await import('../../src/engine/flow/files');
    const bundles = await loadFlowBundles();
    const holder = bundles
      .find((b) => b.flow.id === 'property')
      ?.flow.steps.flatMap((s) => s.substeps)
      .flatMap((s) => s.fields ?? []);
    const byId = (id: string) => holder?.find((f) => f.id === id);
    expect(byId('HOME_PHONE_NO')?.placeholder).toBe('ui:phone.placeholderLandline');
    expect(byId('BUS_PHONE_NO')?.placeholder).toBe('ui:phone.placeholderLandline');
    expect(byId('MOB_PHONE_NO')?.placeholder).toBeUndefined();
    for (const id of ['register', 'reset-password']) {
      const fields = bundles
        .find((b) => b.flow.id === id)
        ?.flow.steps.flatMap((s) => s.substeps)
        .flatMap((s) => s.fields ?? [])
        .filter((f) => f.widget === 'password');
      expect(fields?.length, id).toBe(2);
      for (const f of fields ?? []) expect(f.autocomplete, `${id} ${f.id}`).toBe('new-password');
    }
  });
});
