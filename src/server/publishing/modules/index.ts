// The browser's side of the live configuration: each live flow version as a compiled module
// (./compile), kept in config_modules by the hash of its code, and the manifest naming the module
// of every live flow and the version of every text namespace. A module is compiled once per
// versions it is built from, by whichever instance needs it first; the others read it.
// A publication compiles the changed flows at once (onChange), so the manifest the browsers ask
// for names them as soon as the registry serves them.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FlowBundle } from '../../../engine/flow/bundle';
import type { Db } from '../../db';
import { REPO_ROOT } from '../items';
import type { ConfigRegistry, ConfigSnapshot, RegistryLog } from '../registry';
import { bundleOf, fieldSetsOf } from '../registry';
import type { ConfigVersion } from '../store';
import { compileFlowModule, type FlowModule, HASH_LENGTH } from './compile';
import { SERVER_ONLY_TEXTS } from './texts';

/** Bumped when compileFlowModule writes different code for the same versions. */
const COMPILER = 'm1';

export interface Manifest {
  /** Each live flow's module hash by flow id, and `texts`: each text namespace's hash. */
  [flowId: string]: string | Record<string, string>;
  texts: Record<string, string>;
}

export interface BuiltVersions {
  flows: Record<string, string>;
  texts: Record<string, string>;
}

/** What the web app was built with (src/generated/versions.json, `npm run validators`); empty without it. */
export function readBuiltVersions(
  file = join(REPO_ROOT, 'src', 'generated', 'versions.json'),
): BuiltVersions {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<BuiltVersions>;
    return { flows: parsed.flows ?? {}, texts: parsed.texts ?? {} };
  } catch {
    return { flows: {}, texts: {} };
  }
}

type ModuleRow = {
  hash: string;
  flow_id: string;
  source: string;
  code: string;
};

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

export class FlowModules {
  private readonly bySource = new Map<string, Promise<FlowModule>>();
  private readonly byHash = new Map<string, FlowModule>();
  private readonly manifests = new WeakMap<ConfigSnapshot, Promise<Manifest>>();
  private ready: { snapshot: ConfigSnapshot; manifest: Manifest } | undefined;

  constructor(
    private readonly db: Db | undefined,
    private readonly registry: ConfigRegistry,
    private readonly built: BuiltVersions = { flows: {}, texts: {} },
    private readonly log?: RegistryLog,
  ) {}

  /** Compiles (or reads) the modules of every new snapshot at once, and of the current one now. */
  follow(): () => void {
    const warm = (snapshot: ConfigSnapshot) =>
      this.manifestOf(snapshot).catch((error: unknown) =>
        this.log?.error({ err: error }, 'flow modules failed to compile'),
      );
    void warm(this.registry.current());
    return this.registry.onChange(warm);
  }

  /** The manifest of what the registry serves now (its modules compiled first when new). */
  manifest(): Promise<Manifest> {
    return this.manifestOf(this.registry.current());
  }

  /**
   * Whether a page drawn with the build's flows and texts would differ from what is live now: a
   * prerendered page is then not answered (the app draws it afresh). Known once the current
   * snapshot's manifest is ready; until then the texts alone are compared.
   */
  differsFromBuild(flowIds: readonly string[], namespaces: readonly string[]): boolean {
    const snapshot = this.registry.current();
    for (const ns of namespaces) {
      const live = snapshot.versions.find((v) => v.kind === 'texts' && v.key === ns);
      if (live && this.built.texts[ns] && live.contentHash.slice(0, HASH_LENGTH) !== this.built.texts[ns])
        return true;
    }
    const manifest = this.ready?.snapshot === snapshot ? this.ready.manifest : undefined;
    return flowIds.some((id) => {
      const live = manifest?.[id];
      return typeof live === 'string' && this.built.flows[id] !== undefined && live !== this.built.flows[id];
    });
  }

  /**
   * What is live now and differs from the build (each flow's module hash, each text namespace's
   * hash), for the pages the service answers to carry; undefined until the current snapshot's
   * manifest is ready (the page then asks the manifest itself).
   */
  publishedSinceBuild(): BuiltVersions | undefined {
    const snapshot = this.registry.current();
    if (this.ready?.snapshot !== snapshot) return undefined;
    const { texts, ...flows } = this.ready.manifest;
    const since: BuiltVersions = { flows: {}, texts: {} };
    for (const [id, hash] of Object.entries(flows))
      if (typeof hash === 'string' && hash !== this.built.flows[id]) since.flows[id] = hash;
    for (const [ns, hash] of Object.entries(texts)) if (hash !== this.built.texts[ns]) since.texts[ns] = hash;
    return since;
  }

