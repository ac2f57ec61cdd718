// The staff roles, each allowed what the ones before it are: a viewer reads, an editor edits
// drafts, a publisher approves and publishes, an admin also manages staff and reads the audit trail.

export const STAFF_ROLES = ['viewer', 'editor', 'publisher', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** Whether `role` may do what `needed` may. */
export function roleAtLeast(role: StaffRole, needed: StaffRole): boolean {
  return STAFF_ROLES.indexOf(role) >= STAFF_ROLES.indexOf(needed);
}
