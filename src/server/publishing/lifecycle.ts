// The life cycle of a configuration change (issue 29 item 2), every transition checked here:
//   new draft from live → save (at the revision it was read at) → submit for review → approve (a
//   publisher, never the author) → publish (the gates, then the next numbered live version; the
//   previous one archived) — or refuse (back to draft), discard (the draft deleted) and rollback
//   (an earlier version published again as a new version). Each function takes the acting staff
//   member; a refusal is an ApiError with a code and a translated message (every gate reason listed).

import type { Db } from '../db';
import { ApiError, type PendingMessage } from '../platform/errors';
import { type Lang, t } from '../platform/i18n';
import { contentHash, type ItemContent, type ItemFiles, type ItemKind } from './items';
import { reasonText } from './problemText';
import { type ConfigVersion, ensureItem, itemId, liveVersions, publishFiles, versionById } from './store';

/** Who acts: a staff member and their role (src/server/staff). */
export interface Actor {
  staffId: string;
  role: string;
}

/**
 * Roles that may write drafts; roles that may approve, refuse, publish and roll back. An admin may
 * do what every role before it may (src/server/staff/roles.ts).
 */
export const EDITOR_ROLES: readonly string[] = ['editor', 'publisher', 'admin'];
export const PUBLISHER_ROLES: readonly string[] = ['publisher', 'admin'];

export type GateName = 'checker' | 'paths' | 'scenarios' | 'texts';

/** One reason a version may not be published: the gate, and what it found (a file, a step, a key). */
export interface GateReason {
  gate: GateName;
  /** In English, for the command line, the logs and the audit trail. */
  detail: string;
  /**
   * How the studio tells it in its language (./reasonText.ts): a key of
   * errors.publishing.reason.* and its values; a checker's or scenario's English finding is
   * translated there (./problemText.ts).
   */
  key?: string;
  params?: Record<string, string>;
}

/** What the gates look at: the item's candidate files among every other item's live version. */
export interface Candidate {
  kind: ItemKind;
  key: string;
  files: ItemFiles;
  live: ConfigVersion[];
}

/** The publication gates (./gates): every reason found, none when the candidate may go live. */
export type Gates = (candidate: Candidate) => Promise<GateReason[]>;

export interface LifeCycleDeps {
  db: Db;
  now: () => Date;
  gates: Gates;
}

export type RefusalCode =
  | 'FORBIDDEN_ROLE'
  | 'UNKNOWN_ITEM'
  | 'UNKNOWN_VERSION'
  | 'DRAFT_EXISTS'
  | 'NOT_A_DRAFT'
  | 'NOT_IN_REVIEW'
  | 'DRAFT_STALE'
  | 'UNCHANGED'
  | 'SELF_APPROVAL'
  | 'NOT_APPROVED'
  | 'NOT_PUBLISHED'
  | 'ALREADY_LIVE'
  | 'GATES_FAILED';

const STATUS: Record<RefusalCode, number> = {
  FORBIDDEN_ROLE: 403,
  SELF_APPROVAL: 403,
  UNKNOWN_ITEM: 404,
  UNKNOWN_VERSION: 404,
  DRAFT_EXISTS: 409,
  NOT_A_DRAFT: 409,
  NOT_IN_REVIEW: 409,
  DRAFT_STALE: 409,
  UNCHANGED: 409,
  NOT_APPROVED: 409,
  NOT_PUBLISHED: 409,
  ALREADY_LIVE: 409,
  GATES_FAILED: 422,
};

const KEY: Record<RefusalCode, string> = {
  FORBIDDEN_ROLE: 'forbiddenRole',
  UNKNOWN_ITEM: 'unknownItem',
  UNKNOWN_VERSION: 'unknownVersion',
  DRAFT_EXISTS: 'draftExists',
  NOT_A_DRAFT: 'notADraft',
  NOT_IN_REVIEW: 'notInReview',
  DRAFT_STALE: 'draftStale',
  UNCHANGED: 'unchanged',
  SELF_APPROVAL: 'selfApproval',
  NOT_APPROVED: 'notApproved',
  NOT_PUBLISHED: 'notPublished',
  ALREADY_LIVE: 'alreadyLive',
  GATES_FAILED: 'gatesFailed',
};

