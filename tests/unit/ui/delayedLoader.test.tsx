// @vitest-environment jsdom
// Loaders show once a wait has lasted 350 ms. A wait that passes from one loader to the next (the
// page's script, then its data) keeps its start: a slow script followed by slow data showed no
// loader until 350 ms after the data's loader mounted (seen in CI as an empty page for 700 ms).

import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));
const { DelayedLoader, LOADER_DELAY_MS } = await import('../../../src/ui/layout/Loader');

const shown = (container: HTMLElement) => container.querySelector('.loader[role="status"]') !== null;

describe('DelayedLoader', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    // Each test starts a new wait, long after any loader of the one before.
    vi.advanceTimersByTime(10_000);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows nothing for 350 ms, then the loader', () => {
    const { container } = render(<DelayedLoader />);
    act(() => vi.advanceTimersByTime(LOADER_DELAY_MS - 1));
    expect(shown(container)).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(shown(container)).toBe(true);
  });

  it('counts a wait handed from one loader to the next from its start', () => {
    const first = render(<DelayedLoader key="script" />);
    act(() => vi.advanceTimersByTime(300));
    first.unmount();
    const second = render(<DelayedLoader key="data" />);
    act(() => vi.advanceTimersByTime(49));
    expect(shown(second.container)).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(shown(second.container)).toBe(true);
  });

  it('shows at once a loader that continues a wait already past 350 ms', () => {
    const first = render(<DelayedLoader key="script" />);
    act(() => vi.advanceTimersByTime(500));
    first.unmount();
    const second = render(<DelayedLoader key="data" />);
    act(() => vi.advanceTimersByTime(0));
    expect(shown(second.container)).toBe(true);
  });

  it('starts a new wait when the last loader went away a while ago', () => {
    const first = render(<DelayedLoader key="one" />);
    act(() => vi.advanceTimersByTime(500));
    first.unmount();
    act(() => vi.advanceTimersByTime(1_000));
    const second = render(<DelayedLoader key="two" />);
    act(() => vi.advanceTimersByTime(LOADER_DELAY_MS - 1));
    expect(shown(second.container)).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(shown(second.container)).toBe(true);
  });
});
