// @vitest-environment jsdom
// Issue 17 item 15: after a vehicle search the Make select showed "Choose…" for a moment. Each new
// address mounts the page again (the layout keys its boundary by path), so the flow runner started
// with no lists and drew every select empty until /lov/multi answered again. The service's lists are
// kept for the visit: a runner mounted again has them on its first render and does not ask twice.

import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Flow, Quote } from '../../../src/engine/flow/types';

const api = vi.hoisted(() => ({
  getLovMulti: vi.fn(),
  getLovDependent: vi.fn(),
  callZcp: vi.fn(),
}));
vi.mock('../../../src/api/zcp', () => api);

const { clearLovCache, useLovs } = await import('../../../src/ui/flow/useLovs');

const flow = {
  id: 'motor',
  area: 'public',
  lovs: [
    { name: 'MANUFACTURER' },
    { name: 'MODEL', dependsOn: [{ key: 'MANUFACTURER', path: 'CS_VEHICLE.MANUFACTURER' }] },
  ],
  steps: [],
} as unknown as Flow;
const quote = { CS_VEHICLE: { MANUFACTURER: 'RENAULT' } } as unknown as Quote;

const makes = [
  {
    LOV_NAME: 'MANUFACTURER',
    LOV_VALUE: [
      { VALUE: 'RENAULT', TEXT: 'Renault' },
      { VALUE: 'TOYOTA', TEXT: 'Toyota' },
    ],
  },
];
const models = { LOV_NAME: 'MODEL', LOV_VALUE: [{ VALUE: 'CLIO', TEXT: 'Clio' }] };

/** What a select of each list would draw on this render. */
function Selects({ lang = 'en' }: { lang?: string }) {
  const lovs = useLovs(flow, quote, lang);
  const label = (lov: string) => (lovs.options(lov) ?? []).map((o) => o.label).join(',') || 'Choose…';
  return (
    <p>
      <span data-testid="make">{label('MANUFACTURER')}</span>
      <span data-testid="model">{label('MODEL')}</span>
    </p>
  );
}

/** Records the Make values of every render, the first one included. */
function FirstRender({ seen }: { seen: string[] }) {
  const lovs = useLovs(flow, quote, 'en');
  seen.push((lovs.options('MANUFACTURER') ?? []).map((o) => o.value).join(','));
  return null;
}

function Retrying({ state }: { state: { retry?: () => void; failed?: boolean } }) {
  const lovs = useLovs(flow, quote, 'en');
  state.retry = lovs.retry;
  state.failed = lovs.failed;
  return <span data-testid="count">{(lovs.options('MANUFACTURER') ?? []).length}</span>;
}

beforeEach(() => {
  clearLovCache();
  api.getLovMulti.mockReset().mockResolvedValue(makes);
  api.getLovDependent.mockReset().mockResolvedValue(models);
});
afterEach(cleanup);

describe('lists of values across a remount of the flow runner', () => {
  it('draws the Make and Model lists on the first render of a runner mounted again', async () => {
    const first = render(<Selects />);
    expect(screen.getByTestId('make').textContent).toBe('Choose…');
    await act(async () => {});
    expect(screen.getByTestId('make').textContent).toBe('Renault,Toyota');
    expect(screen.getByTestId('model').textContent).toBe('Clio');
    first.unmount();

    // The next substep's address: a new runner. Its very first render already has the lists.
    const seen: string[] = [];
    render(<FirstRender seen={seen} />);
    expect(seen[0]).toBe('RENAULT,TOYOTA');
    render(<Selects />);
    expect(screen.getAllByTestId('model').at(-1)?.textContent).toBe('Clio');
    await act(async () => {});
    expect(api.getLovMulti).toHaveBeenCalledTimes(1);
    expect(api.getLovDependent).toHaveBeenCalledTimes(1);
  });

  it('asks once for a dependent list two runners want at the same moment (the old one unmounting)', async () => {
    render(<Selects />);
    render(<Selects />);
    await act(async () => {});
    expect(api.getLovDependent).toHaveBeenCalledTimes(1);
    expect(screen.getAllByTestId('model').map((e) => e.textContent)).toEqual(['Clio', 'Clio']);
  });

  it('keeps each language apart: Greek lists are fetched, not the English ones shown', async () => {
    render(<Selects lang="en" />);
    await act(async () => {});
    cleanup();
    api.getLovMulti.mockResolvedValue([
      { LOV_NAME: 'MANUFACTURER', LOV_VALUE: [{ VALUE: 'RENAULT', TEXT: 'Ρενό' }] },
    ]);
    render(<Selects lang="el" />);
    expect(screen.getByTestId('make').textContent).toBe('Choose…');
    await act(async () => {});
    expect(screen.getByTestId('make').textContent).toBe('Ρενό');
    expect(api.getLovMulti).toHaveBeenCalledTimes(2);
  });

  it('asks again on a retry after a failed load', async () => {
    api.getLovMulti.mockRejectedValueOnce(new Error('offline'));
    const state: { retry?: () => void; failed?: boolean } = {};
    render(<Retrying state={state} />);
    await act(async () => {});
    expect(state.failed).toBe(true);
    await act(async () => state.retry?.());
    expect(state.failed).toBe(false);
    expect(screen.getByTestId('count').textContent).toBe('2');
  });
});
