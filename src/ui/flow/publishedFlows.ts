// Flows and their texts as published (issue 29), fetched by ./liveFlow.ts only when something was
// published since the build or a journey is pinned: which module each live flow is and which
// version each text namespace is, from the page's PUBLISHED_META or else the service's manifest. A flow or a
// namespace the build bundles as it is live comes from the build's chunks; a published one from
// the service's immutable, same-origin files (/assets/flows/<id>.<hash>.js, /assets/texts/…): no
// eval, so `script-src 'self'` holds. A journey keeps what it started on: the hashes are kept in
// sessionStorage beside its answers, and a visitor with answers finishes on them while a new one
// takes the new version.

import i18next from 'i18next';
import type { Flow } from '../../engine/flow/types';
import { flowLoaders } from '../../generated';
import { BUILT_PREFIX, builtFlows, builtTexts } from '../../generated/built';
import { flowStorageKey } from './flowStorage';
import { PIN_PREFIX, publishedOfPage } from './publishedSince';
import { setPublishedValidators } from './publishedValidators';

export interface Manifest {
  [flowId: string]: string | Record<string, string>;
  texts: Record<string, string>;
}

/** What a journey runs: its flow's module hash and its texts' hashes (absent: the build's). */
interface Pin {
  flow?: string;
  texts: Record<string, string>;
}

/** A served module: the flow and each form substep's validator functions, by substep key. */
export interface FlowModule {
  flow: Flow;
  validators: Record<string, Record<string, unknown>>;
}

const MANIFEST_TIMEOUT_MS = 4000;

let manifestLoad: Promise<Manifest | null> | undefined;

/**
 * The manifest, once per page life; null when the service cannot say (the build's files then).
 * The page's own account of what was published since the build is enough (what it leaves out is
 * the build's); only a page without one asks the service.
 */
export function manifest(): Promise<Manifest | null> {
  const page = publishedOfPage();
  if (page) manifestLoad ??= Promise.resolve({ ...page.flows, texts: page.texts });
  manifestLoad ??= Promise.race([
    fetch('/zcp/flows/manifest', { credentials: 'same-origin' })
      .then((res) => (res.ok ? (res.json() as Promise<Manifest>) : null))
      .catch(() => null),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), MANIFEST_TIMEOUT_MS)),
  ]);
  return manifestLoad;
}

const isBuilt = (built: string | undefined, live: string | undefined) =>
  live === undefined || (built !== undefined && live.slice(0, BUILT_PREFIX) === built);

/** Whether this visit has answers of the flow (any variant): a journey under way. */
function journeyStarted(flowId: string): boolean {
  try {
    const own = flowStorageKey(flowId, undefined);
    return Object.keys(sessionStorage).some((key) => key === own || key.startsWith(`${own}:`));
  } catch {
    return false;
  }
}

function readPin(flowId: string): Pin | null {
  try {
    const raw = sessionStorage.getItem(`${PIN_PREFIX}${flowId}`);
    return raw ? (JSON.parse(raw) as Pin) : null;
  } catch {
    return null;
  }
}

function writePin(flowId: string, pin: Pin): void {
  try {
    sessionStorage.setItem(`${PIN_PREFIX}${flowId}`, JSON.stringify(pin));
  } catch {
    // Storage disabled: a reload takes what is live then.
  }
}

/** The versions this visit runs the flow on: its journey's, or the live ones (kept for the journey). */
async function pinOf(flowId: string, namespaces: readonly string[]): Promise<Pin> {
  const kept = readPin(flowId);
  if (kept && journeyStarted(flowId)) return kept;
  const live = await manifest();
  const flow = live?.[flowId];
  const pin: Pin = { texts: {} };
  if (typeof flow === 'string' && !isBuilt(builtFlows[flowId], flow)) pin.flow = flow;
  for (const ns of namespaces) {
    const hash = live?.texts[ns];
    if (hash && !isBuilt(builtTexts[ns], hash)) pin.texts[ns] = hash;
  }
  writePin(flowId, pin);
  return pin;
}

/**
 * Texts of a namespace's published version in the page's language, put where i18next reads them
 * (its backend then never loads the built file). Answers whether the namespace was on screen already.
 */
async function loadPublishedTexts(ns: string, hash: string): Promise<boolean> {
  const lng = i18next.language;
  const res = await fetch(`/assets/texts/${ns}.${hash}.${lng}.json`, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`texts ${ns}.${hash}: ${res.status}`);
  const resources = (await res.json()) as Record<string, unknown>;
  const shown = i18next.hasResourceBundle(lng, ns);
  i18next.addResourceBundle(lng, ns, resources, true, true);
  return shown;
}

/** The same language again: every translated component draws the new strings. */
const redraw = () => i18next.changeLanguage(i18next.language);

/**
 * The flow as this visit runs it, or null for a flow the build does not know. The build's chunk
 * and the manifest are asked at once; a published module replaces the chunk only when it differs.
 * `namespaces`: the texts that go with the flow (its own), fetched before the flow is answered
 * when published, so the first render has them.
 */
export function loadPublishedFlow(
  flowId: string,
  namespaces: readonly string[] = [flowId],
): Promise<Flow> | null {
  const load = flowLoaders[flowId];
  if (!load) return null;
  const built = load();
  return pinOf(flowId, namespaces).then(async (pin) => {
    const texts = Object.entries(pin.texts).map(([ns, hash]) =>
      loadPublishedTexts(ns, hash).catch((error: unknown) => {
        console.warn('Published texts failed to load; the built ones are shown', error);
        return false;
      }),
    );
    let flow: Flow;
    if (pin.flow) {
      const module = (await import(
        /* @vite-ignore */ `/assets/flows/${flowId}.${pin.flow}.js`
      )) as FlowModule;
      setPublishedValidators(flowId, module.validators);
      flow = module.flow;
    } else flow = await built;
    // Drawn already (a page hydrated as the build drew it, published meanwhile): drawn again.
    if ((await Promise.all(texts)).some(Boolean)) await redraw();
    return flow;
  });
}

/**
 * The namespaces already on screen (the core and the runner's) whose published version differs
 * from the build: fetched and drawn again once known. A journey's own namespaces are pinned with
 * it (loadPublishedFlow); these are the site's common texts.
 */
export async function refreshPublishedTexts(namespaces: readonly string[]): Promise<void> {
  const live = await manifest();
  if (!live) return;
  const changed = namespaces.filter((ns) => live.texts[ns] && !isBuilt(builtTexts[ns], live.texts[ns]));
  if (changed.length === 0) return;
  await Promise.all(changed.map((ns) => loadPublishedTexts(ns, live.texts[ns])));
  await redraw();
}
