// Lists of values of a flow: the independent ones in one /lov/multi call per origin when the flow
// starts, the dependent ones (CITY after DISTRICT) only once every dependency has a value.

import { useEffect, useMemo, useState } from 'react';
import { callZcp, getLovDependent, getLovMulti } from '../../api/zcp';
import type { Option } from '../../engine/flow/forms';
import type { Flow, LovBinding, Quote } from '../../engine/flow/types';
import { getPath } from '../../engine/paths';

type Lists = Record<string, Option[]>;

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

// Lists a prerendered page was drawn with (src/prerender), by language: the first render takes
// them, so hydration matches the HTML; the flow still reads its lists as usual.
const seeded = new Map<string, Lists>();

/** Gives the flows of this page the lists of `lang` they would otherwise wait for. */
export function seedLovs(lang: string, answer: unknown): void {
  const next: Lists = { ...seeded.get(lang) };
  for (const list of lovListsOf(answer)) next[list.LOV_NAME] = toOptions(list);
  seeded.set(lang, next);
}

export function useLovs(flow: Flow, quote: Quote, lang: string): LovState {
  const [lists, setLists] = useState<Lists>(() => ({ ...seeded.get(lang) }));
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // Independent lists, grouped by origin; read again in a new language or on retry.
  // biome-ignore lint/correctness/useExhaustiveDependencies: lang and attempt are the triggers
  useEffect(() => {
    let live = true;
    const byOrigin = new Map<string, string[]>();
    const ownLists: Promise<unknown>[] = [];
    for (const b of flow.lovs ?? []) {
      if (b.dependsOn?.length) continue;
      // The customer's own lists (their contracts) come from the flow's call of that name.
      const call = b.call ? flow.calls?.[b.call] : undefined;
      if (call) {
        ownLists.push(callZcp('GET', call.path));
        continue;
      }
      const key = b.origin ?? '';
      const names = byOrigin.get(key) ?? [];
      if (!names.includes(b.name)) byOrigin.set(key, [...names, b.name]);
    }
    setFailed(false);
    Promise.all([
      ...[...byOrigin].map(([origin, names]) => getLovMulti(names, origin || undefined)),
      ...ownLists,
    ])
      .then((answers) => {
        if (!live) return;
        const next: Lists = {};
        for (const list of answers.flatMap(lovListsOf)) next[list.LOV_NAME] = toOptions(list);
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
  const [dependent, setDependent] = useState<Record<string, Option[]>>({});
  const signature = dependentKeys.map((d) => d.key).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: refetch only when the dependency values change
  useEffect(() => {
    let live = true;
    for (const { binding, deps, key } of dependentKeys) {
      if (dependent[`${lang}|${key}`]) continue;
      getLovDependent(deps, binding.name)
        .then((answer) => {
          const list = lovListsOf(answer)[0];
          if (live && list) setDependent((current) => ({ ...current, [`${lang}|${key}`]: toOptions(list) }));
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
