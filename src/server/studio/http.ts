// Pieces every studio route shares: the item and version parameters, who acts (for the life
// cycle and for the audit trail), and the audit record of a change.

import type { FastifyRequest } from 'fastify';
import type { Db } from '../db';
import { ApiError } from '../platform/errors';
import { ITEM_KINDS, type ItemKind } from '../publishing/items';
import type { Actor } from '../publishing/lifecycle';
import type { ConfigVersion } from '../publishing/store';
import { audit, type StaffPrincipal } from '../staff';
import { KEY_PATTERN } from './files';
import { versionSummary } from './views';

export const TAG = 'studio';

export const itemParams = {
  type: 'object',
  properties: {
    kind: { type: 'string', enum: [...ITEM_KINDS], description: 'flow, fieldset, catalogue or texts' },
    key: {
      type: 'string',
      pattern: KEY_PATTERN,
      description: 'the flow id, _shared, the catalogue or namespace',
    },
  },
  required: ['kind', 'key'],
};
export type ItemParams = { kind: ItemKind; key: string };

export const idParams = {
  type: 'object',
  properties: { id: { type: 'string', pattern: '^[1-9]\\d{0,15}$', description: 'a version id' } },
  required: ['id'],
};
export type IdParams = { id: string };

export const filesSchema = {
  type: 'object',
  description:
    "The item's files by name (flow.json, rules.json, tariff.json; <set>.json; <key>.json; el.json, en.json), each the file's text",
  additionalProperties: { type: 'string' },
  maxProperties: 64,
};

/** The life cycle's actor: the staff member and their role (admin may do what a publisher may). */
export function actorOf(staff: StaffPrincipal): Actor {
  return { staffId: staff.staffId, role: staff.role };
}

/** The version a route names, or 404 UNKNOWN_VERSION. */
export function unknownVersion(): ApiError {
  return new ApiError(404, [{ key: 'errors.publishing.unknownVersion', code: 'UNKNOWN_VERSION' }], {
    CODE: 'UNKNOWN_VERSION',
  });
}

/** A version as the audit trail keeps it: what it is and its content hash, not its files' text. */
export function auditedVersion(v: ConfigVersion | undefined) {
  if (!v) return undefined;
  const { ID, STATUS, NUMBER, REVISION, BASED_ON, AUTHOR, APPROVER, NOTE } = versionSummary(v);
  return {
    ID,
    STATUS,
    NUMBER,
    REVISION,
    BASED_ON,
    AUTHOR,
    APPROVER,
    NOTE,
    CONTENT_HASH: v.contentHash,
    FILES: Object.fromEntries(Object.entries(v.files).map(([name, text]) => [name, text.length])),
  };
}

/** Records a studio action on an item: `<kind>.<verb>` on `<kind>:<key>`, with the version before and after. */
export async function auditItem(
  db: Db,
  request: FastifyRequest,
  staff: StaffPrincipal,
  now: Date,
  event: {
    verb: string;
    item: { kind: ItemKind; key: string };
    before?: ConfigVersion;
    after?: ConfigVersion;
    extra?: Record<string, unknown>;
  },
): Promise<void> {
  await audit(db, {
    actor: { staffId: staff.staffId, email: staff.email },
    action: `${event.item.kind}.${event.verb}`,
    target: `${event.item.kind}:${event.item.key}`,
    before: auditedVersion(event.before),
    after: event.after || event.extra ? { ...auditedVersion(event.after), ...event.extra } : undefined,
    at: now,
    ip: request.ip,
  });
}
