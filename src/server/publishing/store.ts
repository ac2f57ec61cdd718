// The configuration's versions in the database (migration 0013): items by (kind, key), their
// numbered immutable versions and the one open draft per item. The first start brings the
// repository in as version 1; a publication is announced to every instance (./bus).

import type { Db } from '../db';
import { announcePublished } from './bus';
import { contentHash, type ItemContent, type ItemFiles, type ItemKind } from './items';

export type VersionStatus = 'draft' | 'in_review' | 'live' | 'archived';

export interface ConfigVersion {
  id: number;
  itemId: number;
  kind: ItemKind;
  key: string;
  /** Set once published (live or archived); a draft has none. */
  number: number | null;
  status: VersionStatus;
  revision: number;
  basedOn: number | null;
  files: ItemFiles;
  contentHash: string;
  author: string;
  approver: string | null;
  note: string;
  createdAt: string;
  /** The last change (a draft's last save). */
  updatedAt: string;
  submittedAt: string | null;
  approvedAt: string | null;
  publishedAt: string | null;
}

/** Any fixed number: the advisory lock under which instances starting together import once. */
const IMPORT_LOCK = 7_263_029;
/** Who wrote the versions brought in from the repository's folders. */
export const REPOSITORY_AUTHOR = 'repository';

const COLUMNS = `v.id, v.item_id, i.kind, i.key, v.number, v.status, v.revision, v.based_on, v.files, v.content_hash,
  v.author, v.approver, v.note, v.created_at, v.updated_at, v.submitted_at, v.approved_at, v.published_at`;

type VersionRow = {
  id: string | number;
  item_id: string | number;
  kind: ItemKind;
  key: string;
  number: number | null;
  status: VersionStatus;
  revision: number;
  based_on: string | number | null;
  files: ItemFiles | string;
  content_hash: string;
  author: string;
  approver: string | null;
  note: string;
  created_at: Date | string;
  updated_at: Date | string;
  submitted_at: Date | string | null;
  approved_at: Date | string | null;
  published_at: Date | string | null;
};

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function toVersion(r: VersionRow): ConfigVersion {
  return {
    id: Number(r.id),
    itemId: Number(r.item_id),
    kind: r.kind,
    key: r.key,
    number: r.number === null ? null : Number(r.number),
    status: r.status,
    revision: Number(r.revision),
    basedOn: r.based_on === null ? null : Number(r.based_on),
    files: typeof r.files === 'string' ? (JSON.parse(r.files) as ItemFiles) : r.files,
    contentHash: r.content_hash,
    author: r.author,
    approver: r.approver,
    note: r.note,
    createdAt: iso(r.created_at) as string,
    updatedAt: iso(r.updated_at) as string,
    submittedAt: iso(r.submitted_at),
    approvedAt: iso(r.approved_at),
    publishedAt: iso(r.published_at),
  };
}

/** Every live version, files included (what a registry serves). */
export async function liveVersions(db: Db): Promise<ConfigVersion[]> {
  const rows = await db.query<VersionRow>(
    `SELECT ${COLUMNS} FROM config_versions v JOIN config_items i ON i.id = v.item_id
      WHERE v.status = 'live' ORDER BY i.kind, i.key`,
  );
  return rows.map(toVersion);
}

/** The live versions' ids in one string: what a polling registry compares to learn of a change. */
export async function liveSignature(db: Db): Promise<string> {
  const rows = await db.query<{ s: string | null }>(
    `SELECT string_agg(id::text, ',' ORDER BY id) AS s FROM config_versions WHERE status = 'live'`,
  );
  return rows[0]?.s ?? '';
}

export async function versionById(db: Db, id: number, forUpdate = false): Promise<ConfigVersion | undefined> {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const rows = await db.query<VersionRow>(
    `SELECT ${COLUMNS} FROM config_versions v JOIN config_items i ON i.id = v.item_id WHERE v.id = $1
     ${forUpdate ? 'FOR UPDATE OF v' : ''}`,
    [id],
  );
  return rows[0] ? toVersion(rows[0]) : undefined;
}

/** An item's versions, newest first (its open draft, if any, among them). */
export async function versionsOf(db: Db, kind: ItemKind, key: string): Promise<ConfigVersion[]> {
  const rows = await db.query<VersionRow>(
    `SELECT ${COLUMNS} FROM config_versions v JOIN config_items i ON i.id = v.item_id
      WHERE i.kind = $1 AND i.key = $2 ORDER BY v.id DESC`,
    [kind, key],
  );
  return rows.map(toVersion);
}

export async function itemId(db: Db, kind: ItemKind, key: string): Promise<number | undefined> {
  const rows = await db.query<{ id: string | number }>(
    'SELECT id FROM config_items WHERE kind = $1 AND key = $2',
    [kind, key],
  );
  return rows[0] ? Number(rows[0].id) : undefined;
}

export async function ensureItem(tx: Db, kind: ItemKind, key: string): Promise<number> {
  const rows = await tx.query<{ id: string | number }>(
    `INSERT INTO config_items (kind, key) VALUES ($1, $2)
     ON CONFLICT (kind, key) DO UPDATE SET kind = EXCLUDED.kind RETURNING id`,
    [kind, key],
  );
  return Number(rows[0].id);
}