/** The reasons a gates' refusal carries for telling them again in the caller's language. */
const GATE_REASONS = Symbol('gate reasons');

/** Gate reasons in the service's answer shape: [{ GATE, DETAIL }], DETAIL in `lang` (English without). */
export function reasonsView(reasons: GateReason[], lang?: Lang): { GATE: GateName; DETAIL: string }[] {
  return reasons.map((r) => ({ GATE: r.gate, DETAIL: lang ? reasonText(lang, r) : r.detail }));
}

/** A refusal by the gates told again in `lang`: its messages and its REASONS (the studio's language). */
export function gatesRefusalIn(error: ApiError, lang: Lang): ApiError {
  const reasons = (error as ApiError & { [GATE_REASONS]?: GateReason[] })[GATE_REASONS];
  if (!reasons) return error;
  const [first] = error.messages;
  return new ApiError(
    error.statusCode,
    [
      first,
      ...reasons.map((r) => ({
        text: t(lang, `errors.publishing.gate.${r.gate}`, { detail: reasonText(lang, r) }),
        code: first?.code,
      })),
    ],
    { ...error.extra, REASONS: reasonsView(reasons, lang) },
  );
}

/** A refused transition: the code (CODE in the answer) and, for the gates, every reason. */
export function refusal(code: RefusalCode, reasons: GateReason[] = []): ApiError {
  const messages: PendingMessage[] = [{ key: `errors.publishing.${KEY[code]}`, code }];
  for (const reason of reasons)
    messages.push({ key: `errors.publishing.gate.${reason.gate}`, params: { detail: reason.detail }, code });
  const error = new ApiError(STATUS[code], messages, {
    CODE: code,
    ...(reasons.length ? { REASONS: reasonsView(reasons) } : {}),
  });
  if (reasons.length) Object.assign(error, { [GATE_REASONS]: reasons });
  return error;
}

/** The code of a refused transition, or undefined for any other error. */
export function refusalCodeOf(error: unknown): RefusalCode | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const code = error.extra.CODE;
  return typeof code === 'string' && code in KEY ? (code as RefusalCode) : undefined;
}

function mayEdit(actor: Actor): void {
  if (!EDITOR_ROLES.includes(actor.role)) throw refusal('FORBIDDEN_ROLE');
}

function mayPublish(actor: Actor): void {
  if (!PUBLISHER_ROLES.includes(actor.role)) throw refusal('FORBIDDEN_ROLE');
}

async function openVersion(tx: Db, id: number): Promise<ConfigVersion> {
  const version = await versionById(tx, id, true);
  if (!version) throw refusal('UNKNOWN_VERSION');
  return version;
}

async function liveOf(tx: Db, item: number): Promise<ConfigVersion | undefined> {
  return (await liveVersions(tx)).find((v) => v.itemId === item);
}

async function hasDraft(tx: Db, item: number): Promise<boolean> {
  const rows = await tx.query(
    `SELECT 1 FROM config_versions WHERE item_id = $1 AND status IN ('draft', 'in_review')`,
    [item],
  );
  return rows.length > 0;
}

async function insertDraft(
  tx: Db,
  input: {
    itemId: number;
    files: ItemFiles;
    basedOn: number | null;
    author: string;
    note: string;
    now: Date;
  },
): Promise<number> {
  const rows = await tx.query<{ id: string | number }>(
    `INSERT INTO config_versions (item_id, status, based_on, files, content_hash, author, note, created_at, updated_at)
     VALUES ($1, 'draft', $2, $3::jsonb, $4, $5, $6, $7, $7) RETURNING id`,
    [
      input.itemId,
      input.basedOn,
      JSON.stringify(input.files),
      contentHash(input.files),
      input.author,
      input.note,
      input.now.toISOString(),
    ],
  );
  return Number(rows[0].id);
}

const reread = async (db: Db, id: number) => (await versionById(db, id)) as ConfigVersion;

