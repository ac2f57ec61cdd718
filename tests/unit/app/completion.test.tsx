// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZcpError } from '../../../src/api/errors';
import type { OrderStatusAnswer } from '../../../src/api/types';
import * as zcp from '../../../src/api/zcp';
import { PaymentCompletionPage } from '../../../src/app/pages/PaymentCompletionPage';
import { i18next, initI18n } from '../../../src/i18n';

vi.mock('../../../src/api/zcp', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/zcp')>()),
  getOrderStatus: vi.fn(),
}));

const getOrderStatus = vi.mocked(zcp.getOrderStatus);

const order = (over: Partial<OrderStatusAnswer>): OrderStatusAnswer => ({
  ORDER_ID: 'ORD-5521',
  STATUS: 'PENDING',
  OFFER_NO: 'OF20260042',
  PRODUCT_ID: '157',
  AMOUNT: 1234.5,
  ...over,
});

function renderCompletion(maxTries = 4) {
  const router = createMemoryRouter(
    [
      {
        path: '/payment-completion/:id',
        element: <PaymentCompletionPage pollIntervalMs={5} maxTries={maxTries} />,
      },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/payment-completion/ORD-5521'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeAll(async () => {
  localStorage.setItem('lang', 'en');
  await initI18n();
  await i18next.loadNamespaces(['common', 'pages']);
});

beforeEach(() => {
  getOrderStatus.mockReset();
});
afterEach(cleanup);

describe('/payment-completion/:id', () => {
  it('polls while PENDING, then shows success with the contract number and the amount', async () => {
    getOrderStatus
      .mockResolvedValueOnce(order({}))
      .mockResolvedValueOnce(order({}))
      .mockResolvedValue(order({ STATUS: 'SUCCESS', CONTRACT_NO: 'PR2026000187' }));
    renderCompletion();
    expect(screen.getByRole('heading', { level: 1, name: 'Checking your payment' })).toBeTruthy();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment completed successfully' }),
    ).toBeTruthy();
    expect(getOrderStatus).toHaveBeenCalledTimes(3);
    expect(getOrderStatus).toHaveBeenCalledWith('ORD-5521');
    expect(screen.getByText('PR2026000187')).toBeTruthy();
    expect(screen.getByText('€1,235')).toBeTruthy();
  });

  it('shows "successful with pending premium"', async () => {
    getOrderStatus.mockResolvedValue(order({ STATUS: 'SUCCESS_PENDING', CONTRACT_NO: 'PR2026000188' }));
    renderCompletion();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment successful, with the premium pending' }),
    ).toBeTruthy();
  });

  it('shows "Payment not completed successfully" with retry and call-back options', async () => {
    getOrderStatus.mockResolvedValue(order({ STATUS: 'FAILED', MESSAGE: 'The card was declined.' }));
    const router = renderCompletion();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment not completed successfully' }),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('The card was declined.');
    expect(screen.getByRole('link', { name: 'Try the payment again' }).getAttribute('href')).toBe(
      '/property/offer/1',
    );
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Call me back' })));
    expect(router.state.location.pathname).toBe('/contact');
    expect(new URLSearchParams(router.state.location.search).get('product')).toBe('property');
  });

  it('sends a failed motor payment back to motor: its ids come from a lookup, the paying flow says', async () => {
    sessionStorage.setItem('payment:flow', 'motor');
    getOrderStatus.mockResolvedValue(order({ STATUS: 'FAILED', PRODUCT_ID: '121' }));
    renderCompletion();
    const retry = await screen.findByRole('link', { name: 'Try the payment again' });
    expect(retry.getAttribute('href')).toBe('/motor/offer/1');
    sessionStorage.clear();
  });

  it('without the paying flow, an unknown id sends the visitor home rather than to a wrong product', async () => {
    getOrderStatus.mockResolvedValue(order({ STATUS: 'FAILED', PRODUCT_ID: '121' }));
    renderCompletion();
    const retry = await screen.findByRole('link', { name: 'Try the payment again' });
    expect(retry.getAttribute('href')).toBe('/');
  });

  it('stops after the last try and lets the visitor check again', async () => {
    getOrderStatus.mockResolvedValue(order({}));
    renderCompletion(3);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your payment is being processed' }),
    ).toBeTruthy();
    expect(getOrderStatus).toHaveBeenCalledTimes(3);
    getOrderStatus.mockResolvedValue(order({ STATUS: 'SUCCESS', CONTRACT_NO: 'PR1' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Check again' })));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment completed successfully' }),
    ).toBeTruthy();
  });

  it('stops at once for an order the service does not know, and says what happened and what to do', async () => {
    getOrderStatus.mockRejectedValue(new ZcpError(404, 'Not Found'));
    renderCompletion(10);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'The outcome of your payment cannot be shown here',
      }),
    ).toBeTruthy();
    expect(getOrderStatus).toHaveBeenCalledTimes(1);
    // Another browser or host name: the e-mail has the outcome; asking again here cannot help.
    expect(screen.getByText(/The outcome has been e-mailed to you/)).toBeTruthy();
    expect(screen.getByText(/do not pay again/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('says when the status cannot be read at all, with a retry', async () => {
    getOrderStatus.mockRejectedValue(new ZcpError(0, 'Network error'));
    renderCompletion(2);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not check your payment' }),
    ).toBeTruthy();
    expect(getOrderStatus).toHaveBeenCalledTimes(2);
    getOrderStatus.mockReset();
    getOrderStatus.mockResolvedValue(order({ STATUS: 'FAILED' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(await screen.findByText('The transaction was not approved.')).toBeTruthy();
  });
});