/**
 * Makes `files` the item's next live version (the previous one archived) in the caller's
 * transaction; answers the new version's id. The caller has run the gates and checked who may.
 */
export async function publishFiles(
  tx: Db,
  input: {
    itemId: number;
    files: ItemFiles;
    author: string;
    approver: string | null;
    note: string;
    basedOn: number | null;
    now: Date;
    /** A draft made live in place (its id kept), rather than a new row. */
    draftId?: number;
  },
): Promise<number> {
  // The item's row serialises publications of one item (two publishers at once get numbers in turn).
  await tx.query('SELECT id FROM config_items WHERE id = $1 FOR UPDATE', [input.itemId]);
  const next = await tx.query<{ n: number }>(
    'SELECT COALESCE(MAX(number), 0) + 1 AS n FROM config_versions WHERE item_id = $1',
    [input.itemId],
  );
  const number = Number(next[0].n);
  await tx.query(
    `UPDATE config_versions SET status = 'archived', archived_at = $2, updated_at = $2
      WHERE item_id = $1 AND status = 'live'`,
    [input.itemId, input.now.toISOString()],
  );
  const at = input.now.toISOString();
  const hash = contentHash(input.files);
  if (input.draftId !== undefined) {
    await tx.query(
      `UPDATE config_versions SET status = 'live', number = $2, files = $3::jsonb, content_hash = $4,
              approver = $5, note = $6, published_at = $7, updated_at = $7
        WHERE id = $1`,
      [input.draftId, number, JSON.stringify(input.files), hash, input.approver, input.note, at],
    );
    await announcePublished(tx, input.draftId);
    return input.draftId;
  }
  const rows = await tx.query<{ id: string | number }>(
    `INSERT INTO config_versions (item_id, number, status, based_on, files, content_hash, author, approver, note,
                                  created_at, updated_at, approved_at, published_at)
     VALUES ($1, $2, 'live', $3, $4::jsonb, $5, $6, $7, $8, $9, $9, $9, $9) RETURNING id`,
    [
      input.itemId,
      number,
      input.basedOn,
      JSON.stringify(input.files),
      hash,
      input.author,
      input.approver,
      input.note,
      at,
    ],
  );
  const id = Number(rows[0].id);
  await announcePublished(tx, id);
  return id;
}

export interface SeedReport {
  /** Items brought in as version 1 (first start only). */
  imported: number;
  /** Items whose folder changed on disk and became the next live version (development only). */
  updated: string[];
}

/**
 * The first start: when no item exists, every item of the repository becomes version 1, live. With
 * `followDisk` (development and tests, never production), an item whose files differ from its live
 * version becomes the next live version at once: the engineers' loop, gates not applied. Under an
 * advisory lock, so instances starting together import once.
 */
export async function seedFromRepository(
  db: Db,
  items: ItemContent[],
  options: { followDisk: boolean; now: Date },
): Promise<SeedReport> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [IMPORT_LOCK]);
    const count = await tx.query<{ n: string | number }>('SELECT count(*) AS n FROM config_items');
    const at = options.now.toISOString();
    if (Number(count[0].n) === 0) {
      if (items.length === 0) return { imported: 0, updated: [] };
      const ids = await tx.query<{ id: string | number; kind: string; key: string }>(
        `INSERT INTO config_items (kind, key, created_at)
         SELECT k, n, $3::timestamptz FROM unnest($1::text[], $2::text[]) AS r(k, n) RETURNING id, kind, key`,
        [items.map((i) => i.kind), items.map((i) => i.key), at],
      );
      const idOf = new Map(ids.map((r) => [`${r.kind}/${r.key}`, Number(r.id)]));
      await tx.query(
        `INSERT INTO config_versions (item_id, number, status, files, content_hash, author, note,
                                      created_at, updated_at, approved_at, published_at)
         SELECT r.item_id, 1, 'live', r.files::jsonb, r.hash, $4, 'imported from the repository',
                $5::timestamptz, $5::timestamptz, $5::timestamptz, $5::timestamptz
           FROM unnest($1::bigint[], $2::text[], $3::text[]) AS r(item_id, files, hash)`,
        [
          items.map((i) => idOf.get(`${i.kind}/${i.key}`)),
          items.map((i) => JSON.stringify(i.files)),
          items.map((i) => contentHash(i.files)),
          REPOSITORY_AUTHOR,
          at,
        ],
      );
      await announcePublished(tx, 0);
      return { imported: items.length, updated: [] };
    }
    if (!options.followDisk) return { imported: 0, updated: [] };
    const live = new Map((await liveVersions(tx)).map((v) => [`${v.kind}/${v.key}`, v]));
    const updated: string[] = [];
    for (const item of items) {
      const name = `${item.kind}/${item.key}`;
      const current = live.get(name);
      if (current && current.contentHash === contentHash(item.files)) continue;
      await publishFiles(tx, {
        itemId: current?.itemId ?? (await ensureItem(tx, item.kind, item.key)),
        files: item.files,
        author: REPOSITORY_AUTHOR,
        approver: null,
        note: 'changed on disk (development)',
        basedOn: current?.id ?? null,
        now: options.now,
      });
      updated.push(name);
    }
    return { imported: 0, updated };
  });
}
