// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZcpError } from '../../../src/api/errors';
import type { FaqAnswer } from '../../../src/api/types';
import * as zcp from '../../../src/api/zcp';
import { HelpPage, searchFaqs, searchForm } from '../../../src/app/pages/HelpPage';
import { i18next, initI18n } from '../../../src/i18n';

vi.mock('../../../src/api/zcp', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/zcp')>()),
  getFaqs: vi.fn(),
}));

const getFaqs = vi.mocked(zcp.getFaqs);

const FAQS: FaqAnswer = {
  CATEGORIES: [
    { ID: 'BUY', TEXT: 'Buying online' },
    { ID: 'PAYMENT', TEXT: 'Payment' },
  ],
  QUESTIONS: [
    {
      ID: 'Q1',
      CATEGORY_ID: 'BUY',
      QUESTION: 'Πώς αγοράζω ασφάλιση αυτοκινήτου online;',
      ANSWER: 'Επιλέξτε «Αυτοκίνητο» και συμπληρώστε τον αριθμό εγγραφής.',
    },
    {
      ID: 'Q2',
      CATEGORY_ID: 'PAYMENT',
      QUESTION: 'Which cards do you accept?',
      ANSWER: 'Visa and Mastercard, through a secure payment page.',
    },
    {
      ID: 'Q3',
      CATEGORY_ID: 'PAYMENT',
      QUESTION: 'Πότε χρεώνεται η κάρτα μου;',
      ANSWER: 'Τη στιγμή της ΑΓΟΡΆΣ του ασφαλιστηρίου.',
    },
  ],
};

function renderHelp() {
  const router = createMemoryRouter([{ path: '/help-page', element: <HelpPage /> }], {
    initialEntries: ['/help-page'],
  });
  render(<RouterProvider router={router} />);
}

const questions = () => [...document.querySelectorAll('details.faq > summary')].map((s) => s.textContent);

beforeAll(async () => {
  localStorage.setItem('lang', 'en');
  await initI18n();
  await i18next.loadNamespaces(['common', 'pages']);
});

beforeEach(() => {
  getFaqs.mockReset();
});
afterEach(cleanup);

describe('search form', () => {
  it('ignores accents, case and the final sigma', () => {
    expect(searchForm('ΑΣΦΆΛΙΣΗΣ')).toBe('ασφαλισησ');
    expect(searchForm('ασφαλισης')).toBe(searchForm('Ασφάλισης'));
    expect(searchForm('Ϊ ΐ')).toBe('ι ι');
  });

  it('needs every word of the query', () => {
    expect(searchFaqs(FAQS.QUESTIONS, 'αγορα').map((q) => q.ID)).toEqual(['Q1', 'Q3']);
    expect(searchFaqs(FAQS.QUESTIONS, 'αγορασ').map((q) => q.ID)).toEqual(['Q3']);
    expect(searchFaqs(FAQS.QUESTIONS, 'ΑΓΟΡΑΣ ασφαλιστηριου').map((q) => q.ID)).toEqual(['Q3']);
    expect(searchFaqs(FAQS.QUESTIONS, 'visa')).toHaveLength(1);
    expect(searchFaqs(FAQS.QUESTIONS, '  ')).toHaveLength(3);
    expect(searchFaqs(FAQS.QUESTIONS, 'λεωφορείο')).toHaveLength(0);
  });
});

describe('/help-page', () => {
  it('lists the FAQs, filters by category and searches without accents', async () => {
    getFaqs.mockResolvedValue(FAQS);
    renderHelp();
    expect(screen.getByRole('heading', { level: 1, name: 'Help' })).toBeTruthy();
    expect(await screen.findByText('3 questions found.')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Payment' })));
    expect(screen.getByRole('button', { name: 'Payment' }).getAttribute('aria-pressed')).toBe('true');
    expect(questions()).toEqual(['Which cards do you accept?', 'Πότε χρεώνεται η κάρτα μου;']);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'All' })));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the FAQs' }), {
      target: { value: 'ΑΣΦΑΛΙΣΗ' },
    });
    expect(questions()).toEqual(['Πώς αγοράζω ασφάλιση αυτοκινήτου online;']);
    expect(screen.getByText('1 question found.')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the FAQs' }), {
      target: { value: 'xyz' },
    });
    expect(screen.getByText('0 questions found.')).toBeTruthy();
  });

  it('shows a failed load with a retry, and the contact block either way', async () => {
    getFaqs.mockRejectedValueOnce(new ZcpError(0, 'Network error')).mockResolvedValueOnce(FAQS);
    renderHelp();
    expect((await screen.findByRole('alert')).textContent).toContain('We could not load this information');
    expect(screen.getByRole('link', { name: 'Ask us to call you' }).getAttribute('href')).toBe('/contact');
    expect(screen.getByRole('link', { name: '8000 8787' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(await screen.findByText('3 questions found.')).toBeTruthy();
    expect(getFaqs).toHaveBeenCalledTimes(2);
  });
});
