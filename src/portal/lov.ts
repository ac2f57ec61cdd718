// Lists of values for the portal's own screens (the profile, the outdated-data dialog): the
// independent lists in one call, a dependent one (city of a district, postcode of a city) once
// its key has a value (spec §5: "lookups need every dependency to have a value").

import { useEffect, useState } from 'react';
import { getLovDependent, getLovMulti } from '../api/zcp';
import type { Option } from '../ui/components/fields';

export type LovOptions = Option[] | null;

const toOptions = (values: { VALUE: string; TEXT: string }[]): Option[] =>
  values.map((v) => ({ value: v.VALUE, label: v.TEXT }));

/** Several independent lists by name; null while loading, {} when the load failed. */
export function useLovs(names: readonly string[], lang: string): Record<string, Option[]> | null {
  const [lists, setLists] = useState<Record<string, Option[]> | null>(null);
  const key = names.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the names are read through their key
  useEffect(() => {
    let live = true;
    if (names.length === 0) {
      setLists({});
      return;
    }
    setLists(null);
    getLovMulti(names, 'PORTAL')
      .then((answer) => {
        if (live) setLists(Object.fromEntries(answer.map((l) => [l.LOV_NAME, toOptions(l.LOV_VALUE)])));
      })
      .catch(() => live && setLists({}));
    return () => {
      live = false;
    };
  }, [key, lang]);
  return lists;
}

/** A dependent list; [] until its key has a value, null while loading. */
export function useDependentLov(key: string, value: string, lov: string, lang: string): LovOptions {
  const [options, setOptions] = useState<LovOptions>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the texts are read again in a new language
  useEffect(() => {
    if (!value) {
      setOptions([]);
      return;
    }
    let live = true;
    setOptions(null);
    getLovDependent([{ key, value }], lov)
      .then((answer) => live && setOptions(toOptions(answer.LOV_VALUE)))
      .catch(() => live && setOptions([]));
    return () => {
      live = false;
    };
  }, [key, value, lov, lang]);
  return options;
}

export const labelOf = (options: LovOptions | undefined, value: string): string =>
  options?.find((o) => o.value === value)?.label ?? value;
