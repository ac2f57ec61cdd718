import { describe, expect, it } from 'vitest';
import { type CheckPoint, evaluateCheckPoints } from '../../../../src/engine/checkpoints';
import { type Condition, conditionPaths, evaluateCondition } from '../../../../src/engine/conditions';
import { localizeRules, type RulesFile } from '../../../../src/engine/flow/bundle';
import { setPath } from '../../../../src/engine/paths';
import {
  groupsOf,
  newCheckPoint,
  nextCheckNumber,
  tryCheckPoints,
} from '../../../../src/studio/editor/rules/checkPointModel';
import {
  fromCondition,
  type GroupRow,
  toCondition,
  type ValueType,
} from '../../../../src/studio/editor/rules/conditionModel';
import { repositoryJson, scenarioFiles } from './support';

type Obj = Record<string, unknown>;

/** Every condition in the repository's flows, with the field types of its flow. */
function repositoryConditions(): {
  where: string;
  cond: Condition;
  typeOf: (p: string) => ValueType | undefined;
}[] {
  const out: { where: string; cond: Condition; typeOf: (p: string) => ValueType | undefined }[] = [];
  for (const [path, text] of Object.entries(repositoryJson())) {
    if (!/^flows\/[^_][^/]*\/flow\.json$/.test(path)) continue;
    const flow = JSON.parse(text) as Obj;
    const types = new Map<string, ValueType>();
    const walk = (node: unknown, at: string) => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node)) {
        node.forEach((v, n) => {
          walk(v, `${at}/${n}`);
        });
        return;
      }
      const o = node as Obj;
      if (typeof o.path === 'string' && typeof o.type === 'string' && typeof o.id === 'string')
        types.set(o.path, o.type as ValueType);
      for (const [k, v] of Object.entries(o)) {
        if (['visibleIf', 'disabledIf', 'when', 'required'].includes(k) && v && typeof v === 'object')
          out.push({ where: `${path}${at}/${k}`, cond: v as Condition, typeOf: (p) => types.get(p) });
        walk(v, `${at}/${k}`);
      }
    };
    walk(flow, '');
  }
  return out;
}

/** The constants a condition compares with, so sample answers hit both sides of every test. */
function constants(cond: Condition, out = new Set<unknown>()): Set<unknown> {
  if ('all' in cond) for (const c of cond.all) constants(c, out);
  else if ('any' in cond) for (const c of cond.any) constants(c, out);
  else if ('not' in cond) constants(cond.not, out);
  else
    for (const [k, v] of Object.entries(cond))
      if (k === 'in') for (const x of v as unknown[]) out.add(x);
      else if (k !== 'path' && k !== 'empty') {
        out.add(v);
        if (typeof v === 'number') for (const d of [-1, 1]) out.add(v + d);
      }
  return out;
}

describe('the condition builder writes what the engine reads', () => {
  const all = repositoryConditions();

  it('finds the conditions of the repository', () => {
    expect(all.length).toBeGreaterThan(50);
  });

  it('holds exactly when the original holds, for every condition of every flow, on sample answers', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (const { where, cond, typeOf } of all) {
      const rebuilt = toCondition(fromCondition(cond), typeOf);
      const values = [...constants(cond), '', undefined, '0', true, false];
      const paths = [...new Set(conditionPaths(cond))];
      for (let n = 0; n < 40; n++) {
        let quote: Obj = {};
        const ctx: Obj = {};
        for (const p of paths) {
          const v = values[Math.floor(random() * values.length)];
          if (p.startsWith('$')) ctx[p.slice(1)] = v;
          else quote = setPath(quote, p, v);
        }
        expect(evaluateCondition(rebuilt, quote, ctx), `${where} on ${JSON.stringify(quote)}`).toBe(
          evaluateCondition(cond, quote, ctx),
        );
      }
    }
  });

  it('writes the engine format for rows built by hand, and reads them back as the same rows', () => {
    const group: GroupRow = {
      type: 'group',
      join: 'any',
      negate: false,
      items: [
        { type: 'rule', path: 'CS_TRAVEL.TRAVEL_STARTED', operator: 'eq', value: '1' },
        {
          type: 'group',
          join: 'all',
          negate: true,
          items: [
            { type: 'rule', path: 'CS_TRAVEL.DURATION_DAYS', operator: 'gt', value: '30' },
            { type: 'rule', path: 'CS_TRAVEL.OBJECT_TYPE', operator: 'in', value: 'FAMILY, COUPLE' },
            { type: 'rule', path: 'CS_SPOUSE.FIRST_NAME', operator: 'filled', value: '' },
          ],
        },
      ],
    };
    const cond = toCondition(group, (p) => (p === 'CS_TRAVEL.DURATION_DAYS' ? 'integer' : 'string'));
    expect(cond).toEqual({
      any: [
        { path: 'CS_TRAVEL.TRAVEL_STARTED', eq: '1' },
        {
          not: {
            all: [
              { path: 'CS_TRAVEL.DURATION_DAYS', gt: 30 },
              { path: 'CS_TRAVEL.OBJECT_TYPE', in: ['FAMILY', 'COUPLE'] },
              { path: 'CS_SPOUSE.FIRST_NAME', empty: false },
            ],
          },
        },
      ],
    });
    expect(fromCondition(cond)).toEqual({
      ...group,
      items: [
        group.items[0],
        {
          ...(group.items[1] as GroupRow),
          items: (group.items[1] as GroupRow).items.map((r) =>
            r.type === 'rule' && r.operator === 'in' ? { ...r, value: 'FAMILY, COUPLE' } : r,
          ),
        },
      ],
    });
    expect(evaluateCondition(cond, { CS_TRAVEL: { TRAVEL_STARTED: '1' } })).toBe(true);
    expect(
      evaluateCondition(cond, {
        CS_TRAVEL: { TRAVEL_STARTED: '2', DURATION_DAYS: 40, OBJECT_TYPE: 'FAMILY' },
        CS_SPOUSE: { FIRST_NAME: 'Andreas' },
      }),
    ).toBe(false);
    expect(evaluateCondition(cond, { CS_TRAVEL: { TRAVEL_STARTED: '2', DURATION_DAYS: 10 } })).toBe(true);
  });

  it('writes no condition for an empty group, and one test for a group of one row', () => {
    expect(toCondition({ type: 'group', join: 'all', negate: false, items: [] })).toBeUndefined();
    expect(
      toCondition({
        type: 'group',
        join: 'all',
        negate: false,
        items: [{ type: 'rule', path: 'A.B', operator: 'empty', value: '' }],
      }),
    ).toEqual({ path: 'A.B', empty: true });
  });
});

