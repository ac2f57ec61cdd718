// The studio's answers in the service's UPPER_SNAKE shape: a version
// with its files, a version without them (history), and the items list with each item's live
// version and open change.

import type { FlowBundle } from '../../engine/flow/bundle';
import type { Db } from '../db';
import { hasKey, t } from '../platform/i18n';
import type { ItemKind } from '../publishing/items';
import type { ConfigVersion } from '../publishing/store';
import { staffNames } from '../staff';

/** Staff names by id, for the versions' authors and approvers (src/server/staff: one query). */
export type StaffNames = ReadonlyMap<string, string>;

/** The names of these versions' authors and approvers, in one query. */
export function namesOf(
  db: Db,
  versions: (ConfigVersion | null | undefined)[],
): Promise<Map<string, string>> {
  return staffNames(
    db,
    versions.flatMap((v) => (v ? [v.author, v.approver] : [])),
  );
}

export function versionSummary(v: ConfigVersion, names: StaffNames = new Map()) {
  return {
    ID: v.id,
    KIND: v.kind,
    KEY: v.key,
    STATUS: v.status,
    NUMBER: v.number,
    REVISION: v.revision,
    BASED_ON: v.basedOn,
    AUTHOR: v.author,
    /** The author's name beside the id (null for the CLI, the first import or a removed account). */
    AUTHOR_NAME: names.get(v.author) ?? null,
    APPROVER: v.approver,
    APPROVER_NAME: v.approver ? (names.get(v.approver) ?? null) : null,
    NOTE: v.note,
    CREATED_AT: v.createdAt,
    UPDATED_AT: v.updatedAt,
    SUBMITTED_AT: v.submittedAt,
    APPROVED_AT: v.approvedAt,
    PUBLISHED_AT: v.publishedAt,
  };
}

export function versionView(v: ConfigVersion, names: StaffNames = new Map()) {
  return { ...versionSummary(v, names), FILES: v.files };
}

/** One row per item with its live version and its open change (the newest per status). */
type ItemRow = {
  kind: ItemKind;
  key: string;
  live_id: string | number | null;
  live_number: number | null;
  live_published_at: Date | string | null;
  live_author: string | null;
  live_author_name: string | null;
  live_approver: string | null;
  live_approver_name: string | null;
  change_id: string | number | null;
  change_status: 'draft' | 'in_review' | null;
  change_revision: number | null;
  change_author: string | null;
  change_author_name: string | null;
  change_updated_at: Date | string | null;
};

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** A title in both languages: the studio's name for the item, else its texts' title, else its key. */
export function itemTitle(kind: ItemKind, key: string, namespace?: string) {
  const title = (lang: 'el' | 'en') => {
    const keys =
      kind === 'flow'
        ? [`studio:flowNames.${key}`, `${namespace ?? key}:title`]
        : [`studio:itemNames.${kind}.${key}`, `studio:itemNames.${kind}.any`];
    for (const k of keys) if (hasKey(lang, k)) return t(lang, k, { key });
    return key;
  };
  return { el: title('el'), en: title('en') };
}

function flowFacts(text: string | undefined): { area?: string; namespace?: string } {
  try {
    const flow = JSON.parse(text ?? '') as { area?: string; namespace?: string };
    return { area: flow.area, namespace: flow.namespace };
  } catch {
    return {};
  }
}

/** Every item of the configuration, flows first by area, then field sets, catalogues and texts. */
export async function itemsList(db: Db, bundles: readonly FlowBundle[]) {
  const rows = await db.query<ItemRow & { live_flow: string | null }>(
    `SELECT i.kind, i.key,
            l.id AS live_id, l.number AS live_number, l.published_at AS live_published_at,
            l.author AS live_author, la.name AS live_author_name,
            l.approver AS live_approver, lp.name AS live_approver_name,
            CASE WHEN i.kind = 'flow' THEN l.files->>'flow.json' END AS live_flow,
            c.id AS change_id, c.status AS change_status, c.revision AS change_revision,
            c.author AS change_author, ca.name AS change_author_name, c.updated_at AS change_updated_at
       FROM config_items i
       LEFT JOIN config_versions l ON l.item_id = i.id AND l.status = 'live'
       LEFT JOIN config_versions c ON c.item_id = i.id AND c.status IN ('draft', 'in_review')
       LEFT JOIN staff_users la ON la.staff_id = l.author
       LEFT JOIN staff_users lp ON lp.staff_id = l.approver
       LEFT JOIN staff_users ca ON ca.staff_id = c.author
      ORDER BY i.kind, i.key`,
  );
  const order: Record<ItemKind, number> = { flow: 0, fieldset: 1, catalogue: 2, texts: 3 };
  return rows
    .map((r) => {
      const bundle = r.kind === 'flow' ? bundles.find((b) => b.flow.id === r.key) : undefined;
      const facts = r.kind === 'flow' ? flowFacts(r.live_flow ?? undefined) : {};
      const area = bundle?.flow.area ?? facts.area ?? r.kind;
      return {
        KIND: r.kind,
        KEY: r.key,
        AREA: area,
        TITLE: itemTitle(r.kind, r.key, bundle?.flow.namespace ?? facts.namespace),
        LIVE:
          r.live_id === null
            ? null
            : {
                ID: Number(r.live_id),
                NUMBER: r.live_number === null ? null : Number(r.live_number),
                PUBLISHED_AT: iso(r.live_published_at),
                AUTHOR: r.live_author,
                AUTHOR_NAME: r.live_author_name ?? null,
                APPROVER: r.live_approver,
                APPROVER_NAME: r.live_approver_name ?? null,
              },
        CHANGE:
          r.change_id === null
            ? null
            : {
                ID: Number(r.change_id),
                STATUS: r.change_status,
                REVISION: Number(r.change_revision),
                AUTHOR: r.change_author,
                AUTHOR_NAME: r.change_author_name ?? null,
                UPDATED_AT: iso(r.change_updated_at),
              },
      };
    })
    .sort(
      (a, b) =>
        order[a.KIND] - order[b.KIND] ||
        String(a.AREA).localeCompare(String(b.AREA)) ||
        a.KEY.localeCompare(b.KEY),
    );
}
