// The answers the impact's generated quotes start from: the product's happy-path scenario
// (tests/scenarios/<flow>-happy-path.json, the testers' scenarios the publishing gates replay
// too), its relative dates ("today-44y") resolved against today. Without one, the generator's
// variations alone make each quote — fewer of them are priced, none is wrong.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveDateExpr } from '../../../engine/dates';
import type { Quote } from '../../../engine/flow/types';
import { setPath } from '../../../engine/paths';
import { REPO_ROOT } from '../../publishing/items';

const RELATIVE = /^today((?:[+-]\d+[dwmy])*)$/;

function resolved(value: unknown, today: string): unknown {
  if (typeof value === 'string' && RELATIVE.test(value)) {
    let day: string | null = today;
    for (const offset of RELATIVE.exec(value)?.[1].match(/[+-]\d+[dwmy]/g) ?? [])
      day = day && resolveDateExpr(`today${offset}`, day);
    return day ?? value;
  }
  if (Array.isArray(value)) return value.map((v) => resolved(v, today));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolved(v, today)]));
  return value;
}

/** The happy-path scenario's answers of flow `key` as one quote; {} when there is none. */
export function scenarioBase(key: string, today: string, root = REPO_ROOT): Quote {
  const file = join(root, 'tests', 'scenarios', `${key}-happy-path.json`);
  if (!/^[a-z0-9-]+$/.test(key) || !existsSync(file)) return {};
  try {
    const scenario = JSON.parse(readFileSync(file, 'utf8')) as {
      steps?: { answers?: Record<string, unknown> }[];
    };
    let quote: Quote = {};
    for (const step of scenario.steps ?? [])
      for (const [path, value] of Object.entries(step.answers ?? {}))
        quote = setPath(quote, path, resolved(value, today));
    return quote;
  } catch {
    return {};
  }
}
