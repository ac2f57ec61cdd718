// The contract detail's object facts come from flows/_catalogues/contractObjectFields.json per product,
// worded by the service (src/server/contracts/objectFacts.ts, the schedule's rule too); IBANs are
// masked; an offer's way into its purchase flow carries the premium the customer accepted.

import { describe, expect, it } from 'vitest';
import objectFields from '../../../flows/_catalogues/contractObjectFields.json';
import el from '../../../locales/el/contracts.json';
import en from '../../../locales/en/contracts.json';
import { maskIban } from '../../../src/portal/contracts/iban';
import { offerFlowLink } from '../../../src/portal/contracts/paths';
import { contractObjectFacts, objectFieldsOf } from '../../../src/server/contracts/objectFacts';

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

  it('formats by kind, words list values in the language and leaves empty fields out', () => {
    const motor = {
      LICENSE_PLATE: 'NNT240',
      MANUFACTURER: 'TOYOTA',
      MODEL: 'RAV4',
      VEHICLE_VALUE: 26000,
      FUEL: '',
    };
    const facts = contractObjectFacts(motor, 'MOTOR', 'en');
    expect(facts.map((f) => f.label).slice(0, 2)).toEqual(['Registration number', 'Make']);
    expect(facts.find((f) => f.field === 'LICENSE_PLATE')?.value).toBe('NNT240');
    expect(facts.find((f) => f.field === 'VEHICLE_VALUE')?.value).toBe('€26,000');
    expect(facts.find((f) => f.field === 'MANUFACTURER')?.value).toMatch(/^toyota$/i);
    expect(facts.some((f) => f.field === 'FUEL')).toBe(false);
    const travel = contractObjectFacts({ OBJECT_TYPE: 'EUROPE', DURATION_DAYS: 12 }, 'TRAVEL', 'en');
    expect(travel.map((f) => f.value)).toEqual(['Europe', '12 days']);
    const greek = contractObjectFacts({ OBJECT_TYPE: 'EUROPE', DURATION_DAYS: 12 }, 'TRAVEL', 'el');
    expect(greek.map((f) => f.value)).toEqual(['Ευρώπη', '12 ημέρες']);
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
