// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZcpError } from '../../../src/api/errors';
import * as zcp from '../../../src/api/zcp';
import { PromoPage } from '../../../src/app/pages/PromoPage';
import { clearRouteHistory, recordRoute } from '../../../src/app/routeHistory';
import { clearPromo, getPromo } from '../../../src/app/state/promo';
import { i18next, initI18n } from '../../../src/i18n';

vi.mock('../../../src/api/zcp', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/zcp')>()),
  validatePromo: vi.fn(),
  getLovMulti: vi.fn(),
}));

const validatePromo = vi.mocked(zcp.validatePromo);
const getLovMulti = vi.mocked(zcp.getLovMulti);

const DISTRICTS = [
  {
    LOV_NAME: 'DISTRICT',
    LOV_VALUE: [
      { VALUE: 'NIC', TEXT: 'Nicosia' },
      { VALUE: 'LIM', TEXT: 'Limassol' },
      { VALUE: 'LAR', TEXT: 'Larnaca' },
    ],
  },
];

function renderPromo(entry = '/promo') {
  const router = createMemoryRouter(
    [
      { path: '/promo', element: <PromoPage /> },
      { path: '*', element: <p>somewhere else</p> },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const codeInput = () => screen.getByRole('textbox', { name: 'Promo code' });
const apply = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Apply code' })));

beforeAll(async () => {
  localStorage.setItem('lang', 'en');
  await initI18n();
  await i18next.loadNamespaces(['common', 'pages', 'validation']);
});

beforeEach(() => {
  clearPromo();
  clearRouteHistory();
  validatePromo.mockReset();
  getLovMulti.mockReset();
  getLovMulti.mockResolvedValue(DISTRICTS);
});

afterEach(cleanup);

describe('/promo', () => {
  it('keeps a valid code for the flows and returns to the returnTo path', async () => {
    validatePromo.mockResolvedValue(true);
    const router = renderPromo('/promo?returnTo=%2Fmotor%2Foffer%2F2');
    expect(screen.getByRole('heading', { level: 1, name: 'Promo or reference code' })).toBeTruthy();
    fireEvent.change(codeInput(), { target: { value: 'summer25' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Insurance intermediary code/ }), {
      target: { value: 'AG-1042' },
    });
    const district = await screen.findByRole('option', { name: 'Limassol' });
    fireEvent.change(district.closest('select') as HTMLSelectElement, { target: { value: 'LIM' } });
    await apply();
    expect(validatePromo).toHaveBeenCalledWith('SUMMER25', { quiet: true });
    expect(getPromo()).toEqual({ PROMO_CODE_CP: 'SUMMER25', AGENT_CODE: 'AG-1042', DISTRICT: 'LIM' });
    expect(router.state.location.pathname).toBe('/motor/offer/2');
  });

  it('stores a reference code under PROMO_CODE_TIS and goes back where the visitor came from', async () => {
    validatePromo.mockResolvedValue(true);
    recordRoute('/travel/offer/2');
    const router = renderPromo();
    fireEvent.click(screen.getByRole('radio', { name: 'Reference code' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Reference code' }), {
      target: { value: 'TIS7781' },
    });
    await apply();
    expect(getPromo()).toEqual({ PROMO_CODE_TIS: 'TIS7781' });
    expect(router.state.location.pathname).toBe('/travel/offer/2');
  });

  it('says exactly "The promo code is wrong." for a 422 and keeps nothing', async () => {
    validatePromo.mockRejectedValue(
      new ZcpError(422, 'Unprocessable Entity', {
        MESSAGES: [{ MSGTEXT: 'Άγνωστος κωδικός', CODE: 'INVALID' }],
      }),
    );
    const router = renderPromo();
    fireEvent.change(codeInput(), { target: { value: 'NOPE' } });
    await apply();
    expect((await screen.findByRole('alert')).textContent).toBe('The promo code is wrong.');
    expect(getPromo()).toBeNull();
    expect(router.state.location.pathname).toBe('/promo');
  });

  it('tells apart a service failure from a wrong code', async () => {
    validatePromo.mockRejectedValue(new ZcpError(0, 'Network error'));
    renderPromo();
    fireEvent.change(codeInput(), { target: { value: 'SUMMER25' } });
    await apply();
    expect((await screen.findByRole('alert')).textContent).toContain('We cannot check the code right now');
    expect(screen.queryByText('The promo code is wrong.')).toBeNull();
  });

  it('asks for a code before calling the service', async () => {
    renderPromo();
    await apply();
    expect(validatePromo).not.toHaveBeenCalled();
    expect(codeInput().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('This field is required.')).toBeTruthy();
  });

  it('shows a failed load with a retry when the districts cannot be read', async () => {
    getLovMulti.mockRejectedValueOnce(new ZcpError(503, 'Service Unavailable'));
    renderPromo();
    expect((await screen.findByRole('alert')).textContent).toContain('We could not load the districts.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(await screen.findByRole('option', { name: 'Nicosia' })).toBeTruthy();
    expect(getLovMulti).toHaveBeenCalledTimes(2);
  });
});
