// @vitest-environment jsdom
// The flow preview's pages with the driver flow: the index of flows, one substep drawn by the real
// renderer on sample data (fields, lists of values, packages, the holder), and the flows:check
// problems on top when the check answers some.

import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DevFlowsPage } from '../../../src/dev/DevFlowsPage';
import { addDevStrings } from '../../../src/dev/devStrings';
import { type CheckFlows, FlowProblems, useFlowProblems } from '../../../src/dev/FlowProblems';
import { FlowsIndex } from '../../../src/dev/FlowsIndex';
import { projectFiles } from '../../../src/dev/projectFiles';
import { SubstepPreview } from '../../../src/dev/SubstepPreview';
import { resolveDateExpr, todayInNicosia, ymdToDisplay } from '../../../src/engine/dates';
import type { FlowProblem } from '../../../src/engine/flow/check';
import { fieldLabelKey } from '../../../src/engine/flow/expand';
import type { Flow } from '../../../src/engine/flow/types';
import { flowLoaders } from '../../../src/generated';
import { i18next, initI18n } from '../../../src/i18n';
import { previewFetch } from './support';

let flows: Record<string, Flow>;

const PROBLEMS: FlowProblem[] = [
  {
    file: 'flows/driver/flow.json',
    pointer: '/steps/0/substeps/0/fields/1/type',
    message: 'must be equal to one of the allowed values (string, integer, number, boolean, array, object)',
  },
  {
    file: 'flows/driver/flow.json',
    pointer: '/steps/0/substeps/0/fields/6/label',
    message: 'locale key "driver:fields.LICENCE_YEARS.label" is missing in locales/en/driver.json',
  },
];

beforeAll(async () => {
  localStorage.setItem('lang', 'en');
  await initI18n();
  addDevStrings();
  await i18next.loadNamespaces(['dev', 'driver', 'hunter', 'fields', 'flow', 'validation', 'ui']);
  flows = { driver: await flowLoaders.driver(), hunter: await flowLoaders.hunter() };
});

beforeEach(() => {
  vi.stubGlobal('fetch', previewFetch());
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const inRouter = (ui: ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);
const en = (key: string) => i18next.t(key);

describe('the substep preview', () => {
  it('draws every field of driver eligibility, labelled, with the sample answers and the listed options', async () => {
    inRouter(<SubstepPreview flows={flows} flowId="driver" substepKey="driver__eligibility" />);
    expect(
      await screen.findByRole('heading', { level: 1, name: en('driver:eligibility.title') }),
    ).toBeTruthy();
    // The options come from the service's list (INSURANCE_TYPE), the choice from the scenario.
    expect(((await screen.findByLabelText('Car')) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Motorcycle') as HTMLInputElement).checked).toBe(false);

    const fields = flows.driver.steps[0].substeps[0].fields ?? [];
    expect(fields.length).toBeGreaterThan(3);
    for (const field of fields) {
      const label = en(fieldLabelKey(flows.driver, field));
      expect(label, field.id).not.toContain('fields.');
      expect(screen.getAllByText(label).length, field.id).toBeGreaterThan(0);
    }
    const birth = document.getElementById('root_BIRTH_DATE') as HTMLInputElement;
    expect(birth.value).toBe(ymdToDisplay(resolveDateExpr('today-40y', todayInNicosia())));

    expect(
      screen.getByText(/^Sample answers from tests\/scenarios\/driver-[a-z0-9-]+\.json\.$/),
    ).toBeTruthy();
    expect(screen.getByText(/Substep 1 of 3/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Next substep/ }).getAttribute('href')).toBe(
      '/dev/flows/driver/plans__packages',
    );
    // Asked the service for the flow's lists (and nothing else of it).
    const asked = vi
      .mocked(fetch)
      .mock.calls.map(([input]) => String(input instanceof Request ? input.url : input));
    expect(asked.some((u) => u.includes('/zcp/lov/multi') && u.includes('INSURANCE_TYPE'))).toBe(true);
    expect(asked.every((u) => u.includes('/zcp/lov/'))).toBe(true);
  });

  it('shows the required-field errors on demand when there are no sample answers', async () => {
    inRouter(
      <SubstepPreview
        flows={flows}
        flowId="driver"
        substepKey="driver__eligibility"
        files={{ ...projectFiles, scenarios: {} }}
      />,
    );
    expect(await screen.findByText(en('dev:preview.noScenario'))).toBeTruthy();
    await screen.findByLabelText('Car');
    expect(screen.queryAllByText(en('validation:required'))).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: en('dev:preview.showErrors') }));
    const required = (flows.driver.steps[0].substeps[0].fields ?? []).filter((f) => f.required === true);
    expect(await screen.findAllByText(en('validation:required'))).toHaveLength(required.length);
  });

  it('lists the packages rated from the tariff with the scenario’s choice, and lets another be chosen', async () => {
    const { container } = inRouter(
      <SubstepPreview flows={flows} flowId="driver" substepKey="plans__packages" />,
    );
    expect(await screen.findByText('Packages rated with flows/driver/tariff.json.')).toBeTruthy();
    const radio = (id: string) => container.querySelector<HTMLInputElement>(`#package-${id}`);
    expect(radio('DRV_BASIC')?.checked).toBe(false);
    expect(radio('DRV_PLUS')?.checked).toBe(true);
    expect(radio('DRV_PREMIUM')?.checked).toBe(false);
    for (const id of ['DRV_BASIC', 'DRV_PLUS', 'DRV_PREMIUM'])
      expect(screen.getByText(en(`driver:packages.${id}`))).toBeTruthy();
    expect(screen.getByText(en('flow:premium.annual'))).toBeTruthy();

    fireEvent.click(radio('DRV_PREMIUM') as HTMLInputElement);
    expect(radio('DRV_PREMIUM')?.checked).toBe(true);
    expect(radio('DRV_PLUS')?.checked).toBe(false);

    // "Back to the sample data" returns to the scenario's choice.
    fireEvent.click(screen.getByRole('button', { name: en('dev:preview.reset') }));
    await vi.waitFor(() => expect(radio('DRV_PLUS')?.checked).toBe(true));
  });

  it('fills the shared holder fields of the payment substep from the scenario', async () => {
    inRouter(<SubstepPreview flows={flows} flowId="driver" substepKey="payment__holder" />);
    expect(((await screen.findByLabelText(en('fields:FIRST_NAME.label'))) as HTMLInputElement).value).toBe(
      'ΕΛΕΝΗ',
    );
    expect((screen.getByLabelText(en('fields:LAST_NAME.label')) as HTMLInputElement).value).toBe('ΓΕΩΡΓΙΟΥ');
  });

  it('names a flow or substep that does not exist instead of drawing nothing', async () => {
    inRouter(<SubstepPreview flows={flows} flowId="pet" substepKey="pet__details" />);
    expect(screen.getByRole('alert').textContent).toBe('There is no flow “pet”.');
    cleanup();
    inRouter(<SubstepPreview flows={flows} flowId="driver" substepKey="driver__nope" />);
    expect(screen.getByRole('alert').textContent).toBe('The flow “driver” has no substep “driver__nope”.');
  });
});

