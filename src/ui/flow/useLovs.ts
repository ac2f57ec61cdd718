// Lists of values of a flow: the independent ones in one /lov/multi call per origin when the flow
// starts, the dependent ones (CITY after DISTRICT) only once every dependency has a value.
// The service's lists are reference data, kept for the visit in each language: the page is mounted
// again on every new address (the layout keys its boundary by path), and a runner that started with
// no lists drew each select empty ("Choose…") until they were fetched again, e.g. the Make select
// just after a vehicle search moved the visitor to the next substep.

import { useEffect, useMemo, useState } from 'react';
import { callZcp, getLovDependent, getLovMulti } from '../../api/zcp';
import type { Option } from '../../engine/flow/forms';
import type { Flow, LovBinding, Quote } from '../../engine/flow/types';
import { getPath } from '../../engine/paths';

type Lists = Record<string, Option[]>;

/** `${lang}|${LOV_NAME}` → one of the service's lists. */
const serviceLists = new Map<string, Option[]>();
/** `${lang}|${LOV_NAME}|${dependency values}` → a dependent list (the cities of one district). */
const dependentLists = new Map<string, Option[]>();

/** Forgets the kept lists (tests; a new deployment's lists arrive with the next page load). */
export function clearLovCache(): void {
  serviceLists.clear();
  dependentLists.clear();
  dependentAsked.clear();
}

function cachedLists(flow: Flow, lang: string): Lists {
  const out: Lists = {};
  for (const b of flow.lovs ?? []) {
    if (b.dependsOn?.length || b.call) continue;
    const kept = serviceLists.get(`${lang}|${b.name}`);
    if (kept) out[b.name] = kept;
  }
  return out;
}

/** A dependent list asked for once even when two runners want it at the same moment (a remount). */
const dependentAsked = new Map<string, Promise<Option[] | undefined>>();

function fetchDependent(
  cacheKey: string,
  deps: { key: string; value: string }[],
  name: string,
): Promise<Option[] | undefined> {
  const asked = dependentAsked.get(cacheKey);
  if (asked) return asked;
  const answer = getLovDependent(deps, name)
    .then((raw) => {
      const list = lovListsOf(raw)[0];
      const options = list ? toOptions(list) : undefined;
      if (options) dependentLists.set(cacheKey, options);
      return options;
    })
    .finally(() => dependentAsked.delete(cacheKey));
  dependentAsked.set(cacheKey, answer);
  return answer;
}

function cachedDependent(): Record<string, Option[]> {
  return Object.fromEntries(dependentLists);
}

interface RawList {
  LOV_NAME: string;
  LOV_VALUE: { VALUE: string; TEXT: string }[];
}

/** The service answers a list, { ET_LOV: [...] } or one list; all read the same here. */
export function lovListsOf(answer: unknown): RawList[] {
  if (Array.isArray(answer)) return answer as RawList[];
  if (answer && typeof answer === 'object') {
    const a = answer as { ET_LOV?: RawList[]; LOV_NAME?: string };
    if (Array.isArray(a.ET_LOV)) return a.ET_LOV;
    if (a.LOV_NAME) return [answer as RawList];
  }
  return [];
}

const toOptions = (list: RawList): Option[] => list.LOV_VALUE.map((v) => ({ value: v.VALUE, label: v.TEXT }));

/** The name fields use for a binding (`as`, else the list's name). */
export const lovId = (binding: LovBinding): string => binding.as ?? binding.name;

function dependencyValues(binding: LovBinding, quote: Quote): { key: string; value: string }[] | null {
  const values = (binding.dependsOn ?? []).map((d) => ({
    key: d.key,
    value: String(getPath(quote, d.path) ?? ''),
  }));
  return values.every((v) => v.value !== '') ? values : null;
}

export interface LovState {
  options: (lov: string) => Option[] | undefined;
  failed: boolean;
  retry: () => void;
}

/**
 * Keeps the lists a prerendered page was drawn with (src/prerender) as if read already: the first
 * render takes them, so hydration matches the HTML.
 */
