// A flow folder as one value: flow.json, rules.json and tariff.json of flows/<id>/.

import type { Tariff } from '../rating/types';
import type { Flow } from './types';

export type Lang = 'el' | 'en';
export type Localized = Record<Lang, string>;

/** rules.json: the texts and referral rules served by GET /zcp/offer/RulesDetail/{key}, in both languages. */
export interface RulesFile {
  ET_TEXTS: { TEXT_NAME: string; TEXT: Localized }[];
  ET_CHECK_POINTS: {
    CHECK_NUMBER: number | string;
    COND_OPERATOR?: 'AND' | 'OR' | '';
    T_FIELD_NAME: string[];
    ARITHMETIC_MODE?: 0 | 1 | 2;
    REL_OPERATOR: 'EQ' | 'NE' | 'GT' | 'GE' | 'LT' | 'LE';
    FIELD_VALUE: string | number;
    ERROR_MESSAGE: Localized;
    ERROR_TEXT_TYPE: string | number;
  }[];
}

export interface FlowBundle {
  flow: Flow;
  rules: RulesFile;
  tariff?: Tariff;
  /** Folder the bundle was read from (for error messages). */
  dir: string;
}

/** The spec-shaped rules answer for one language. */
export function localizeRules(rules: RulesFile, lang: Lang) {
  // Rows of one CHECK_NUMBER share its operator; the flow file may name it on one row only.
  const groupOperator = new Map<string, 'AND' | 'OR'>();
  for (const cp of rules.ET_CHECK_POINTS) {
    const op = String(cp.COND_OPERATOR ?? '')
      .trim()
      .toUpperCase();
    if ((op === 'AND' || op === 'OR') && !groupOperator.has(String(cp.CHECK_NUMBER)))
      groupOperator.set(String(cp.CHECK_NUMBER), op);
  }
  return {
    ET_TEXTS: rules.ET_TEXTS.map((t) => ({ TEXT_NAME: t.TEXT_NAME, TEXT: t.TEXT[lang] })),
    // Every field of spec §3 on every row, with the default the engine applies when a flow omits it.
    ET_CHECK_POINTS: rules.ET_CHECK_POINTS.map((cp) => ({
      ...cp,
      COND_OPERATOR: groupOperator.get(String(cp.CHECK_NUMBER)) ?? ('AND' as const),
      ARITHMETIC_MODE: Number(String(cp.ARITHMETIC_MODE ?? '').trim() || 0) as 0 | 1 | 2,
      ERROR_MESSAGE: cp.ERROR_MESSAGE[lang],
      ERROR_TEXT_TYPE: String(cp.ERROR_TEXT_TYPE),
    })),
  };
}
