// JSON Schemas of the portal calls (validation and the OpenAPI document). Bodies refuse unknown
// fields (400), like the rest of the service.

import { ERROR_ANSWERS } from './apiSchemas';

const NO_NUL = '^[^\\u0000]*$';

export const str = (maxLength = 100, extra: Record<string, unknown> = {}) => ({
  type: 'string',
  maxLength,
  pattern: NO_NUL,
  ...extra,
});
export const ymd = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'Y-m-d' };
export const mobile = str(20, {
  description: 'Cypriot mobile: 8 digits starting with 9; +357 or 00357 allowed',
});
export const code = str(12, { description: 'the 6-digit SMS code' });

export function body(properties: Record<string, unknown>, required: string[] = []) {
  return { type: 'object', properties, required, additionalProperties: false };
}

/** A body that may be left out altogether (a POST with nothing to send). */
export function optionalBody(properties: Record<string, unknown>) {
  return { type: ['object', 'null'], properties, additionalProperties: false };
}

export const sessionBody = {
  type: 'object',
  description: 'The session (docs/portal-api.md §2); tokens travel only as HttpOnly cookies.',
  properties: {
    LOGGED_IN: { type: 'boolean' },
    TWO_FA_REQUIRED: { type: 'boolean' },
    TWO_FA_METHODS: { type: 'array', items: { type: 'string', enum: ['SMS', 'PASSKEY'] } },
    MOBILE_HINT: { type: 'string' },
    LOCKED: { type: 'boolean' },
    USERNAME: { type: 'string' },
    USER_ID: { type: 'string' },
    CLIENT_ID: { type: 'string' },
    CUSTOMER_NO: { type: 'string' },
    CONTACT_ID: { type: 'string' },
    TELEPHONE: { type: 'string' },
    BIRTHDATE: { type: 'string' },
    FIRST_NAME: { type: 'string' },
    LAST_NAME: { type: 'string' },
    OUTDATED_DATA: { type: 'boolean' },
    ACCESS_EXPIRES_AT: { type: 'string' },
    SESSION_EXPIRES_AT: { type: 'string' },
    INACTIVITY_SECONDS: { type: 'integer' },
  },
  additionalProperties: true,
};

export const csUserAnswer = {
  type: 'object',
  properties: { CS_USER: { type: 'object', additionalProperties: true } },
  additionalProperties: true,
};

export const open = (description: string) => ({ type: 'object', description, additionalProperties: true });

export const noContent = (description: string) => ({ 204: { type: 'null', description } });

export const answers = (ok: Record<string | number, unknown>) => ({ ...ok, ...ERROR_ANSWERS });
