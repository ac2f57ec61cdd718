// The audit trail (issue 29 item 7): every staff action, who, when, what, to what, and the state
// before and after. Written in the caller's transaction when it has one (the change and its record
// stand or fall together); the table refuses UPDATE, DELETE and TRUNCATE (migration 0015).

import type { Db } from '../db';

/** Who acted: a signed-in staff member, or a label for the rest ("cli:<user>", "system"). */
export type AuditActor = string | { staffId: string | null; email: string };

export interface AuditEvent {
  actor: AuditActor;
  /** What was done, dotted: staff.signin, staff.create, flow.publish … */
  action: string;
  /** What it was done to: staff:S100001, flow:travel … */
  target?: string;
  before?: unknown;
  after?: unknown;
  /** When; the database's clock when absent. */
  at?: Date;
  ip?: string;
}

export type AuditRow = {
  event_id: string;
  at: Date | string;
  actor_id: string | null;
  /** The staff member's name when the actor is one (joined from staff_users). */
  actor_name?: string | null;
  actor_label: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  client_ip: string | null;
};

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/** Records one staff action; `db` may be a transaction. */
export async function audit(db: Db, event: AuditEvent): Promise<void> {
  const actor = typeof event.actor === 'string' ? { staffId: null, email: event.actor } : event.actor;
  await db.query(
    `INSERT INTO audit_events (at, actor_id, actor_label, action, target, before, after, client_ip)
     VALUES (coalesce($1::timestamptz, now()), $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8)`,
    [
      event.at?.toISOString() ?? null,
      actor.staffId,
      actor.email,
      event.action,
      event.target ?? '',
      json(event.before),
      json(event.after),
      event.ip ?? null,
    ],
  );
}

export interface AuditFilter {
  /** Part of the actor's e-mail or label, or of their name. */
  actor?: string;
  /** The start of an action ("staff." for every staff account change, "staff.create" for one kind). */
  action?: string;
  /** Part of the target. */
  target?: string;
  /** From this day (Y-m-d, Cyprus time) inclusive. */
  from?: string;
  /** To this day (Y-m-d, Cyprus time) inclusive. */
  to?: string;
  limit?: number;
}

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The events matching a filter, newest first. */
export async function findAudit(db: Db, filter: AuditFilter): Promise<AuditRow[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (filter.actor) {
    // Part of the e-mail (the label) or of the staff member's name.
    add('(actor_label ILIKE ? OR s.name ILIKE $?)', like(filter.actor));
    where[where.length - 1] = where[where.length - 1].replace('$?', `$${params.length}`);
  }
  if (filter.action) add('action LIKE ?', `${filter.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (filter.target) add('target ILIKE ?', like(filter.target));
  if (filter.from) add("at >= (?::date)::timestamp AT TIME ZONE 'Asia/Nicosia'", filter.from);
  if (filter.to) add("at < ((?::date) + 1)::timestamp AT TIME ZONE 'Asia/Nicosia'", filter.to);
  params.push(Math.min(Math.max(filter.limit ?? 200, 1), 10_000));
  return db.query<AuditRow>(
    `SELECT event_id::text, at, actor_id, s.name AS actor_name, actor_label, action, target, before, after,
            client_ip
       FROM audit_events LEFT JOIN staff_users s ON s.staff_id = audit_events.actor_id
       ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY at DESC, event_id DESC LIMIT $${params.length}`,
    params,
  );
}

/** An event as the studio's API answers it. */
export function auditView(row: AuditRow) {
  return {
    EVENT_ID: row.event_id,
    AT: new Date(row.at).toISOString(),
    ACTOR: row.actor_label,
    ACTOR_ID: row.actor_id,
    /** The staff member's name (staff_users), null for the CLI, the system or a customer. */
    ACTOR_NAME: row.actor_name ?? null,
    ACTION: row.action,
    TARGET: row.target,
    BEFORE: row.before ?? null,
    AFTER: row.after ?? null,
    IP: row.client_ip,
  };
}

/** One CSV cell: quoted when needed, and a leading = + - @ defused so a spreadsheet runs no formula. */
function cell(value: unknown): string {
  let text =
    value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const AUDIT_CSV_COLUMNS = [
  'event_id',
  'at',
  'actor',
  'actor_id',
  'action',
  'target',
  'before',
  'after',
  'ip',
];

/** RFC 4180 CSV (CRLF lines, a header row) of events. */
export function auditCsv(rows: AuditRow[]): string {
  const lines = [AUDIT_CSV_COLUMNS.join(',')];
  for (const r of rows) {
    const v = auditView(r);
    lines.push(
      [v.EVENT_ID, v.AT, v.ACTOR, v.ACTOR_ID, v.ACTION, v.TARGET, v.BEFORE, v.AFTER, v.IP]
        .map(cell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
