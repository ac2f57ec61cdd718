// @vitest-environment jsdom
// Automatic logout after inactivity with a warning first (spec §4, WCAG 2.2.1): the warning a
// minute before the service's timeout, "stay" refreshing the session, a click counting as
// activity, and the logout to Login when nobody answers.

import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next, initI18n } from '../../../src/i18n';

const calls = vi.hoisted(() => ({ refresh: 0, logout: 0, session: 0, refreshAnswer: {} as unknown }));
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  refreshSession: async () => {
    calls.refresh++;
    return calls.refreshAnswer;
  },
}));
vi.mock('../../../src/api/portal', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/portal')>()),
  logout: async () => {
    calls.logout++;
    return true;
  },
  getSession: async () => {
    calls.session++;
    return { LOGGED_IN: true };
  },
}));

const { InactivityWarning } = await import('../../../src/portal/layout/InactivityWarning');
const { clearSession, currentSession, startSession } = await import('../../../src/portal/state/session');

let clock = 0;
const now = () => clock;

beforeAll(async () => {
  localStorage.setItem('lang', 'en');
  await initI18n();
  await i18next.loadNamespaces(['common', 'portal']);
});

beforeEach(() => {
  vi.useFakeTimers();
  clock = 1_000_000;
  Object.assign(calls, { refresh: 0, logout: 0, session: 0, refreshAnswer: { LOGGED_IN: true } });
  startSession({ LOGGED_IN: true, USER_ID: 'U1', CUSTOMER_NO: '1', INACTIVITY_SECONDS: 120 } as never);
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.useRealTimers();
});

function mount() {
  const router = createMemoryRouter(
    [
      { path: '/my-dashboard', element: <InactivityWarning now={now} /> },
      { path: '/login', element: <h1>Login page</h1> },
    ],
    { initialEntries: ['/my-dashboard'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** Lets `seconds` pass on the clock and the interval alike. */
async function pass(seconds: number) {
  for (let i = 0; i < seconds; i++) {
    clock += 1000;
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
  }
}

describe('<InactivityWarning>', () => {
  it('warns a minute before the timeout, and "stay" refreshes the session', async () => {
    mount();
    await pass(59);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await pass(2);
    const dialog = screen.getByRole('alertdialog', { name: 'Are you still there?' });
    expect(dialog.textContent).toMatch(/logged out automatically in 59 seconds/);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stay logged in' })));
    expect(calls.refresh).toBe(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // The count starts again from the answer.
    await pass(59);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('a click is activity: it pushes the warning back and tells the service at most once a minute', async () => {
    mount();
    await pass(50);
    fireEvent.click(document.body);
    await pass(50);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.session).toBe(0);
    await pass(5);
    fireEvent.click(document.body);
    expect(calls.session).toBe(1);
  });

  it('without an answer it logs out and goes to Login, saying why', async () => {
    const router = mount();
    await pass(121);
    expect(calls.logout).toBe(1);
    expect(currentSession()).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?reason=inactivity');
  });
});