/** A new draft of an item, a copy of its live version. Refused while the item has an open draft. */
export async function newDraftFromLive(
  deps: LifeCycleDeps,
  actor: Actor,
  item: { kind: ItemKind; key: string },
): Promise<ConfigVersion> {
  mayEdit(actor);
  const id = await deps.db.transaction(async (tx) => {
    const found = await itemId(tx, item.kind, item.key);
    if (found === undefined) throw refusal('UNKNOWN_ITEM');
    await tx.query('SELECT id FROM config_items WHERE id = $1 FOR UPDATE', [found]);
    if (await hasDraft(tx, found)) throw refusal('DRAFT_EXISTS');
    const live = await liveOf(tx, found);
    if (!live) throw refusal('UNKNOWN_ITEM');
    return insertDraft(tx, {
      itemId: found,
      files: live.files,
      basedOn: live.id,
      author: actor.staffId,
      note: '',
      now: deps.now(),
    });
  });
  return reread(deps.db, id);
}

/**
 * A folder brought in (flows:import) as the item's draft; a new item is made for a new key, unless
 * `existingOnly` (the studio's zip import, where an unknown key is a mistake: UNKNOWN_ITEM).
 */
export async function importDraft(
  deps: LifeCycleDeps,
  actor: Actor,
  item: ItemContent,
  options: { existingOnly?: boolean; note?: string } = {},
): Promise<ConfigVersion> {
  mayEdit(actor);
  const id = await deps.db.transaction(async (tx) => {
    const known = options.existingOnly ? await itemId(tx, item.kind, item.key) : undefined;
    if (options.existingOnly && known === undefined) throw refusal('UNKNOWN_ITEM');
    const found = known ?? (await ensureItem(tx, item.kind, item.key));
    await tx.query('SELECT id FROM config_items WHERE id = $1 FOR UPDATE', [found]);
    if (await hasDraft(tx, found)) throw refusal('DRAFT_EXISTS');
    const live = await liveOf(tx, found);
    return insertDraft(tx, {
      itemId: found,
      files: item.files,
      basedOn: live?.id ?? null,
      author: actor.staffId,
      note: options.note ?? 'imported',
      now: deps.now(),
    });
  });
  return reread(deps.db, id);
}

/**
 * Saves a draft's files. `revision` is the one the editor read: a save based on an older one (another
 * save came between) is refused with DRAFT_STALE, so no one's edit is silently overwritten.
 */
export async function saveDraft(
  deps: LifeCycleDeps,
  actor: Actor,
  draftId: number,
  input: { files: ItemFiles; revision: number },
): Promise<ConfigVersion> {
  mayEdit(actor);
  await deps.db.transaction(async (tx) => {
    const draft = await openVersion(tx, draftId);
    if (draft.status !== 'draft') throw refusal('NOT_A_DRAFT');
    if (draft.revision !== input.revision) throw refusal('DRAFT_STALE');
    await tx.query(
      `UPDATE config_versions SET files = $2::jsonb, content_hash = $3, revision = revision + 1, updated_at = $4
        WHERE id = $1`,
      [draftId, JSON.stringify(input.files), contentHash(input.files), deps.now().toISOString()],
    );
  });
  return reread(deps.db, draftId);
}

/** Deletes a draft (in review too: the review ends with it). A published version is never deleted. */
export async function discardDraft(
  deps: LifeCycleDeps,
  actor: Actor,
  draftId: number,
): Promise<ConfigVersion> {
  mayEdit(actor);
  return deps.db.transaction(async (tx) => {
    const draft = await openVersion(tx, draftId);
    if (draft.status !== 'draft' && draft.status !== 'in_review') throw refusal('NOT_A_DRAFT');
    await tx.query('DELETE FROM config_versions WHERE id = $1', [draftId]);
    return draft;
  });
}

/** Sends a draft for review with the author's note. A draft equal to the live version is refused. */
export async function submitForReview(
  deps: LifeCycleDeps,
  actor: Actor,
  draftId: number,
  note: string,
): Promise<ConfigVersion> {
  mayEdit(actor);
  await deps.db.transaction(async (tx) => {
    const draft = await openVersion(tx, draftId);
    if (draft.status !== 'draft') throw refusal('NOT_A_DRAFT');
    const live = await liveOf(tx, draft.itemId);
    if (live && live.contentHash === draft.contentHash) throw refusal('UNCHANGED');
    await tx.query(
      `UPDATE config_versions SET status = 'in_review', note = $2, submitted_at = $3, updated_at = $3 WHERE id = $1`,
      [draftId, note.trim(), deps.now().toISOString()],
    );
  });
  return reread(deps.db, draftId);
}

