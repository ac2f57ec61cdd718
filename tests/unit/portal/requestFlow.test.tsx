// @vitest-environment jsdom
// The new-request flow (flows/new-request) and the constructs it added to the flow format: a list
// of values read from one of the flow's GET calls (the customer's contracts), completion texts
// filled from the answers (the WORKORDER_ID), and a field's link (the terms of use beside the
// registration consent), each checked by flows:check.

import Form from '@rjsf/core';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import enUi from '../../../locales/en/ui.json';
import type { FlowBundle } from '../../../src/engine/flow/bundle';
import { type CheckInputs, checkFlowFolder } from '../../../src/engine/flow/check';
import { loadFlowBundles } from '../../../src/engine/flow/files';
import { substepUiSchema } from '../../../src/engine/flow/forms';
import type { Flow, Quote } from '../../../src/engine/flow/types';
import { createFlowMachine } from '../../../src/engine/machine/createFlowMachine';
import type { FlowServices } from '../../../src/engine/machine/services';
import { setPath } from '../../../src/engine/paths';
import { lovNames } from '../../../src/server/reference/index';
import { CompletionScreen } from '../../../src/ui/flow/CompletionScreen';
import { templates, widgets } from '../../../src/ui/theme';
import { flowCheckInputs } from '../support/flowCheckInputs';

afterEach(cleanup);

const validator = customizeValidator();

let request: FlowBundle;
let register: FlowBundle;

beforeAll(async () => {
  const bundles = await loadFlowBundles();
  request = bundles.find((b) => b.flow.id === 'new-request')!;
  register = bundles.find((b) => b.flow.id === 'register')!;
});

function services(answer: (name: string, body: unknown) => unknown) {
  const sent: { name: string; path: string; body: unknown }[] = [];
  const fake: FlowServices = {
    today: () => '2026-11-25',
    checkPoints: async () => [],
    otpGenerate: async () => undefined,
    otpValidate: async () => 'ok',
    payment: async () => {
      throw new Error('no payment in a request');
    },
    call: async (name, spec, quote) => {
      const body = Object.fromEntries(
        Object.entries(spec.send as Record<string, string>).map(([k, path]) => [
          k,
          path.split('.').reduce<unknown>((v, p) => (v as Record<string, unknown>)?.[p], quote),
        ]),
      );
      sent.push({ name, path: spec.path, body });
      const out = answer(name, body);
      if (out instanceof Error) throw out;
      return out;
    },
  };
  return { fake, sent };
}

const ANSWERS: Record<string, string> = {
  'CS_REQUEST.CONTRACT_NO': 'CY9000101',
  'CS_REQUEST.TYPE': 'CHANGE',
  'CS_REQUEST.CATEGORY': 'PERSONAL',
  'CS_REQUEST.SUBJECT': 'Νέα διεύθυνση',
  'CS_REQUEST.MESSAGE': 'Μετακόμισα στη Λάρνακα.',
};

async function submit(flow: Flow, fake: FlowServices) {
  const actor = createActor(createFlowMachine(flow, fake));
  actor.start();
  let quote = actor.getSnapshot().context.quote as Quote;
  for (const [path, value] of Object.entries(ANSWERS)) quote = setPath(quote, path, value);
  actor.send({ type: 'NEXT', quote });
  await waitFor(actor, (s) => !/leaving|entering/.test(JSON.stringify(s.value)));
  return actor;
}

