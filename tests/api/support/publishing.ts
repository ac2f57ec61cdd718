// Helpers of the publishing tests: actors, a tariff change that moves every package's premium,
// and a life cycle whose gates a test chooses.

import type { Db } from '../../../src/server/db';
import type { Actor, GateReason, LifeCycleDeps } from '../../../src/server/publishing/lifecycle';
import { versionsOf } from '../../../src/server/publishing/store';

export const EDITOR: Actor = { staffId: 'st-101-maria.constantinou', role: 'editor' };
export const PUBLISHER: Actor = { staffId: 'st-102-nikos.kyriakou', role: 'publisher' };
export const OTHER_PUBLISHER: Actor = { staffId: 'st-103-eleni.savva', role: 'publisher' };

export function lifeCycle(db: Db, gates: () => Promise<GateReason[]> = async () => []): LifeCycleDeps {
  return { db, now: () => new Date(), gates };
}

/** The tariff with every package's base premium raised by `factor` (10 % unless given). */
export function raisedTariff(tariffText: string, factor = 1.1): string {
  const tariff = JSON.parse(tariffText) as { packages?: { base?: unknown }[] };
  for (const p of tariff.packages ?? []) if (p.base !== undefined) p.base = { mul: [p.base, factor] };
  return `${JSON.stringify(tariff, null, 2)}\n`;
}

/** The live version of an item. */
export async function liveOf(db: Db, kind: 'flow' | 'fieldset' | 'catalogue' | 'texts', key: string) {
  const live = (await versionsOf(db, kind, key)).find((v) => v.status === 'live');
  if (!live) throw new Error(`no live version of ${kind} ${key}`);
  return live;
}
