// The admin pages' calls (routes.ts on the service): the staff accounts and what an admin may do
// to one, and the audit trail with its filters and its CSV export (a link: the browser downloads
// it with the session cookie).

import { type StaffRole, type StaffView, segment, studioApi } from '../api';

export const ROLES: StaffRole[] = ['viewer', 'editor', 'publisher', 'admin'];

export interface StaffAccount extends StaffView {
  TOTP: boolean;
  CREATED_AT: string;
}

/** What a creation or a reset hands over once: a password, an authenticator secret. */
export interface HandOver {
  STAFF: StaffAccount;
  PASSWORD?: string;
  TOTP_SECRET?: string | null;
  TOTP_URI?: string | null;
}

export type StaffAction = 'disable' | 'enable' | 'unlock' | 'reset-password' | 'reset-totp';

export interface AuditEvent {
  EVENT_ID: string;
  AT: string;
  ACTOR: string;
  ACTOR_ID: string | null;
  /** The staff member's name, null for the CLI, the system or a customer. */
  ACTOR_NAME?: string | null;
  ACTION: string;
  TARGET: string;
  BEFORE: unknown;
  AFTER: unknown;
  IP: string | null;
}

/** The trail's filters as the service names them (AuditQuery in routes.ts). */
export const AUDIT_FILTERS = ['ACTOR', 'ACTION', 'TARGET', 'FROM', 'TO'] as const;
export type AuditFilters = Partial<Record<(typeof AUDIT_FILTERS)[number], string>>;

const query = (filters: AuditFilters) => {
  const out: Record<string, string> = {};
  for (const name of AUDIT_FILTERS) {
    const value = filters[name]?.trim();
    if (value) out[name] = value;
  }
  return out;
};

export const auditCsvUrl = (filters: AuditFilters) => {
  const params = new URLSearchParams(query(filters)).toString();
  return `/zcp/studio/audit.csv${params ? `?${params}` : ''}`;
};

export const adminApi = {
  staff: () => studioApi.get<{ STAFF: StaffAccount[]; ROLES: StaffRole[] }>('staff'),
  create: (input: { EMAIL: string; NAME: string; ROLE: StaffRole }) =>
    studioApi.post<HandOver>('staff', input),
  act: (id: string, action: StaffAction) => studioApi.post<HandOver>(`staff/${segment(id)}/${action}`, {}),
  setRole: (id: string, role: StaffRole) =>
    studioApi.put<{ STAFF: StaffAccount }>(`staff/${segment(id)}/role`, { ROLE: role }),
  audit: (filters: AuditFilters, limit: number) =>
    studioApi.get<{ EVENTS: AuditEvent[] }>('audit', {
      searchParams: { ...query(filters), LIMIT: String(limit) },
    }),
};