  private manifestOf(snapshot: ConfigSnapshot): Promise<Manifest> {
    let pending = this.manifests.get(snapshot);
    if (!pending) {
      pending = this.build(snapshot);
      pending.catch(() => this.manifests.delete(snapshot));
      this.manifests.set(snapshot, pending);
    }
    return pending;
  }

  private async build(snapshot: ConfigSnapshot): Promise<Manifest> {
    const manifest: Manifest = { texts: {} };
    const sources = snapshot.bundles.map((bundle) => ({ bundle, source: this.sourceOf(snapshot, bundle) }));
    await this.readStored(sources.map((s) => s.source).filter((s): s is string => s !== undefined));
    for (const { bundle, source } of sources) {
      manifest[bundle.flow.id] = (await this.moduleFor(bundle, source)).hash;
    }
    for (const version of snapshot.versions)
      if (version.kind === 'texts' && !SERVER_ONLY_TEXTS.has(version.key))
        manifest.texts[version.key] = version.contentHash.slice(0, HASH_LENGTH);
    if (this.registry.current() === snapshot) this.ready = { snapshot, manifest };
    return manifest;
  }

  /** The versions a flow's module is built from; undefined for fixed flows (memory only). */
  private sourceOf(snapshot: ConfigSnapshot, bundle: FlowBundle): string | undefined {
    const refs = snapshot.refs.get(bundle.flow.id);
    return refs ? `${refs.flow}/${refs.fieldset ?? ''}/${COMPILER}` : undefined;
  }

  /** Modules other instances (or an earlier start) compiled, read in one query. */
  private async readStored(sources: string[]): Promise<void> {
    const missing = sources.filter((s) => !this.bySource.has(s));
    if (!this.db || missing.length === 0) return;
    const rows = await this.db.query<ModuleRow>(
      'SELECT hash, flow_id, source, code FROM config_modules WHERE source = ANY($1::text[])',
      [missing],
    );
    for (const row of rows)
      this.remember(row.source, { flowId: row.flow_id, hash: row.hash, code: row.code });
  }

  private remember(source: string, module: FlowModule): FlowModule {
    this.bySource.set(source, Promise.resolve(module));
    this.byHash.set(module.hash, module);
    return module;
  }

  private moduleFor(bundle: FlowBundle, source: string | undefined): Promise<FlowModule> {
    const key = source ?? `fixed:${bundle.flow.id}`;
    let pending = this.bySource.get(key);
    if (!pending) {
      pending = (async () => {
        // Compiling takes a tenth of a second per flow: requests run between flows.
        await yieldToRequests();
        const module = compileFlowModule(bundle.flow);
        if (this.db && source)
          await this.db.query(
            `INSERT INTO config_modules (hash, flow_id, source, code) VALUES ($1, $2, $3, $4)
             ON CONFLICT DO NOTHING`,
            [module.hash, module.flowId, source, module.code],
          );
        return this.remember(key, module);
      })();
      pending.catch(() => this.bySource.delete(key));
      this.bySource.set(key, pending);
    }
    return pending;
  }

  /** A module by its hash: a live one, or one a pinned journey still runs. */
  async module(hash: string): Promise<FlowModule | undefined> {
    const known = this.byHash.get(hash);
    if (known || !this.db) return known;
    const [row] = await this.db.query<ModuleRow>(
      'SELECT hash, flow_id, source, code FROM config_modules WHERE hash = $1',
      [hash],
    );
    return row
      ? this.remember(row.source, { flowId: row.flow_id, hash: row.hash, code: row.code })
      : undefined;
  }

  /** A published text namespace's file of one language, by the hash the manifest gave it. */
  async texts(namespace: string, hash: string, language: string): Promise<string | undefined> {
    if (SERVER_ONLY_TEXTS.has(namespace) || hash.length !== HASH_LENGTH) return undefined;
    const file = `${language}.json`;
    const live = this.registry
      .current()
      .versions.find((v) => v.kind === 'texts' && v.key === namespace && v.contentHash.startsWith(hash));
    if (live) return live.files[file];
    if (!this.db) return undefined;
    const [row] = await this.db.query<{ files: Record<string, string> }>(
      `SELECT v.files FROM config_versions v JOIN config_items i ON i.id = v.item_id
        WHERE i.kind = 'texts' AND i.key = $1 AND v.status IN ('live', 'archived') AND left(v.content_hash, $3) = $2
        LIMIT 1`,
      [namespace, hash, HASH_LENGTH],
    );
    return row?.files[file];
  }

  /** A draft flow's module among the live field sets (the studio's preview); never stored. */
  draftModule(draft: Pick<ConfigVersion, 'key' | 'files'>): FlowModule {
    const fieldset = this.registry.current().versions.find((v) => v.kind === 'fieldset');
    return compileFlowModule(bundleOf(draft, fieldSetsOf(fieldset)).flow);
  }
}
