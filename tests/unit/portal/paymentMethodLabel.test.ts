// A contract's payment method as the portal names it: a card with the provider's binding is a
// standing order on that card, with a label of its own in both languages on the contract page and
// the payment-method page; a card without one, a direct debit and cash keep theirs.

import { describe, expect, it } from 'vitest';
import elContracts from '../../../locales/el/contracts.json';
import elPaymethod from '../../../locales/el/paymethod.json';
import enContracts from '../../../locales/en/contracts.json';
import enPaymethod from '../../../locales/en/paymethod.json';
import { paymentMethodLabel } from '../../../src/engine/paymentMethod';

describe('paymentMethodLabel', () => {
  it('names a card with a binding a standing order, and every other method as it is', () => {
    expect(paymentMethodLabel({ PAYMENT_METHOD: 'CARD', BINDING_ID: 'BND-900101-7f3a' })).toBe('CARD_SO');
    expect(paymentMethodLabel({ PAYMENT_METHOD: 'CARD', BINDING_ID: '' })).toBe('CARD');
    expect(paymentMethodLabel({ PAYMENT_METHOD: 'CARD' })).toBe('CARD');
    expect(paymentMethodLabel({ PAYMENT_METHOD: 'DIRECT_DEBIT', BINDING_ID: '' })).toBe('DIRECT_DEBIT');
    expect(paymentMethodLabel({ PAYMENT_METHOD: 'CASH' })).toBe('CASH');
  });

  it('has a label for each in both languages, the standing order saying so', () => {
    const labels = ['CARD', 'CARD_SO', 'DIRECT_DEBIT', 'CASH'] as const;
    for (const [lang, contracts, paymethod] of [
      ['el', elContracts, elPaymethod],
      ['en', enContracts, enPaymethod],
    ] as const) {
      const methods = contracts.detail.methods as Record<string, string>;
      const current = paymethod.current as Record<string, string>;
      for (const key of labels) {
        expect(methods[key], `${lang} contracts:detail.methods.${key}`).toBeTruthy();
        expect(current[key], `${lang} paymethod:current.${key}`).toBeTruthy();
      }
      expect(new Set(labels.map((k) => methods[k])).size, lang).toBe(labels.length);
    }
    expect(elContracts.detail.methods.CARD_SO).toBe('Πάγια εντολή σε κάρτα');
    expect(enContracts.detail.methods.CARD_SO).toBe('Card standing order');
    expect(elPaymethod.current.CARD_SO).toContain('{{expiry}}');
    // A card paid once has no expiry on record: its sentence does not ask for one.
    expect(enPaymethod.current.CARD).not.toContain('{{expiry}}');
  });
});
