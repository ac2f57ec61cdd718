// @vitest-environment jsdom
// The dev route in the app's router: /dev/flows is there in development and absent when
// import.meta.env.DEV is false, as in the production build (where the branch is dropped).

import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../../../src/app/router';
import { i18next, initI18n } from '../../../src/i18n';
import { resetNavigationState } from '../../../src/shell/guards';
import { previewFetch } from './support';

beforeAll(async () => {
  localStorage.setItem('lang', 'en');
  await initI18n();
  await i18next.loadNamespaces(['common', 'pages', 'dev']);
});

beforeEach(() => {
  resetNavigationState();
  vi.stubGlobal('fetch', previewFetch());
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

const open = (path: string) =>
  render(<RouterProvider router={createMemoryRouter(appRoutes(), { initialEntries: [path] })} />);

describe('the /dev/flows route', () => {
  it('serves the flow preview in development', async () => {
    open('/dev/flows');
    // The first load of the lazy route transforms the form engine: give it time.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Flow preview' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(document.querySelector('[data-flow="driver"]')).not.toBeNull();
  });

  it('is not a route when import.meta.env.DEV is false', async () => {
    vi.stubEnv('DEV', false);
    open('/dev/flows');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByText('Flow preview')).toBeNull();
  });
});
