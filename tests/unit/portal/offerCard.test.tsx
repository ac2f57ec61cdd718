// @vitest-environment jsdom
// One offer card serves the dashboard and /my-offers: the same facts in both languages, from one set
// of strings; /my-offers adds the button that reads the offer re-rated today.

import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import elCommon from '../../../locales/el/common.json';
import elContracts from '../../../locales/el/contracts.json';
import enCommon from '../../../locales/en/common.json';
import enContracts from '../../../locales/en/contracts.json';
import type { OfferEntry } from '../../../src/api/portal';
import { addDays, todayInNicosia } from '../../../src/engine/dates';
import { OfferCard } from '../../../src/portal/components/Cards';

afterEach(cleanup);

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: false,
    resources: {
      en: { common: enCommon, contracts: enContracts },
      el: { common: elCommon, contracts: elContracts },
    },
    interpolation: { escapeValue: false },
  });
});

const offer: OfferEntry = {
  OFFER_NO: 'OF900201',
  PRODUCT_ID: '157',
  PRODUCT_CODE: 'PROPERTY',
  SAVE_DATE: '2026-03-02',
  EXPIRY_DATE: '2026-12-31',
  PREMIUM: 312.4,
  OBJECT_DESC: 'Λεωφόρος Αρχιεπισκόπου Μακαρίου Γ΄ 112, Λεμεσός',
};

async function show(lang: 'el' | 'en', entry: OfferEntry, onOpen?: () => void) {
  await i18n.changeLanguage(lang);
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <OfferCard offer={entry} onOpen={onOpen} />
      </MemoryRouter>
    </I18nextProvider>,
  );
  return screen.getByRole('article');
}

describe('OfferCard', () => {
  it('shows the dashboard’s facts and no button when nothing opens the offer', async () => {
    const card = await show('en', offer);
    expect(card.getAttribute('data-offer')).toBe('OF900201');
    expect(within(card).getByRole('heading', { level: 3 }).textContent).toContain('OF900201');
    expect(card.textContent).toContain(offer.OBJECT_DESC);
    for (const label of ['Saved', 'Expires', 'Premium']) expect(within(card).getByText(label)).toBeTruthy();
    expect(card.textContent).toContain('02/03/2026');
    expect(card.textContent).toContain('31/12/2026');
    expect(within(card).queryByRole('button')).toBeNull();
    // It opens the offer where /my-offers opens it, named after it (issue 24 item 4).
    const link = within(card).getByRole('link', { name: 'View offer OF900201' });
    expect(link.getAttribute('href')).toBe('/my-offers?offer=OF900201');
  });

  it('adds /my-offers’ button, named after the offer, which opens it', async () => {
    const onOpen = vi.fn();
    const card = await show('el', offer, onOpen);
    const button = within(card).getByRole('button', { name: 'Προβολή προσφοράς OF900201' });
    expect(button.textContent).toBe('Προβολή προσφοράς');
    fireEvent.click(button);
    expect(onOpen).toHaveBeenCalledTimes(1);
    for (const label of ['Αποθηκεύτηκε', 'Λήγει', 'Ασφάλιστρο'])
      expect(within(card).getByText(label)).toBeTruthy();
  });

  it('warns of an offer expiring within the week and of a premium changed since, in both languages', async () => {
    const soon = { ...offer, EXPIRY_DATE: addDays(todayInNicosia(), 3), DATA_CHANGED: true };
    let card = await show('en', soon);
    expect(card.textContent).toContain('(expires soon)');
    expect(card.textContent).toContain('The premium has changed since the offer was saved.');
    cleanup();
    card = await show('el', soon);
    expect(card.textContent).toContain('(λήγει σύντομα)');
    expect(card.textContent).toContain('Το ασφάλιστρο έχει αλλάξει από τότε που αποθηκεύτηκε η προσφορά.');
  });
});
