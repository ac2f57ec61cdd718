// The motor and property claim wizards (flows/motor-claim, flows/property-claim) and the constructs
// they added to the flow format: a `send` entry with a value map (the form's yes '1' sent as 'X',
// anything else as ''), dotted request names that nest (IS_INCIDENT.POLICE_PRESENCE), and
// `optionsFrom` with `unique` and `where` (causes once each, the details of the chosen cause).

import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { FlowBundle } from '../../../src/engine/flow/bundle';
import { checkFlowFolder } from '../../../src/engine/flow/check';
import { readFormatSchemas, readLocaleFiles } from '../../../src/engine/flow/checkAll';
import { loadFlowBundles, readFieldSets, readFlowFiles } from '../../../src/engine/flow/files';
import { noticeHolds } from '../../../src/engine/flow/notices';
import type { CallSpec, Flow, Quote } from '../../../src/engine/flow/types';
import { quoteListOptions, validateSubstep } from '../../../src/engine/flow/validate';
import { callRequest } from '../../../src/engine/machine/calls';
import { createFlowMachine } from '../../../src/engine/machine/createFlowMachine';
import type { FlowServices } from '../../../src/engine/machine/services';
import { setPath } from '../../../src/engine/paths';
import { lovNames } from '../../../src/server/reference/index';

let motor: FlowBundle;
let home: FlowBundle;

beforeAll(async () => {
  const bundles = await loadFlowBundles();
  motor = bundles.find((b) => b.flow.id === 'motor-claim')!;
  home = bundles.find((b) => b.flow.id === 'property-claim')!;
});

const CAUSES = {
  ET_CAUSE: [
    {
      CAUSE_NO: 'COLLISION',
      CAUSE_DESC: 'Σύγκρουση',
      CAUSE_DETAILS_NO: 'REAR',
      EVENT_DESCRIPTION: 'Από πίσω',
    },
    {
      CAUSE_NO: 'COLLISION',
      CAUSE_DESC: 'Σύγκρουση',
      CAUSE_DETAILS_NO: 'FRONT',
      EVENT_DESCRIPTION: 'Μετωπική',
    },
    {
      CAUSE_NO: 'PARKED',
      CAUSE_DESC: 'Σταθμευμένο',
      CAUSE_DETAILS_NO: 'UNKNOWN_PARTY',
      EVENT_DESCRIPTION: 'Άγνωστος',
    },
    {
      CAUSE_NO: 'WATER_LEAK',
      CAUSE_DESC: 'Διαρροή νερού',
      CAUSE_DETAILS_NO: 'PIPE',
      EVENT_DESCRIPTION: 'Σωλήνας',
    },
  ],
};

/** Fake services answering like the claims service; every request body is what the browser would send. */
function services(contract: { CONTRACT_NO: string; PRODUCT_ID: string; PRODUCT_CODE: string }) {
  const sent: { name: string; path: string; body: unknown }[] = [];
  const fake: FlowServices = {
    today: () => '2026-11-25',
    checkPoints: async () => [],
    otpGenerate: async () => undefined,
    otpValidate: async () => 'ok',
    payment: async () => {
      throw new Error('no payment in a claim');
    },
    call: async (name: string, spec: CallSpec, quote: Quote) => {
      const request = callRequest(spec, quote);
      sent.push({ name, path: request.path, body: request.body });
      if (name === 'contracts' || name === 'contract')
        return { CT_POLICY: [{ ...contract, ONLINE_CLAIM: true }], CLAIMS_LINE: '8000 8787' };
      if (name === 'causes') return CAUSES;
      if (name === 'validate') return {};
      if (name === 'create') return { C_CLAIM_NO: 'CL2600042', C_CLAIM_ID: '42', C_OBJECT_NO: '1' };
      throw new Error(`unexpected call ${name}`);
    },
  };
  return { fake, sent };
}

/** Walks the wizard: each substep's answers, then Continue. */
async function fileClaim(flow: Flow, fake: FlowServices, answers: Record<string, unknown>[]) {
  const actor = createActor(createFlowMachine(flow, fake));
  actor.start();
  const settled = () => waitFor(actor, (s) => !/leaving|entering/.test(JSON.stringify(s.value)));
  await settled();
  for (const page of answers) {
    let quote = actor.getSnapshot().context.quote as Quote;
    for (const [path, value] of Object.entries(page)) quote = setPath(quote, path, value);
    actor.send({ type: 'NEXT', quote });
    await settled();
  }
  return actor;
}

