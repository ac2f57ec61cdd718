// A request body read back onto the flow's quote paths (the inverse of a call's projection), and
// checked with the flow's own fields: what the service does with a portal wizard's answers.

import { describe, expect, it } from 'vitest';
import { answersOfRequest, validateCallBody } from '../../src/engine/flow/callAnswers';
import type { Flow } from '../../src/engine/flow/types';
import { callRequest } from '../../src/engine/machine/calls';

const flow: Flow = {
  id: 'claim',
  area: 'portal',
  calls: {
    file: {
      method: 'POST',
      path: '/claim/File',
      send: {
        'IS_DRIVER.FULL_NAME': 'CS_CLAIM.DRIVER',
        FULL_NAME: 'CS_CLAIM.DRIVER',
        'IS_INCIDENT.POLICE': { path: 'CS_CLAIM.POLICE', map: { '1': 'X' }, otherwise: '' },
        'IS_INCIDENT.POLICE_NUMBER': 'CS_CLAIM.POLICE_NUMBER',
        CONSENT: { path: 'CS_CLAIM.CONSENT', map: { true: 'X' }, otherwise: '' },
        VEHICLES: 'CS_CLAIM.VEHICLES',
      },
    },
  },
  steps: [
    {
      id: 'details',
      label: 'steps.details',
      substeps: [
        {
          id: 'form',
          kind: 'form',
          fields: [
            {
              id: 'DRIVER',
              path: 'CS_CLAIM.DRIVER',
              type: 'string',
              required: true,
              schema: { maxLength: 20 },
            },
            { id: 'POLICE', path: 'CS_CLAIM.POLICE', type: 'string', required: true },
            {
              id: 'POLICE_NUMBER',
              path: 'CS_CLAIM.POLICE_NUMBER',
              type: 'string',
              required: true,
              visibleIf: { path: 'CS_CLAIM.POLICE', eq: '1' },
            },
            { id: 'CONSENT', path: 'CS_CLAIM.CONSENT', type: 'boolean', required: true },
            { id: 'VEHICLES', path: 'CS_CLAIM.VEHICLES', type: 'integer', schema: { minimum: 1 } },
            // Not sent by the call: the service cannot judge it.
            { id: 'NOTE', path: 'CS_CLAIM.NOTE', type: 'string', required: true },
          ],
        },
      ],
    },
  ],
};
const spec = flow.calls!.file;
const ctx = { today: '2026-03-10' };

describe('a request body read back onto the quote', () => {
  it('is the inverse of what the wizard sent, mapped answers included', () => {
    const quote = {
      CS_CLAIM: {
        DRIVER: 'Ανδρέας Γεωργίου',
        POLICE: '1',
        POLICE_NUMBER: 'ΑΣΤ/4471',
        CONSENT: true,
        VEHICLES: 2,
      },
    };
    const { body } = callRequest(spec, quote);
    const back = answersOfRequest(flow, spec, body);
    expect(back.quote).toEqual(quote);
    expect(back.unsure.size).toBe(0);
  });

  it('an answer sent as `otherwise`, or left out of a mapped entry, is one the body cannot tell', () => {
    const back = answersOfRequest(flow, spec, { FULL_NAME: 'Ελένη', IS_INCIDENT: { POLICE: '' } });
    expect([...back.unsure].sort()).toEqual(['CS_CLAIM.CONSENT', 'CS_CLAIM.POLICE']);
    // A path sent twice is read from its first name.
    expect(back.quote).toEqual({});
  });
});

describe("the flow's fields judge the body", () => {
  const errorsOf = (body: unknown) =>
    validateCallBody(flow, 'file', body, ctx).map((e) => `${e.fieldId} ${e.key}`);
  const complete = {
    IS_DRIVER: { FULL_NAME: 'Ανδρέας' },
    IS_INCIDENT: { POLICE: 'X', POLICE_NUMBER: 'ΑΣΤ/4471' },
    CONSENT: 'X',
    VEHICLES: 2,
  };

  it('accepts a complete body; never judges a field the call does not send', () => {
    expect(errorsOf(complete)).toEqual([]);
  });

  it('refuses what the fields require, their bounds, and a field shown by a mapped answer', () => {
    expect(errorsOf({ ...complete, IS_DRIVER: { FULL_NAME: '' } })).toEqual(['DRIVER validation:required']);
    // Spaces alone answer nothing, as the hand-written claim rule this replaced said.
    expect(errorsOf({ ...complete, IS_DRIVER: { FULL_NAME: '   ' } })).toEqual([
      'DRIVER validation:required',
    ]);
    expect(errorsOf({ ...complete, IS_DRIVER: { FULL_NAME: 'Α'.repeat(21) } })).toEqual([
      'DRIVER validation:max_length',
    ]);
    expect(errorsOf({ ...complete, VEHICLES: 0 })).toEqual(['VEHICLES validation:minimum']);
    expect(errorsOf({ ...complete, IS_INCIDENT: { POLICE: 'X', POLICE_NUMBER: '' } })).toEqual([
      'POLICE_NUMBER validation:required',
    ]);
    // "No" police: the number is not asked, and the body's '' is not judged as a missing answer.
    expect(errorsOf({ ...complete, IS_INCIDENT: { POLICE: '', POLICE_NUMBER: '' } })).toEqual([]);
  });

  it('names an unknown call loudly', () => {
    expect(() => validateCallBody(flow, 'nowhere', {}, ctx)).toThrow('Flow claim has no call "nowhere"');
  });
});