describe('check points: groups and "try it" are the engine', () => {
  const rulesFiles = Object.entries(repositoryJson()).filter(([p]) => /^flows\/[^/]+\/rules\.json$/.test(p));
  const scenarios = scenarioFiles();

  it("fires what evaluateCheckPoints fires, for every flow, on every scenario's answers", () => {
    let fired = 0;
    for (const [path, text] of rulesFiles) {
      const rules = JSON.parse(text) as RulesFile;
      const flowId = path.split('/')[1];
      const rows = localizeRules(rules, 'en').ET_CHECK_POINTS as unknown as CheckPoint[];
      for (const scenario of Object.values(scenarios).filter((s) => s.flow === flowId)) {
        let quote: Obj = {};
        for (const step of scenario.steps)
          for (const [p, v] of Object.entries(step.answers ?? {})) quote = setPath(quote, p, v);
        const tried = tryCheckPoints(rules, quote, 'en');
        const hit = evaluateCheckPoints(rows, quote);
        expect(tried.error).toBeNull();
        expect(tried.first?.checkNumber ?? null).toBe(hit?.CHECK_NUMBER ?? null);
        expect(tried.first?.message ?? null).toBe(hit?.ERROR_MESSAGE ?? null);
        if (hit) {
          fired++;
          expect(tried.firing[0]).toBe(hit.CHECK_NUMBER);
        }
      }
    }
    expect(fired).toBeGreaterThan(5);
  });

  it('a new yes/no check point fires on "yes" in both languages', () => {
    const rules: RulesFile = { ET_TEXTS: [], ET_CHECK_POINTS: [] };
    const row = {
      ...newCheckPoint(nextCheckNumber(rules.ET_CHECK_POINTS), 'CS_TRAVEL.EXTREME_SPORTS'),
      ERROR_MESSAGE: { el: 'Όχι online', en: 'Not online' },
    };
    rules.ET_CHECK_POINTS.push(row);
    expect(row.CHECK_NUMBER).toBe(1);
    expect(tryCheckPoints(rules, { CS_TRAVEL: { EXTREME_SPORTS: '1' } }, 'el').first).toEqual({
      checkNumber: '1',
      message: 'Όχι online',
      type: 'E',
    });
    expect(tryCheckPoints(rules, { CS_TRAVEL: { EXTREME_SPORTS: '2' } }, 'en').first).toBeNull();
  });

  it('groups rows by CHECK_NUMBER with the first operator named, and names a row the engine cannot run', () => {
    const base = newCheckPoint(4, 'A.B');
    const rows = [
      { ...base, COND_OPERATOR: '' as const },
      { ...newCheckPoint(9, 'A.C') },
      { ...base, COND_OPERATOR: 'OR' as const, T_FIELD_NAME: ['A.D'] },
    ];
    expect(groupsOf(rows)).toEqual([
      { checkNumber: '4', rows: [0, 2], operator: 'OR' },
      { checkNumber: '9', rows: [1], operator: 'AND' },
    ]);
    const bad = tryCheckPoints({ ET_TEXTS: [], ET_CHECK_POINTS: [{ ...base, T_FIELD_NAME: [] }] }, {}, 'en');
    expect(bad.error).toMatch(/T_FIELD_NAME names no field/);
  });
});