const INCIDENT = {
  'CS_CLAIM.CAUSE_NO': 'COLLISION',
  'CS_CLAIM.CAUSE_DETAILS_NO': 'REAR',
  'CS_CLAIM.INCIDENT_DATE': '2026-11-20',
  'CS_CLAIM.INCIDENT_TIME': '08:15',
  'CS_CLAIM.LOCATION': 'Λεωφόρος Μακαρίου Γ΄ 45, Λευκωσία',
  'CS_CLAIM.DESCRIPTION': 'Με χτύπησαν από πίσω στο φανάρι.',
};
const DRIVER = {
  'CS_CLAIM.DRIVER_FULL_NAME': 'Ανδρέας Γεωργίου',
  'CS_CLAIM.DRIVER_BIRTH_DATE': '1978-04-12',
  'CS_CLAIM.DRIVER_LICENCE_NO': 'CY1234567',
  'CS_CLAIM.DRIVER_ID_NUMBER': '784512',
};
const CONSENTS = { 'CS_CLAIM.CONSENT_CLAIM_DATA': true, 'CS_CLAIM.CONSENT_GDPR': true };
const MOTOR_SLOTS = [
  'DAMAGE_1',
  'DAMAGE_2',
  'DAMAGE_3',
  'PLATE',
  'REGISTRATION',
  'LICENCE_FRONT',
  'LICENCE_BACK',
];

describe('the photos step (a photoSlots field)', () => {
  const ctx = { today: '2026-11-25' };
  const photosOf = (flow: Flow) => flow.steps.find((s) => s.id === 'photos')!.substeps[0];

  it('holds Continue until every required motor slot is filled, and takes no unknown slot', () => {
    const substep = photosOf(motor.flow);
    const errors = (slots: string[]) =>
      validateSubstep(substep, setPath({}, 'CS_CLAIM.PHOTO_SLOTS', slots), ctx).map((e) => e.key);
    expect(errors([])).toEqual(['validation:photos_missing']);
    expect(errors(MOTOR_SLOTS.slice(0, 6))).toEqual(['validation:photos_missing']);
    expect(errors(MOTOR_SLOTS)).toEqual([]);
    expect(errors([...MOTOR_SLOTS, 'SUNROOF'])).toEqual(['validation:not_in_list']);
  });

  it('asks at least one photo of a home claim, any of the six slots', () => {
    const substep = photosOf(home.flow);
    const errors = (slots: string[]) =>
      validateSubstep(substep, setPath({}, 'CS_CLAIM.PHOTO_SLOTS', slots), ctx).map((e) => e.key);
    expect(errors([])).toEqual(['validation:required']);
    expect(errors(['INCIDENT_4'])).toEqual([]);
  });

  it('sends the files after the claim is created, to the tus endpoint with the claim number', () => {
    for (const flow of [motor.flow, home.flow])
      expect(flow.completion?.uploads).toEqual({
        from: 'CS_CLAIM.PHOTO_SLOTS',
        endpoint: '/claim/tus',
        metadata: { claimNo: 'CS_CLAIM.CLAIM_NO' },
      });
  });
});

