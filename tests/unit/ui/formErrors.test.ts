import { describe, expect, it } from 'vitest';
import type { Field } from '../../../src/engine/flow/types';
import { fromEngine, idFromElement, toErrorSchema } from '../../../src/ui/flow/formErrors';

const fields: Field[] = [
  { id: 'AGE_BETWEEN_18_75', path: 'CS_DRIVER.AGE_BETWEEN_18_75', type: 'string' },
  {
    id: 'GUNS',
    path: 'CT_GUNS',
    type: 'array',
    items: [{ id: 'REGISTRATION_NO', path: 'REGISTRATION_NO', type: 'string' }],
  },
  { id: 'GUN', path: 'CS_HUNTER.GUN', type: 'string' },
];

describe('form errors', () => {
  it('maps element ids to error ids even when field ids hold underscores and digits', () => {
    expect(idFromElement('root_AGE_BETWEEN_18_75', fields)).toBe('AGE_BETWEEN_18_75');
    expect(idFromElement('root_GUNS_0_REGISTRATION_NO', fields)).toBe('GUNS.0.REGISTRATION_NO');
    expect(idFromElement('root_GUNS_12_REGISTRATION_NO', fields)).toBe('GUNS.12.REGISTRATION_NO');
    expect(idFromElement('root_GUN', fields)).toBe('GUN');
  });

  it('builds an RJSF error schema with the first message of each field, items nested', () => {
    const t = (key: string, v?: Record<string, unknown>) => `${key}${v?.p0 !== undefined ? `(${v.p0})` : ''}`;
    const shown = fromEngine(
      [
        {
          path: 'CT_GUNS.1.COST',
          fieldId: 'GUNS',
          item: { index: 1, fieldId: 'COST' },
          key: 'validation:max_value_currency',
          params: { p0: 5000 },
        },
        { path: 'CS_HUNTER.GUN', fieldId: 'GUN', key: 'validation:required', params: {} },
        { path: 'CS_HUNTER.GUN', fieldId: 'GUN', key: 'validation:pattern', params: {} },
      ],
      t,
    );
    expect(toErrorSchema(shown)).toEqual({
      GUNS: { 1: { COST: { __errors: ['validation:max_value_currency(5000)'] } } },
      GUN: { __errors: ['validation:required'] },
    });
  });
});
