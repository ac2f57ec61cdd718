// The live configuration of one service instance, in memory: the flow bundles and the product
// catalogue built from the live versions in the database. A publication on any instance reaches
// it through ./bus (LISTEN/NOTIFY on PostgreSQL, in-process on PGlite), with polling as the
// fallback for a notification lost with its connection. A request takes the snapshot once and
// finishes on it, so a quotation in flight is priced by the version it started with.

import { join } from 'node:path';
import type { FlowBundle, RulesFile } from '../../engine/flow/bundle';
import { expandFieldSets, type FieldSets } from '../../engine/flow/expand';
import { FLOWS_DIR } from '../../engine/flow/files';
import type { Field, Flow } from '../../engine/flow/types';
import type { Db } from '../db';
import { Catalog, type ConfigVersionRefs, type Product } from '../offers/catalog';
import type { LiveConfigSource } from '../platform/liveConfig';
import { onPublished } from './bus';
import { FIELDSET_KEY, type ItemContent } from './items';
import { type ConfigVersion, liveSignature, liveVersions, seedFromRepository, versionById } from './store';

export interface ConfigSnapshot {
  bundles: FlowBundle[];
  catalog: Catalog;
  /** The live versions the snapshot was built from (empty for fixed flows). */
  versions: ConfigVersion[];
  /** Each flow's versions by flow id (what a record built on it names); empty for fixed flows. */
  refs: ReadonlyMap<string, ConfigVersionRefs>;
  /** The live versions' ids, as liveSignature gives them. */
  signature: string;
}

export interface RegistryLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

