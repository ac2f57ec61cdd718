// The general constructs the portal wizards added to the flow format (docs/flows.md, "What the
// portal wizards added"): refusals worded by the flow, live rule checklists, same_as, completion;
// and the register and reset-password flows run end to end through the machine with fake services.

import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { FlowBundle } from '../../../src/engine/flow/bundle';
import { type CheckInputs, checkFlowFolder } from '../../../src/engine/flow/check';
import { loadFlowBundles } from '../../../src/engine/flow/files';
import { substepUiSchema } from '../../../src/engine/flow/forms';
import type { Flow, Quote } from '../../../src/engine/flow/types';
import { validateSubstep } from '../../../src/engine/flow/validate';
import { createFlowMachine } from '../../../src/engine/machine/createFlowMachine';
import type { FlowServices } from '../../../src/engine/machine/services';
import { getPath, setPath } from '../../../src/engine/paths';
import { fieldRules, ruleChecklists } from '../../../src/engine/rules/fieldRules';
import { flowCheckInputs } from '../support/flowCheckInputs';

let register: FlowBundle;
let reset: FlowBundle;

beforeAll(async () => {
  const bundles = await loadFlowBundles();
  register = bundles.find((b) => b.flow.id === 'register')!;
  reset = bundles.find((b) => b.flow.id === 'reset-password')!;
});

/** A refusal as the /zcp client throws it. */
const refusal = (status: number, code: string) =>
  Object.assign(new Error(`HTTP ${status}`), {
    status,
    body: { CODE: code, MESSAGES: [{ MSGTEXT: 'service text', CODE: code }] },
  });

function services(answer: (name: string, quote: Quote) => unknown): FlowServices & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    today: () => '2026-11-25',
    checkPoints: async () => [],
    otpGenerate: async () => undefined,
    otpValidate: async () => 'ok',
    payment: async () => {
      throw new Error('no payment in a portal wizard');
    },
    call: async (name, _spec, quote) => {
      calls.push(name);
      const out = answer(name, quote);
      if (out instanceof Error) throw out;
      return out;
    },
  };
}

const topState = (value: unknown) => (typeof value === 'string' ? value : Object.keys(value as object)[0]);

async function next(actor: ReturnType<typeof createActor>, values: Record<string, unknown>) {
  let quote = actor.getSnapshot().context.quote as Quote;
  for (const [path, value] of Object.entries(values)) quote = setPath(quote, path, value);
  actor.send({ type: 'NEXT', quote });
  await waitFor(actor, (s) => !/leaving|entering/.test(JSON.stringify(s.value)));
}

describe('the registration flow', () => {
  it('runs mobile, code, details and password to its completion screen', async () => {
    const fake = services((name) => (name === 'match' ? { MATCHED: true, FIRST_NAME: 'Μαρία' } : true));
    const actor = createActor(createFlowMachine(register.flow, fake));
    actor.start();
    await next(actor, { 'CS_REGISTRATION.MOBILE_NUMBER': '97123456' });
    expect(topState(actor.getSnapshot().value)).toBe('mobile__code');
    await next(actor, { 'CS_REGISTRATION.CODE': '123456' });
    await next(actor, {
      'CS_REGISTRATION.NAME': 'Μαρία',
      'CS_REGISTRATION.SURNAME': 'Κωνσταντίνου',
      'CS_REGISTRATION.IDENTIFICATION': '654321',
      'CS_REGISTRATION.DATE_OF_BIRTH': '1992-09-23',
      'CS_REGISTRATION.EMAIL': 'maria@example.com.cy',
    });
    expect(getPath(actor.getSnapshot().context.quote, 'CS_REGISTRATION.MATCHED_NAME')).toBe('Μαρία');
    await next(actor, {
      'CS_REGISTRATION.PASSWORD': 'Kyrenia!2026x',
      'CS_REGISTRATION.PASSWORD_CONFIRM': 'Kyrenia!2026x',
      'CS_REGISTRATION.GDPR_CONSENT': true,
      'CS_REGISTRATION.EMAIL_CONSENT': true,
    });
    expect(fake.calls).toEqual(['sendCode', 'checkCode', 'match', 'register']);
    expect(actor.getSnapshot().value).toBe('completed');
  });

  it("keeps the visitor on the form with the flow's own text for a refusal it names", async () => {
    const fake = services((name) => (name === 'checkCode' ? refusal(422, 'INVALID') : true));
    const actor = createActor(createFlowMachine(register.flow, fake));
    actor.start();
    await next(actor, { 'CS_REGISTRATION.MOBILE_NUMBER': '97123456' });
    await next(actor, { 'CS_REGISTRATION.CODE': '000000' });
    const snap = actor.getSnapshot();
    expect(topState(snap.value)).toBe('mobile__code');
    expect(JSON.stringify(snap.value)).toContain('editing');
    expect(snap.context.serviceError?.messageKey).toBe('register:refusals.wrongCode');
  });

  it("a refusal the flow does not name keeps the service's message", async () => {
    const fake = services((name) => (name === 'sendCode' ? refusal(422, 'SOMETHING_NEW') : true));
    const actor = createActor(createFlowMachine(register.flow, fake));
    actor.start();
    await next(actor, { 'CS_REGISTRATION.MOBILE_NUMBER': '97123456' });
    const error = actor.getSnapshot().context.serviceError;
    expect(error?.messageKey).toBeUndefined();
    expect(error?.message).toBe('service text');
  });

  it('the reset flow sends what /um/resetpassword takes', () => {
    expect(reset.flow.calls?.reset.path).toBe('/um/resetpassword');
    expect(Object.keys(reset.flow.calls?.reset.send as object).sort()).toEqual(
      ['BIRTH_DATE', 'CLIENT_ID', 'CODE', 'ID_TYPE', 'PASSWORD', 'USERNAME'].sort(),
    );
  });
});