async function inReview(tx: Db, actor: Actor, draftId: number): Promise<ConfigVersion> {
  mayPublish(actor);
  const draft = await openVersion(tx, draftId);
  if (draft.status !== 'in_review') throw refusal('NOT_IN_REVIEW');
  return draft;
}

/** A publisher other than the author approves the change in review (four eyes). */
export async function approve(deps: LifeCycleDeps, actor: Actor, draftId: number): Promise<ConfigVersion> {
  await deps.db.transaction(async (tx) => {
    const draft = await inReview(tx, actor, draftId);
    if (draft.author === actor.staffId) throw refusal('SELF_APPROVAL');
    await tx.query(
      `UPDATE config_versions SET approver = $2, approved_at = $3, updated_at = $3 WHERE id = $1`,
      [draftId, actor.staffId, deps.now().toISOString()],
    );
  });
  return reread(deps.db, draftId);
}

/** A publisher sends the change back to its author as a draft, with the reason as its note. */
export async function refuse(
  deps: LifeCycleDeps,
  actor: Actor,
  draftId: number,
  reason: string,
): Promise<ConfigVersion> {
  await deps.db.transaction(async (tx) => {
    await inReview(tx, actor, draftId);
    await tx.query(
      `UPDATE config_versions SET status = 'draft', approver = NULL, approved_at = NULL, submitted_at = NULL,
              note = $2, revision = revision + 1, updated_at = $3
        WHERE id = $1`,
      [draftId, reason.trim(), deps.now().toISOString()],
    );
  });
  return reread(deps.db, draftId);
}

async function passGates(deps: LifeCycleDeps, tx: Db, version: ConfigVersion): Promise<void> {
  const live = (await liveVersions(tx)).filter((v) => v.itemId !== version.itemId);
  const reasons = await deps.gates({ kind: version.kind, key: version.key, files: version.files, live });
  if (reasons.length > 0) throw refusal('GATES_FAILED', reasons);
}

/**
 * Publishes an approved change: the gates run on it among the other live versions, then it becomes
 * the item's next numbered live version (the previous live archived) and every instance hears of it.
 */
export async function publish(deps: LifeCycleDeps, actor: Actor, draftId: number): Promise<ConfigVersion> {
  // The gates run outside the transaction (a scenario replay takes seconds); the draft is read again
  // under its lock and must still be the one the gates passed.
  mayPublish(actor);
  const checked = await versionById(deps.db, draftId);
  if (!checked) throw refusal('UNKNOWN_VERSION');
  if (checked.status !== 'in_review') throw refusal('NOT_IN_REVIEW');
  if (!checked.approver) throw refusal('NOT_APPROVED');
  await passGates(deps, deps.db, checked);
  await deps.db.transaction(async (tx) => {
    const draft = await inReview(tx, actor, draftId);
    if (!draft.approver) throw refusal('NOT_APPROVED');
    if (draft.contentHash !== checked.contentHash || draft.revision !== checked.revision)
      throw refusal('DRAFT_STALE');
    await publishFiles(tx, {
      itemId: draft.itemId,
      files: draft.files,
      author: draft.author,
      approver: draft.approver,
      note: draft.note,
      basedOn: draft.basedOn,
      now: deps.now(),
      draftId,
    });
  });
  return reread(deps.db, draftId);
}

/**
 * Publishes an earlier (archived) version again, as the item's next version: the gates run on it
 * as on any publication (the other items may have moved on); the publisher is its approver.
 */
export async function rollback(
  deps: LifeCycleDeps,
  actor: Actor,
  versionId: number,
  note: string,
): Promise<ConfigVersion> {
  mayPublish(actor);
  const earlier = await versionById(deps.db, versionId);
  if (!earlier) throw refusal('UNKNOWN_VERSION');
  if (earlier.status === 'live') throw refusal('ALREADY_LIVE');
  if (earlier.status !== 'archived') throw refusal('NOT_PUBLISHED');
  await passGates(deps, deps.db, earlier);
  const id = await deps.db.transaction(async (tx) =>
    publishFiles(tx, {
      itemId: earlier.itemId,
      files: earlier.files,
      author: actor.staffId,
      approver: actor.staffId,
      note: note.trim() || `rollback to version ${earlier.number}`,
      basedOn: earlier.id,
      now: deps.now(),
    }),
  );
  return reread(deps.db, id);
}
