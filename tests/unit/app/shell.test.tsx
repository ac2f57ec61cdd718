// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Greeting } from '../../../src/app/layout/Greeting';
import { TopBar } from '../../../src/app/layout/TopBar';
import { applyThemeFromQuery, currentTheme, themeFromQuery } from '../../../src/app/state/theme';
import { i18next, initI18n } from '../../../src/i18n';
import { ExpiringSoonNotice, isExpiringSoon } from '../../../src/ui/components/ExpiringSoonNotice';
import { ChunkLoadError, LazyBoundary, lazyWithTimeout, withTimeout } from '../../../src/ui/lazy';

beforeAll(async () => {
  localStorage.setItem('lang', 'en');
  await initI18n();
  await i18next.loadNamespaces(['common', 'pages']);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('greeting', () => {
  it('greets by the time in Cyprus, morning before 12:00', () => {
    // 09:59 UTC is 11:59 in Nicosia in winter (UTC+2).
    render(<Greeting now={() => new Date('2026-01-15T09:59:00Z')} />);
    expect(screen.getByText('Good morning')).toBeTruthy();
    cleanup();
    render(<Greeting now={() => new Date('2026-01-15T10:00:00Z')} />);
    expect(screen.getByText('Good afternoon')).toBeTruthy();
    cleanup();
    // 15:30 UTC is 18:30 in Nicosia in summer (UTC+3).
    render(<Greeting now={() => new Date('2026-07-15T15:30:00Z')} />);
    expect(screen.getByText('Good evening')).toBeTruthy();
  });
});

describe('theme', () => {
  it('follows ref=1|2 and keeps the visit theme when the query has no ref', () => {
    expect(themeFromQuery('?ref=1')).toBe('brand1');
    expect(themeFromQuery('?ref=2&x=1')).toBe('brand2');
    expect(themeFromQuery('?ref=9')).toBe('gic');
    expect(themeFromQuery('?x=1')).toBeNull();
    applyThemeFromQuery('?ref=2');
    expect(document.documentElement.dataset.theme).toBe('brand2');
    applyThemeFromQuery('?page=2');
    expect(currentTheme()).toBe('brand2');
    expect(sessionStorage.getItem('zcp.theme')).toBe('brand2');
    applyThemeFromQuery('?ref=0');
    expect(document.documentElement.dataset.theme).toBe('gic');
  });
});

describe('expiring soon', () => {
  it('flags offers that expire within 7 days of today', () => {
    expect(isExpiringSoon('2026-03-12', '2026-03-05')).toBe(true);
    expect(isExpiringSoon('2026-03-05', '2026-03-05')).toBe(true);
    expect(isExpiringSoon('2026-03-13', '2026-03-05')).toBe(false);
    expect(isExpiringSoon('2026-03-04', '2026-03-05')).toBe(false);
    expect(isExpiringSoon('0000-00-00', '2026-03-05')).toBe(false);
    expect(isExpiringSoon(undefined, '2026-03-05')).toBe(false);
  });

  it('renders the notice with the date', () => {
    render(<ExpiringSoonNotice expiryDate="2026-03-08" today="2026-03-05" />);
    expect(screen.getByRole('status').textContent).toBe(
      'Expiring soon: this offer is valid until 08/03/2026 (in 3 days).',
    );
    cleanup();
    const { container } = render(<ExpiringSoonNotice expiryDate="2026-04-30" today="2026-03-05" />);
    expect(container.textContent).toBe('');
  });
});

describe('lazily loaded areas', () => {
  it('times out after the given time', async () => {
    vi.useFakeTimers();
    const never = new Promise<string>(() => {});
    const result = withTimeout(never, 120_000).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(119_999);
    await vi.advanceTimersByTimeAsync(1);
    const error = await result;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).timedOut).toBe(true);
  });

  it('shows a translated error for a chunk that fails, and loads it again on retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let calls = 0;
    const Area = lazyWithTimeout(async () => {
      calls++;
      if (calls === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return { default: () => <p>area loaded</p> };
    });
    render(
      <LazyBoundary>
        <Area />
      </LazyBoundary>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This part of the page could not be loaded.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(await screen.findByText('area loaded')).toBeTruthy();
    expect(calls).toBe(2);
  });

  it('says so when an area takes too long', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Area = lazyWithTimeout(() => new Promise<{ default: () => null }>(() => {}), 20);
    render(
      <LazyBoundary>
        <Area />
      </LazyBoundary>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('taking too long');
  });
});

describe('top bar on a phone', () => {
  it('folds the menu behind a button under 992 px', async () => {
    vi.useFakeTimers();
    const width = window.innerWidth;
    const router = createMemoryRouter([{ path: '*', element: <TopBar /> }], { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('navigation', { name: 'Products' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();

    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
    fireEvent(window, new Event('resize'));
    await act(async () => vi.advanceTimersByTimeAsync(349));
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(1));
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Products' })).toBeNull();
    expect(screen.getByRole('link', { name: /Call us: 8000 8787/ }).getAttribute('href')).toBe(
      'tel:+35780008787',
    );

    fireEvent.click(button);
    expect(screen.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('navigation', { name: 'Products' })).toBeTruthy();
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  });
});
