// @vitest-environment jsdom
// A form substep draws its fields before its precompiled validator (a chunk of its own) has
// arrived (issue 16: first render ≤ bare RJSF). Until then the engine checks the JSON Schema
// keywords itself, so no error is lost; typing before the validator arrives is kept; the errors
// are the same once it is there.

import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { useState } from 'react';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UiContext } from '../../../src/engine/flow/forms';
import { substepSchema } from '../../../src/engine/flow/forms';
import type { Flow, Quote } from '../../../src/engine/flow/types';
import property from '../../../src/generated/flows/property.json';
import { createInputIssues } from '../../../src/ui/theme';

// The property building substep's validator arrives only when the test opens the gate.
const gate = vi.hoisted(() => {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open: () => open() };
});

vi.mock('../../../src/generated', async (importActual) => {
  const actual = await importActual<typeof import('../../../src/generated')>();
  const key = 'property/property__building';
  return {
    ...actual,
    validatorLoaders: {
      ...actual.validatorLoaders,
      [key]: () => gate.opened.then(() => actual.validatorLoaders[key]()),
    },
  };
});

const { FormSubstep, substepErrors } = await import('../../../src/ui/flow/FormSubstep');
const { loadValidator } = await import('../../../src/ui/flow/substepValidator');

const flow = property as unknown as Flow;
const substep = flow.steps[0].substeps[0];

const ctx: UiContext = {
  lang: 'en',
  t: (key) => key,
  lovOptions: () => [],
  today: '2026-03-10',
};

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: {}, initAsync: false });
});
afterEach(cleanup);

let latest: Quote = {};

function Building() {
  const [quote, setQuote] = useState<Quote>({});
  const [inputIssues] = useState(createInputIssues);
  latest = quote;
  return (
    <form noValidate>
      <FormSubstep
        flow={flow}
        substep={substep}
        quote={quote}
        ctx={ctx}
        showAll={false}
        onChange={setQuote}
        inputIssues={inputIssues}
      />
    </form>
  );
}

describe('a form substep before its validator has arrived', () => {
  it('draws the fields at once, shows a left field’s error, keeps what was typed, and keeps it after', async () => {
    expect(substep.id).toBe('building');
    render(<Building />);
    const year = document.getElementById('root_YEAR_BUILT') as HTMLInputElement;
    expect(year).not.toBeNull();
    expect(document.documentElement.dataset.formReady).toBeTruthy();

    // Typed and left before the validator is there: out of range (minimum 1850).
    await act(async () => {
      fireEvent.focus(year);
      fireEvent.change(year, { target: { value: '1700' } });
      fireEvent.blur(year);
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(year.value).toBe('1700');
    expect(screen.getAllByText('validation:minimum').length).toBeGreaterThan(0);
    expect((latest.CS_PROPERTY as Record<string, unknown>)?.YEAR_BUILT).toBe(1700);

    // The validator arrives: the same error stays, the answer too.
    await act(async () => {
      gate.open();
      await loadValidator(flow, substep);
    });
    expect(year.value).toBe('1700');
    expect(screen.getAllByText('validation:minimum').length).toBeGreaterThan(0);
  });

  it('finds the same errors with the engine alone as with the precompiled validator', async () => {
    gate.open();
    const validator = await loadValidator(flow, substep);
    const schema = substepSchema(flow, substep) as never;
    const quotes: Quote[] = [
      {},
      { CS_PROPERTY: { YEAR_BUILT: 1700, PROPERTY_AREA: 5000, STREET: 'x'.repeat(61) } },
      {
        CS_PROPERTY: { YEAR_BUILT: 1990.5, NUMBER_OF_FLOORS: 0, BASEMENTS: 9, STREET_NUMBER: '12345678901' },
      },
      {
        CS_PROPERTY: {
          YEAR_BUILT: 1990,
          PROPERTY_AREA: 120,
          NUMBER_OF_FLOORS: 2,
          BASEMENTS: 0,
          STREET: 'Main',
        },
      },
    ];
    for (const quote of quotes) {
      const ids = (v: typeof validator | null) =>
        substepErrors(substep, quote, ctx, v, schema)
          .map((e) => e.id)
          .sort();
      expect(ids(null), JSON.stringify(quote)).toEqual(ids(validator));
    }
  });
});