describe('the index of flows', () => {
  it('lists each flow with its steps and a link per substep', () => {
    inRouter(<FlowsIndex flows={flows} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Flow preview' })).toBeTruthy();
    const driver = document.querySelector('[data-flow="driver"]') as HTMLElement;
    const links = within(driver).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/dev/flows/driver/driver__eligibility',
      '/dev/flows/driver/plans__packages',
      '/dev/flows/driver/payment__holder',
    ]);
    expect(within(driver).getByRole('link', { name: en('driver:eligibility.title') })).toBeTruthy();
    const eligibility = driver.querySelector('[data-substep="driver__eligibility"]') as HTMLElement;
    expect(eligibility.textContent).toContain(
      `form · ${flows.driver.steps[0].substeps[0].fields?.length} fields`,
    );
    expect(driver.querySelector('[data-substep="plans__packages"]')?.textContent).toContain(
      'packages · no fields',
    );
    expect(document.querySelector('[data-flow="hunter"]')).not.toBeNull();
  });
});

function Problems({ check }: { check: CheckFlows }) {
  return <FlowProblems {...useFlowProblems(check)} />;
}

describe('the flows:check problems', () => {
  it('lists each problem with its file and JSON pointer', async () => {
    render(<Problems check={async () => PROBLEMS} />);
    const box = await screen.findByRole('alert');
    expect(within(box).getByRole('heading', { name: 'flows:check found 2 problems' })).toBeTruthy();
    const items = within(box)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(PROBLEMS.map((p) => `${p.file}#${p.pointer} ${p.message}`));
  });

  it('shows nothing while the flows are clean', async () => {
    const check = vi.fn(async () => []);
    const { container } = render(<Problems check={check} />);
    await act(async () => {});
    expect(check).toHaveBeenCalledTimes(1);
    expect(container.innerHTML).toBe('');
  });

  it('says so when the check cannot be asked', async () => {
    render(
      <Problems
        check={async () => {
          throw new Error('HTTP 502');
        }}
      />,
    );
    expect((await screen.findByRole('status')).textContent).toBe(
      'The flows:check result is not available: HTTP 502',
    );
  });

  it('the dev page puts the problems of GET /dev/flows/check above the preview', async () => {
    vi.stubGlobal(
      'fetch',
      previewFetch(() => PROBLEMS),
    );
    render(
      <MemoryRouter initialEntries={['/dev/flows/driver/driver__eligibility']}>
        <Routes>
          <Route path="/dev/flows/*" element={<DevFlowsPage />} />
        </Routes>
      </MemoryRouter>,
    );
    const box = await screen.findByRole('alert');
    expect(within(box).getByRole('heading', { name: 'flows:check found 2 problems' })).toBeTruthy();
    expect(
      await screen.findByRole('heading', { level: 1, name: en('driver:eligibility.title') }),
    ).toBeTruthy();
    // The problems come first on the page.
    const heading = screen.getByRole('heading', { level: 1, name: en('driver:eligibility.title') });
    expect(box.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(vi.mocked(fetch).mock.calls.some(([input]) => String(input) === '/dev/flows/check')).toBe(true);
  });
});