describe('the new-request flow', () => {
  it('sends the five request fields to POST /request and completes with the WORKORDER_ID', async () => {
    const { fake, sent } = services(() => ({ WORKORDER_ID: 'WO300007' }));
    const actor = await submit(request.flow, fake);
    expect(sent).toEqual([{ name: 'create', path: '/request', body: expect.objectContaining(ANSWERS_BODY) }]);
    expect(actor.getSnapshot().value).toBe('completed');
    expect(actor.getSnapshot().context.quote).toMatchObject({ CS_REQUEST: { WORKORDER_ID: 'WO300007' } });
  });

  it("words another customer's contract with the flow's own text and stays on the form", async () => {
    const refused = Object.assign(new Error('HTTP 403'), {
      status: 403,
      body: { CODE: 'FORBIDDEN', MESSAGES: [{ MSGTEXT: 'service text', CODE: 'FORBIDDEN' }] },
    });
    const { fake } = services(() => refused);
    const actor = await submit(request.flow, fake);
    expect(actor.getSnapshot().value).not.toBe('completed');
    expect(actor.getSnapshot().context.serviceError?.messageKey).toBe('requests:refusals.notYourContract');
  });

  it('limits the message to 1024 characters in the form, as the service does', () => {
    const message = request.flow.steps[0].substeps[0].fields?.find((f) => f.id === 'MESSAGE');
    expect(message?.schema?.maxLength).toBe(1024);
    expect(message?.widget).toBe('textarea');
  });

  it('shows the completion text with the request number', () => {
    const quote = setPath({}, 'CS_REQUEST.WORKORDER_ID', 'WO300007');
    render(
      <CompletionScreen
        flow={request.flow}
        quote={quote}
        t={(key, values) => `${key} ${JSON.stringify(values ?? {})}`}
      />,
    );
    expect(screen.getByRole('status').textContent).toContain('"workorderId":"WO300007"');
  });
});

const ANSWERS_BODY = {
  CONTRACT_NO: 'CY9000101',
  TYPE: 'CHANGE',
  CATEGORY: 'PERSONAL',
  SUBJECT: 'Νέα διεύθυνση',
  MESSAGE: 'Μετακόμισα στη Λάρνακα.',
};

describe('a field link', () => {
  it('puts the terms of use beside the registration consent, labelled in the language', () => {
    const sub = register.flow.steps[2].substeps[0];
    const ui = substepUiSchema(
      register.flow,
      sub,
      {},
      {
        lang: 'en',
        t: (k) => `T(${k})`,
        lovOptions: () => [],
        today: '2026-11-25',
        vars: {},
      },
    ) as Record<string, { 'ui:options'?: { link?: unknown } }>;
    expect(ui.GDPR_CONSENT['ui:options']?.link).toEqual({
      href: '/terms-of-use',
      label: 'T(register:fields.GDPR_CONSENT.terms)',
    });
  });

  it('renders under the consent as a link opening a new tab, said so to screen readers', () => {
    const i18n = i18next.createInstance();
    i18n.use(initReactI18next).init({
      lng: 'en',
      resources: { en: { ui: enUi } },
      ns: ['ui'],
      defaultNS: 'ui',
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    render(
      <I18nextProvider i18n={i18n}>
        <Form
          schema={{ type: 'object', properties: { GDPR_CONSENT: { type: 'boolean' } } }}
          uiSchema={{
            GDPR_CONSENT: {
              'ui:widget': 'checkbox',
              'ui:title': 'I consent',
              'ui:options': { link: { href: '/terms-of-use', label: 'Read the terms of use' } },
            },
          }}
          validator={validator}
          widgets={widgets}
          templates={templates}
          noHtml5Validate
        />
      </I18nextProvider>,
    );
    const link = screen.getByRole('link', { name: 'Read the terms of use (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('/terms-of-use');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener');
  });
});

describe('flows:check knows the request constructs', () => {
  let base: Omit<CheckInputs, 'files'>;
  let files: CheckInputs['files'];
  beforeAll(async () => {
    ({ base, files } = await flowCheckInputs('new-request'));
  });
  const check = (mutate: (flow: Flow) => void) => {
    const copy = structuredClone(files) as CheckInputs['files'] & { flow: Flow };
    mutate(copy.flow);
    return checkFlowFolder({ ...base, files: copy }).map((p) => `${p.pointer}: ${p.message}`);
  };

  it('passes the shipped flow, whose CONTRACT list the service does not name', () => {
    expect(lovNames()).not.toContain('CONTRACT');
    expect(check(() => {})).toEqual([]);
  });

  it('refuses a list read from a missing or non-GET call', () => {
    expect(check((flow) => (flow.lovs![0].call = 'nothing'))).toEqual([
      '/lovs/0/call: list of values "CONTRACT" names "nothing", which is not a GET call in /calls',
    ]);
    expect(check((flow) => (flow.lovs![0].call = 'create'))).toHaveLength(1);
  });

  it('wants a field link’s label in both languages', () => {
    const problems = check((flow) => {
      flow.steps[0].substeps[0].fields![4].link = { to: '/terms-of-use', label: 'fields.MESSAGE.noSuchText' };
    });
    expect(problems.join('\n')).toContain('/link/label');
  });
});