describe('the motor claim wizard', () => {
  it("sends the presence flags as 'X' / '' and the claim body the service expects", async () => {
    const { fake, sent } = services({ CONTRACT_NO: 'CY9000101', PRODUCT_ID: '120', PRODUCT_CODE: 'MOTOR' });
    const actor = await fileClaim(motor.flow, fake, [
      { 'CS_CLAIM.CONTRACT_NO': 'CY9000101' },
      INCIDENT,
      DRIVER,
      {
        'CS_CLAIM.POLICE_PRESENCE': '1',
        'CS_CLAIM.POLICE_NUMBER': 'ΑΣΤ/2026/4471',
        'CS_CLAIM.FIRE_RESCUE_PRESENCE': '2',
        'CS_CLAIM.OTHER_INSURANCE': '2',
        'CS_CLAIM.INJURIES': '2',
        'CS_CLAIM.INVOLVED_VEHICLES': 2,
      },
      { 'CS_CLAIM.PHOTO_SLOTS': MOTOR_SLOTS, 'CS_CLAIM.REPAIR_SHOP': 'NETWORK' },
      CONSENTS,
    ]);
    expect(actor.getSnapshot().value).toBe('completed');
    expect(sent.map((s) => s.name)).toEqual(['contracts', 'contract', 'causes', 'validate', 'create']);
    expect(sent[0].body).toEqual({ PRODUCT_CODE: 'MOTOR' });
    const validate = sent.find((s) => s.name === 'validate')!;
    const create = sent.find((s) => s.name === 'create')!;
    expect(create.body).toEqual(validate.body);
    expect(JSON.parse(JSON.stringify(create.body))).toEqual({
      PRODUCT_ID: '120',
      CONTRACT_NO: 'CY9000101',
      IS_INCIDENT: {
        INCIDENT_DATE: '2026-11-20',
        INCIDENT_TIME: '08:15',
        CAUSE_NO: 'COLLISION',
        CAUSE_DETAILS_NO: 'REAR',
        DESCRIPTION: 'Με χτύπησαν από πίσω στο φανάρι.',
        REPAIR_SHOP: 'NETWORK',
        OTHER_INSURANCE: '',
        POLICE_PRESENCE: 'X',
        POLICE_NUMBER: 'ΑΣΤ/2026/4471',
        FIRE_RESCUE_PRESENCE: '',
      },
      IS_ADDRESS: { LOCATION: 'Λεωφόρος Μακαρίου Γ΄ 45, Λευκωσία' },
      IS_DRIVER: { FULL_NAME: 'Ανδρέας Γεωργίου', LICENCE_NO: 'CY1234567', ID_NUMBER: '784512' },
      FULL_NAME: 'Ανδρέας Γεωργίου',
      BIRTH_DATE: '1978-04-12',
      INVOLVED_VEHICLES: 2,
      INJURIES: '',
      CONSENT_CLAIM_DATA: 'X',
      CONSENT_GDPR: 'X',
      IT_PHOTO_SLOTS: [
        'DAMAGE_1',
        'DAMAGE_2',
        'DAMAGE_3',
        'PLATE',
        'REGISTRATION',
        'LICENCE_FRONT',
        'LICENCE_BACK',
      ],
    });
    expect(actor.getSnapshot().context.quote).toMatchObject({ CS_CLAIM: { CLAIM_NO: 'CL2600042' } });
  });

  it('offers each cause once and only the details of the chosen cause', () => {
    const fields = motor.flow.steps[1].substeps[0].fields ?? [];
    const cause = fields.find((f) => f.id === 'CAUSE_NO')!.optionsFrom!;
    const details = fields.find((f) => f.id === 'CAUSE_DETAILS_NO')!.optionsFrom!;
    expect(quoteListOptions(cause, CAUSES).map((o) => o.value)).toEqual([
      'COLLISION',
      'PARKED',
      'WATER_LEAK',
    ]);
    const quote = setPath({ ...CAUSES }, 'CS_CLAIM.CAUSE_NO', 'COLLISION');
    expect(quoteListOptions(details, quote).map((o) => o.value)).toEqual(['REAR', 'FRONT']);
    expect(quoteListOptions(details, CAUSES)).toEqual([]);
  });
});

describe('a contract not claimable online', () => {
  it('shows the call-the-claims-line text as soon as the contract is chosen', () => {
    const notice = motor.flow.steps[1].substeps[0].notices!.find((n) => n.id === 'notOnline')!;
    expect(notice.text).toBe('refusals.notOnline');
    expect(noticeHolds(notice, { CT_CONTRACT: [{ ONLINE_CLAIM: false }] })).toBe(true);
    expect(noticeHolds(notice, { CT_CONTRACT: [{ ONLINE_CLAIM: true }] })).toBe(false);
  });
});

