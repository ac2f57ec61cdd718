// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZcpError } from '../../../src/api/errors';
import * as zcp from '../../../src/api/zcp';
import { ContactPage } from '../../../src/app/pages/ContactPage';
import { ErrorPage } from '../../../src/app/pages/ErrorPage';
import { clearAppError, setAppError } from '../../../src/app/state/errorState';
import { i18next, initI18n } from '../../../src/i18n';

vi.mock('../../../src/api/zcp', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/zcp')>()),
  sendContactRequest: vi.fn(),
}));

const sendContactRequest = vi.mocked(zcp.sendContactRequest);

function renderAt(entry: string) {
  const router = createMemoryRouter(
    [
      { path: '/contact', element: <ContactPage /> },
      { path: '/error', element: <ErrorPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const type = (name: string | RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
const select = (name: string | RegExp, value: string) =>
  fireEvent.change(screen.getByRole('combobox', { name }), { target: { value } });
const submit = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send request' })));

function fillValid() {
  type('Full name', 'Μαρία Κωνσταντίνου');
  type('Phone', '99 123456');
  type('Email', 'maria.k@example.com.cy');
}

beforeAll(async () => {
  localStorage.setItem('lang', 'en');
  await initI18n();
  await i18next.loadNamespaces(['common', 'pages', 'validation']);
});

beforeEach(() => {
  sendContactRequest.mockReset();
  clearAppError();
});

afterEach(cleanup);

describe('/contact', () => {
  it('sends the call-back request and promises a call within two working days', async () => {
    sendContactRequest.mockResolvedValue({ REFERENCE: 'CB1042', DUE_DATE: '2026-03-10' });
    renderAt('/contact?product=motor&offer=OF20260001');
    expect(screen.getByRole('heading', { level: 1, name: 'Call me back' })).toBeTruthy();
    expect(
      (screen.getByRole('combobox', { name: 'Which product is it about?' }) as HTMLSelectElement).value,
    ).toBe('MOTOR');
    fillValid();
    select(/^When would you like us to call/, '10:30');
    type(/^Message/, 'Θα ήθελα ασφάλεια για καινούργιο αυτοκίνητο αξίας 85.000 ευρώ.');
    await submit();
    expect(sendContactRequest).toHaveBeenCalledWith(
      {
        FULL_NAME: 'Μαρία Κωνσταντίνου',
        MOB_PHONE_NO: '99123456',
        MAIL_ADDRESS: 'maria.k@example.com.cy',
        PREFERRED_TIME: '10:30',
        PRODUCT: 'MOTOR',
        MESSAGE: 'Θα ήθελα ασφάλεια για καινούργιο αυτοκίνητο αξίας 85.000 ευρώ.',
        LANGUAGE: 'en',
        OFFER_NO: 'OF20260001',
      },
      { quiet: true },
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We have received your request' }),
    ).toBeTruthy();
    expect(screen.getByText('Thank you! We will call you within two working days.')).toBeTruthy();
    expect(screen.getByText('CB1042')).toBeTruthy();
    expect(screen.getByText('10/03/2026')).toBeTruthy();
  });

  it('checks the fields before sending', async () => {
    renderAt('/contact');
    await submit();
    expect(sendContactRequest).not.toHaveBeenCalled();
    expect(screen.getAllByText('This field is required.')).toHaveLength(4);
    type('Phone', '12345');
    type('Email', 'maria@');
    await submit();
    expect(screen.getByText(/Enter a valid 8-digit Cypriot phone number/)).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Phone' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('counts the message characters up to 1024', () => {
    renderAt('/contact');
    const message = screen.getByRole('textbox', { name: /^Message/ });
    expect(message.getAttribute('maxlength')).toBe('1024');
    fireEvent.change(message, { target: { value: 'Καλησπέρα' } });
    expect(screen.getByText('9 of 1024 characters')).toBeTruthy();
  });

  it('keeps the form and says so when the request fails', async () => {
    sendContactRequest.mockRejectedValue(new ZcpError(503, 'Service Unavailable'));
    renderAt('/contact');
    fillValid();
    select('Which product is it about?', 'PROPERTY');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toContain('We could not send your request');
    expect((screen.getByRole('textbox', { name: 'Full name' }) as HTMLInputElement).value).toBe(
      'Μαρία Κωνσταντίνου',
    );
  });

  it('passes the referral code and product of the error state on', async () => {
    sendContactRequest.mockResolvedValue({ REFERENCE: 'CB7', DUE_DATE: '2026-03-10' });
    setAppError({ message: 'Vehicle value above the online limit', code: '2', product: 'motor' });
    renderAt('/contact');
    fillValid();
    await submit();
    expect(sendContactRequest.mock.calls[0][0]).toMatchObject({ PRODUCT: 'MOTOR', ERROR_TEXT_TYPE: '2' });
  });

  it('a call-back started from a referral carries its type, check point and offer', async () => {
    sendContactRequest.mockResolvedValue({ REFERENCE: 'CB8', DUE_DATE: '2026-03-10' });
    renderAt('/contact?product=driver&type=1&check=3&offer=OF20260042');
    fillValid();
    await submit();
    expect(sendContactRequest.mock.calls[0][0]).toMatchObject({
      PRODUCT: 'DRIVER',
      ERROR_TEXT_TYPE: '1',
      CHECK_NUMBER: '3',
      OFFER_NO: 'OF20260042',
    });
  });

  it('ignores a check point or offer that is not well formed', async () => {
    sendContactRequest.mockResolvedValue({ REFERENCE: 'CB9', DUE_DATE: '2026-03-10' });
    renderAt('/contact?product=driver&type=1&check=3;drop&offer=x');
    fillValid();
    await submit();
    const sent = sendContactRequest.mock.calls[0][0] as unknown as Record<string, unknown>;
    expect(sent.CHECK_NUMBER).toBeUndefined();
    expect(sent.OFFER_NO).toBeUndefined();
  });
});

describe('/error', () => {
  it('shows the message and offers a call-back for codes 1, 2 and 5', async () => {
    setAppError({
      message: 'We cannot insure a vehicle worth more than €70,000 online.',
      code: '5',
      product: 'motor',
    });
    const router = renderAt('/error');
    expect(screen.getByRole('heading', { level: 1, name: 'You cannot continue online' })).toBeTruthy();
    expect(screen.getByText('We cannot insure a vehicle worth more than €70,000 online.')).toBeTruthy();
    expect(screen.getByRole('link', { name: '8000 8787' }).getAttribute('href')).toBe('tel:+35780008787');
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Call me back' })));
    expect(router.state.location.pathname).toBe('/contact');
    expect(router.state.location.search).toBe('?product=motor');
  });

  it('reads the error from the query and offers no call-back for other codes', () => {
    renderAt('/error?message=Bad%20Request&code=3&product=travel');
    expect(screen.getByText('Bad Request')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Call me back' })).toBeNull();
  });
});
