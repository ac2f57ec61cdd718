// The contract detail's object facts come from flows/_catalogues/contractObjectFields.json per product; IBANs are masked;
// an offer's way into its purchase flow carries the premium the customer accepted.

import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import objectFields from '../../../flows/_catalogues/contractObjectFields.json';
import el from '../../../locales/el/contracts.json';
import en from '../../../locales/en/contracts.json';
import {
  dependentLovOf,
  lovNamesOf,
  maskIban,
  objectFacts,
  objectFieldsOf,
} from '../../../src/portal/contracts/objectFacts';
import { offerFlowLink } from '../../../src/portal/contracts/paths';

beforeAll(async () => {
  await i18next.init({
    lng: 'en',
    resources: { en: { contracts: en }, el: { contracts: el } },
    defaultNS: 'contracts',
  });
});

describe('object facts', () => {
  it('shows the configured fields of each product, in order, with labels in both languages', () => {
    for (const code of ['MOTOR', 'PROPERTY', 'TRAVEL', 'DRIVER', 'HUNTER', 'CYBER']) {
      const fields = objectFieldsOf(code);
      expect(fields.length, code).toBeGreaterThan(0);
      for (const f of fields) {
        expect((en.object as Record<string, string>)[f.field], `en ${f.field}`).toBeTruthy();
        expect((el.object as Record<string, string>)[f.field], `el ${f.field}`).toBeTruthy();
      }
    }
    expect(Object.keys(objectFields).filter((k) => k !== '$comment')).toHaveLength(6);
  });

  it('formats by kind and leaves empty fields out', () => {
    const t = i18next.getFixedT('en', 'contracts');
    const facts = objectFacts(
      'MOTOR',
      { LICENSE_PLATE: 'NNT240', MANUFACTURER: 'TOYOTA', MODEL: 'RAV4', VEHICLE_VALUE: 26000, FUEL: '' },
      {
        MANUFACTURER: [{ value: 'TOYOTA', label: 'Toyota' }],
        MODEL: [{ value: 'RAV4', label: 'RAV4' }],
      },
      t,
      'en',
    );
    expect(facts.map((f) => [f.label, f.value])).toEqual([
      ['Registration number', 'NNT240'],
      ['Make', 'Toyota'],
      ['Model', 'RAV4'],
      ['Vehicle value', '€26,000'],
    ]);
    const travel = objectFacts('TRAVEL', { OBJECT_TYPE: 'EUROPE', DURATION_DAYS: 12 }, {}, t, 'en');
    expect(travel.map((f) => f.value)).toEqual(['Europe', '12 days']);
    expect(lovNamesOf('PROPERTY')).toContain('BUILDING_TYPE');
    // The models are a make's: asked for as a dependent list, not with the whole ones.
    expect(dependentLovOf('MOTOR')).toEqual({ lov: 'MODEL', key: 'MANUFACTURER' });
    expect(lovNamesOf('MOTOR')).not.toContain('MODEL');
    expect(dependentLovOf('PROPERTY')).toBeNull();
  });

  it('masks an IBAN to its country, check digits and last four', () => {
    expect(maskIban('CY17 0020 0128 0000 0012 0052 7600')).toBe('CY17 •••• •••• •••• •••• •••• 7600');
    expect(maskIban('CY17')).toBe('');
  });
});

describe('offer link', () => {
  const offer = {
    OFFER_NO: 'OF900112',
    PRODUCT_ID: '157',
    PRODUCT_CODE: 'PROPERTY',
    SAVE_DATE: '',
    EXPIRY_DATE: '',
    PREMIUM: 498,
  };
  it('uses the service link, adding the accepted premium', () => {
    const link = '/property/offer/1?offer=OF900112&token=abc';
    expect(offerFlowLink({ ...offer, LINK: link })).toBe(link);
    expect(offerFlowLink({ ...offer, LINK: link }, 525.96)).toBe(`${link}&price=525.96`);
  });
  it('falls back to the flow route without a link, and ignores a link to another site', () => {
    expect(offerFlowLink(offer)).toBe('/property/offer/1?offer=OF900112&product=157');
    expect(offerFlowLink({ ...offer, LINK: '//evil.example/x' })).toBe(
      '/property/offer/1?offer=OF900112&product=157',
    );
    expect(offerFlowLink({ ...offer, LINK: 'https://evil.example/x' })).toBe(
      '/property/offer/1?offer=OF900112&product=157',
    );
  });
});