describe('the property claim wizard', () => {
  it('puts the home flags under IS_HOME, asks no driver, and declares the photos chosen in the wizard', async () => {
    const { fake, sent } = services({
      CONTRACT_NO: 'CY9000102',
      PRODUCT_ID: '300',
      PRODUCT_CODE: 'PROPERTY',
    });
    const actor = await fileClaim(home.flow, fake, [
      { 'CS_CLAIM.CONTRACT_NO': 'CY9000102' },
      {
        ...INCIDENT,
        'CS_CLAIM.CAUSE_NO': 'WATER_LEAK',
        'CS_CLAIM.CAUSE_DETAILS_NO': 'PIPE',
      },
      {
        'CS_CLAIM.POLICE_PRESENCE': '2',
        'CS_CLAIM.FIRE_RESCUE_PRESENCE': '1',
        'CS_CLAIM.FIRE_RESCUE_NUMBER': 'ΠΥΡ-88231',
        'CS_CLAIM.OTHER_INSURANCE': '1',
        'CS_CLAIM.OTHER_INSURANCE_DETAILS': 'Ευρωπαϊκή Πίστη, 55120',
        'CS_CLAIM.INJURIES': '2',
      },
      { 'CS_CLAIM.PHOTO_SLOTS': ['INCIDENT_1', 'INCIDENT_2', 'INCIDENT_3'] },
      CONSENTS,
    ]);
    expect(actor.getSnapshot().value).toBe('completed');
    const body = sent.find((s) => s.name === 'create')!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      PRODUCT_ID: '300',
      IS_HOME: { POLICE_PRESENCE: '', FIRE_RESCUE_PRESENCE: 'X', FIRE_RESCUE_NUMBER: 'ΠΥΡ-88231' },
      IS_INCIDENT: { CAUSE_NO: 'WATER_LEAK', OTHER_INSURANCE: 'X' },
      IT_PHOTO_SLOTS: ['INCIDENT_1', 'INCIDENT_2', 'INCIDENT_3'],
    });
    expect(body).not.toHaveProperty('IS_DRIVER');
    expect(body).not.toHaveProperty('IS_ADDRESS');
    expect(body.IS_INCIDENT).not.toHaveProperty('POLICE_PRESENCE');
  });
});

describe('value maps in flows:check', () => {
  it('names a mapped send entry whose path the flow never writes', async () => {
    const [schemas, locales, fieldSets, raw] = await Promise.all([
      readFormatSchemas(),
      readLocaleFiles(),
      readFieldSets(),
      readFlowFiles('motor-claim'),
    ]);
    const base = { schemas, locales, fieldSets, lovNames: lovNames() };
    const files = { id: 'motor-claim', ...raw };
    const flow = structuredClone(raw.flow) as Flow;
    const send = flow.calls!.create.send as Record<string, unknown>;
    send['IS_INCIDENT.POLICE_PRESENCE'] = { path: 'CS_CLAIM.POLICE_TYPO', map: { '1': 'X' }, otherwise: '' };
    const problems = checkFlowFolder({ ...base, files: { ...files, flow } });
    expect(problems.map((p) => p.message)).toContain(
      'path "CS_CLAIM.POLICE_TYPO" is not written by any field, default, derived value or call',
    );
    const clean = checkFlowFolder({ ...base, files });
    expect(clean).toEqual([]);
  });

  it('names completion uploads from a path no photoSlots field has, and a slot without its name', async () => {
    const [schemas, locales, fieldSets, raw] = await Promise.all([
      readFormatSchemas(),
      readLocaleFiles(),
      readFieldSets(),
      readFlowFiles('motor-claim'),
    ]);
    const base = { schemas, locales, fieldSets, lovNames: lovNames() };
    const flow = structuredClone(raw.flow) as Flow;
    flow.completion!.uploads!.from = 'CS_CLAIM.PHOTOS_TYPO';
    const photos = flow.steps.find((st) => st.id === 'photos')!.substeps[0].fields![0];
    photos.photos!.slots.push({ id: 'SUNROOF', kind: 'photo' });
    const messages = checkFlowFolder({ ...base, files: { id: 'motor-claim', ...raw, flow } }).map(
      (p) => p.message,
    );
    expect(messages).toContain('no photoSlots field has the path "CS_CLAIM.PHOTOS_TYPO"');
    expect(messages.some((m) => m.includes('claims:slots.SUNROOF.label'))).toBe(true);
  });
});