const parse = (text: string | undefined, where: string): unknown => {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${where}: ${(error as Error).message}`);
  }
};

/** The field sets of a fieldset version, by name. */
export function fieldSetsOf(version: Pick<ConfigVersion, 'files'> | undefined): FieldSets {
  const sets: FieldSets = {};
  for (const [name, text] of Object.entries(version?.files ?? {}))
    sets[name.replace(/\.json$/, '')] = parse(text, `flows/${FIELDSET_KEY}/${name}`) as Field[];
  return sets;
}

/** A flow version as the bundle the service runs (field sets expanded). */
export function bundleOf(version: Pick<ConfigVersion, 'key' | 'files'>, sets: FieldSets): FlowBundle {
  const where = (name: string) => `flows/${version.key}/${name}`;
  return {
    dir: join(FLOWS_DIR, version.key),
    flow: expandFieldSets(parse(version.files['flow.json'], where('flow.json')) as Flow, sets),
    rules: (parse(version.files['rules.json'], where('rules.json')) as RulesFile) ?? {
      ET_TEXTS: [],
      ET_CHECK_POINTS: [],
    },
    tariff: parse(version.files['tariff.json'], where('tariff.json')) as FlowBundle['tariff'],
  };
}

/** The bundles and catalogue of a set of versions (the live ones, or a draft among them). */
export function snapshotOf(versions: ConfigVersion[], signature = ''): ConfigSnapshot {
  const fieldset = versions.find((v) => v.kind === 'fieldset');
  const sets = fieldSetsOf(fieldset);
  const bundles: FlowBundle[] = [];
  const refs = new Map<string, ConfigVersionRefs>();
  for (const version of versions.filter((v) => v.kind === 'flow').sort((a, b) => (a.key < b.key ? -1 : 1))) {
    const bundle = bundleOf(version, sets);
    bundles.push(bundle);
    refs.set(bundle.flow.id, { flow: version.id, ...(fieldset ? { fieldset: fieldset.id } : {}) });
  }
  return { bundles, catalog: new Catalog(bundles, refs), versions, refs, signature };
}

export interface RegistryOptions {
  /** The polling fallback's interval (CONFIG_POLL_MS); 0: no polling. */
  pollMs: number;
  /** The repository's items, brought in on the first start (and followed in development). */
  seed?: { items: ItemContent[]; followDisk: boolean };
  now?: () => Date;
  log?: RegistryLog;
}

export class ConfigRegistry {
  private snapshot: ConfigSnapshot;
  private refreshing: Promise<boolean> | undefined;
  private again = false;
  private stops: (() => Promise<void>)[] = [];
  private readonly listeners = new Set<(snapshot: ConfigSnapshot) => void>();

  private constructor(
    private readonly db: Db | undefined,
    snapshot: ConfigSnapshot,
    private readonly log?: RegistryLog,
  ) {
    this.snapshot = snapshot;
  }

  /** A registry of fixed flows, no database (a service given its flows: tests, tools). */
  static fixed(bundles: FlowBundle[]): ConfigRegistry {
    return new ConfigRegistry(undefined, {
      bundles,
      catalog: new Catalog(bundles),
      versions: [],
      refs: new Map(),
      signature: '',
    });
  }

  /** Seeds the database when it has no configuration, loads the live versions and starts following them. */
  static async start(db: Db, options: RegistryOptions): Promise<ConfigRegistry> {
    const now = options.now ?? (() => new Date());
    if (options.seed) {
      const report = await seedFromRepository(db, options.seed.items, {
        followDisk: options.seed.followDisk,
        now: now(),
      });
      if (report.imported > 0)
        options.log?.info({ publishing: report }, 'configuration imported as version 1');
      if (report.updated.length > 0) options.log?.info({ publishing: report }, 'changed folders made live');
    }
    const signature = await liveSignature(db);
    const registry = new ConfigRegistry(db, snapshotOf(await liveVersions(db), signature), options.log);
    registry.stops.push(await onPublished(db, () => registry.kick()));
    if (options.pollMs > 0) {
      const timer = setInterval(() => registry.kick(), options.pollMs);
      timer.unref();
      registry.stops.push(async () => clearInterval(timer));
    }
    return registry;
  }

  /** What requests read now; a request keeps the one it took. */
  current(): ConfigSnapshot {
    return this.snapshot;
  }

  /** The live catalogues and texts, as the areas read them (platform/liveConfig). */
  liveConfig(): LiveConfigSource {
    const live = (kind: string) => this.snapshot.versions.filter((v) => v.kind === kind);
    return {
      signature: () => this.snapshot.signature,
      files: (kind, key) => live(kind).find((v) => v.key === key)?.files,
      keys: (kind) => live(kind).map((v) => v.key),
    };
  }

  /** Called with each new snapshot (after it became current). */
  onChange(listener: (snapshot: ConfigSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private kick(): void {
    this.refresh().catch((error: unknown) => this.log?.error({ err: error }, 'configuration refresh failed'));
  }

  /**
   * Reads the live versions again when their ids changed; answers whether the snapshot changed.
   * Calls during a refresh make one more after it (a publication heard mid-read is not lost).
   */
  refresh(): Promise<boolean> {
    if (!this.db) return Promise.resolve(false);
    if (this.refreshing) {
      this.again = true;
      return this.refreshing;
    }
    const db = this.db;
    const run = async (): Promise<boolean> => {
      let changed = false;
      do {
        this.again = false;
        const signature = await liveSignature(db);
        if (signature === this.snapshot.signature) continue;
        const next = snapshotOf(await liveVersions(db), signature);
        this.snapshot = next;
        changed = true;
        this.log?.info({ publishing: { live: signature } }, 'configuration reloaded');
        for (const listener of this.listeners) listener(next);
      } while (this.again);
      return changed;
    };
    this.refreshing = run().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  async close(): Promise<void> {
    for (const stop of this.stops.splice(0)) await stop();
  }
}

const built = new WeakMap<Db, Map<string, Product>>();
const CACHE_LIMIT = 200;

/**
 * The product as a record's versions built it (re-rating an offer with its own version). Versions
 * are immutable, so the product is kept once built.
 */
export async function productOfVersions(db: Db, refs: ConfigVersionRefs): Promise<Product | undefined> {
  const cache = built.get(db) ?? new Map<string, Product>();
  built.set(db, cache);
  const key = `${refs.flow}/${refs.fieldset ?? ''}`;
  const known = cache.get(key);
  if (known) return known;
  const flow = await versionById(db, refs.flow);
  const fieldset = refs.fieldset === undefined ? undefined : await versionById(db, refs.fieldset);
  if (flow?.kind !== 'flow' || (refs.fieldset !== undefined && fieldset?.kind !== 'fieldset'))
    return undefined;
  const product = snapshotOf(fieldset ? [flow, fieldset] : [flow]).catalog.products[0];
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  if (product) cache.set(key, product);
  return product;
}