describe('rule checklists and same_as', () => {
  it('lists every part of the portal password and ticks the ones met', () => {
    const parts = ruleChecklists.portal_password?.('Kyrenia', '99123456') ?? [];
    expect(parts.map((p) => p.key)).toEqual([
      'portal_password_length',
      'portal_password_uppercase',
      'portal_password_digit',
      'portal_password_special',
      'portal_password_mobile',
    ]);
    expect(parts.filter((p) => p.ok).map((p) => p.key)).toEqual([
      'portal_password_uppercase',
      'portal_password_mobile',
    ]);
    expect(ruleChecklists.portal_password?.('Ab!99123456x', '99123456').find((p) => !p.ok)?.key).toBe(
      'portal_password_mobile',
    );
  });

  it('the uiSchema carries the live list for a field with "checklist"', () => {
    const sub = register.flow.steps[2].substeps[0];
    const quote = setPath(
      setPath({}, 'CS_REGISTRATION.PASSWORD', 'Kyrenia!2026x'),
      'CS_REGISTRATION.MOBILE_NUMBER',
      '97123456',
    );
    const ui = substepUiSchema(register.flow, sub, quote, {
      lang: 'en',
      t: (k) => k,
      lovOptions: () => [],
      today: '2026-11-25',
      vars: {},
    }) as Record<string, { 'ui:options'?: { checklist?: { ok: boolean }[] } }>;
    const list = ui.PASSWORD['ui:options']?.checklist ?? [];
    expect(list).toHaveLength(5);
    expect(list.every((p) => p.ok)).toBe(true);
  });

  it("same_as compares with the other answer, and the confirmation uses the flow's message", () => {
    expect(fieldRules.same_as('abc', 'abc')).toBe(true);
    expect(fieldRules.same_as('abc', 'abd')).toBe('validation:same_as');
    const sub = register.flow.steps[2].substeps[0];
    let quote: Quote = {};
    quote = setPath(quote, 'CS_REGISTRATION.PASSWORD', 'Kyrenia!2026x');
    quote = setPath(quote, 'CS_REGISTRATION.PASSWORD_CONFIRM', 'Kyrenia!2026y');
    const errors = validateSubstep(sub, quote, { today: '2026-11-25' } as never);
    expect(errors.find((e) => e.fieldId === 'PASSWORD_CONFIRM')?.key).toBe(
      'fields.PASSWORD_CONFIRM.mismatch',
    );
    expect(errors.map((e) => e.fieldId)).toEqual(expect.arrayContaining(['GDPR_CONSENT', 'EMAIL_CONSENT']));
  });
});

describe('flows:check knows the new constructs', () => {
  let base: Omit<CheckInputs, 'files'>;
  let files: CheckInputs['files'];
  beforeAll(async () => {
    ({ base, files } = await flowCheckInputs('register'));
  });
  const check = (mutate: (flow: Flow) => void) => {
    const copy = structuredClone(files) as CheckInputs['files'] & { flow: Flow };
    mutate(copy.flow);
    return checkFlowFolder({ ...base, files: copy }).map((p) => `${p.pointer}: ${p.message}`);
  };

  it('passes the shipped flow', () => {
    expect(check(() => {})).toEqual([]);
  });

  it('wants every refusal and completion text in both languages', () => {
    const problems = check((flow) => {
      flow.calls!.match.refusals!.NEW_CODE = 'refusals.noSuchText';
      flow.completion!.text = 'done.noSuchText';
    });
    expect(problems.some((p) => p.startsWith('/calls/match/refusals/NEW_CODE'))).toBe(true);
    expect(problems.some((p) => p.startsWith('/completion/text'))).toBe(true);
  });

  it('refuses "checklist" on a field without a rule made of parts', () => {
    const problems = check((flow) => {
      flow.steps[1].substeps[0].fields![0].checklist = true;
    });
    expect(problems.some((p) => p.includes('/checklist'))).toBe(true);
  });

  it('refuses a refusal code that is not a CODE', () => {
    const problems = check((flow) => {
      flow.calls!.match.refusals!['not a code'] = 'refusals.refused';
    });
    expect(problems.length).toBeGreaterThan(0);
  });
});