export function seedLovs(lang: string, answer: unknown): void {
  for (const list of lovListsOf(answer)) serviceLists.set(`${lang}|${list.LOV_NAME}`, toOptions(list));
}

export function useLovs(flow: Flow, quote: Quote, lang: string): LovState {
  const [lists, setLists] = useState<Lists>(() => cachedLists(flow, lang));
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // Independent lists, grouped by origin; read again in a new language or on retry.
  useEffect(() => {
    let live = true;
    const byOrigin = new Map<string, string[]>();
    const ownLists: Promise<unknown>[] = [];
    const kept = cachedLists(flow, lang);
    if (Object.keys(kept).length) setLists((current) => ({ ...current, ...kept }));
    for (const b of flow.lovs ?? []) {
      if (b.dependsOn?.length) continue;
      // The customer's own lists (their contracts) come from the flow's call of that name, every
      // time: they are not reference data.
      const call = b.call ? flow.calls?.[b.call] : undefined;
      if (call) {
        ownLists.push(callZcp('GET', call.path));
        continue;
      }
      // A retry asks again for everything; otherwise a list kept from earlier is not asked twice.
      if (attempt === 0 && kept[b.name]) continue;
      const key = b.origin ?? '';
      const names = byOrigin.get(key) ?? [];
      if (!names.includes(b.name)) byOrigin.set(key, [...names, b.name]);
    }
    setFailed(false);
    if (byOrigin.size === 0 && ownLists.length === 0) return;
    const serviceAnswers = Promise.all(
      [...byOrigin].map(([origin, names]) => getLovMulti(names, origin || undefined)),
    );
    Promise.all([serviceAnswers, Promise.all(ownLists)])
      .then(([service, own]) => {
        const next: Lists = {};
        for (const list of service.flatMap(lovListsOf)) {
          next[list.LOV_NAME] = toOptions(list);
          serviceLists.set(`${lang}|${list.LOV_NAME}`, next[list.LOV_NAME]);
        }
        if (!live) return;
        for (const list of own.flatMap(lovListsOf)) next[list.LOV_NAME] = toOptions(list);
        setLists((current) => ({ ...current, ...next }));
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [flow, lang, attempt]);

  // Dependent lists: keyed by their dependency values so each combination is fetched once.
  const dependentKeys = useMemo(
    () =>
      (flow.lovs ?? [])
        .filter((b) => b.dependsOn?.length)
        .map((b) => ({ binding: b, deps: dependencyValues(b, quote) }))
        .filter((x) => x.deps !== null)
        .map((x) => ({
          binding: x.binding,
          deps: x.deps!,
          key: `${x.binding.name}|${x.deps!.map((d) => d.value).join('/')}`,
        })),
    [flow, quote],
  );
  const [dependent, setDependent] = useState<Record<string, Option[]>>(cachedDependent);
  const signature = dependentKeys.map((d) => d.key).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: refetch only when the dependency values change
  useEffect(() => {
    let live = true;
    for (const { binding, deps, key } of dependentKeys) {
      if (dependent[`${lang}|${key}`]) continue;
      const kept = dependentLists.get(`${lang}|${key}`);
      if (kept) {
        setDependent((current) => ({ ...current, [`${lang}|${key}`]: kept }));
        continue;
      }
      fetchDependent(`${lang}|${key}`, deps, binding.name)
        .then((options) => {
          if (live && options) setDependent((current) => ({ ...current, [`${lang}|${key}`]: options }));
        })
        .catch(() => live && setFailed(true));
    }
    return () => {
      live = false;
    };
  }, [signature, lang, attempt]);

  return {
    failed,
    retry: () => setAttempt((n) => n + 1),
    options: (lov) => {
      const dep = dependentKeys.find((d) => lovId(d.binding) === lov);
      if (dep) return dependent[`${lang}|${dep.key}`];
      const binding = (flow.lovs ?? []).find((b) => lovId(b) === lov);
      if (binding?.dependsOn?.length) return [];
      return lists[binding?.name ?? lov];
    },
  };
}
