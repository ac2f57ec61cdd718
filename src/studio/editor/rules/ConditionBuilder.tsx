// The condition builder: rows of "field, operator, value" in AND/OR groups (./conditionModel.ts),
// with a "try it" panel where sample answers show which rows hold and whether the whole does,
// computed by the engine's evaluateCondition on exactly what the builder writes.

import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Condition, evaluateCondition } from '../../../engine/conditions';
import { setPath } from '../../../engine/paths';
import {
  fromCondition,
  type GroupRow,
  newRule,
  OPERATORS,
  type Operator,
  type RuleRow,
  rowPaths,
  toCondition,
} from './conditionModel';
import type { FlowField } from './flowFields';

export interface ConditionBuilderProps {
  /** Element id of the builder (a problem about it moves focus here). */
  id: string;
  legend: string;
  value: Condition | undefined;
  fields: FlowField[];
  /** The flow's texts in the studio's language, for field names and answers. */
  label: (key: string) => string;
  readOnly: boolean;
  onChange: (next: Condition | undefined) => void;
}

type Path = number[];

function update(group: GroupRow, path: Path, change: (g: GroupRow) => GroupRow): GroupRow {
  if (path.length === 0) return change(group);
  const [n, ...rest] = path;
  return {
    ...group,
    items: group.items.map((item, k) => (k === n ? update(item as GroupRow, rest, change) : item)),
  };
}

const NO_VALUE: Operator[] = ['empty', 'filled'];

export function ConditionBuilder({
  id,
  legend,
  value,
  fields,
  label,
  readOnly,
  onChange,
}: ConditionBuilderProps) {
  const { t } = useTranslation('editor');
  const group = useMemo(() => fromCondition(value), [value]);
  const typeOf = (path: string) => fields.find((f) => f.path === path)?.type;
  const write = (next: GroupRow) => onChange(toCondition(next, typeOf));
  const listId = useId();

  const renderRule = (rule: RuleRow, path: Path, n: number) => {
    const field = fields.find((f) => f.path === rule.path);
    const set = (patch: Partial<RuleRow>) =>
      write(
        update(group, path, (g) => ({
          ...g,
          items: g.items.map((item, k) => (k === n ? { ...rule, ...patch } : item)),
        })),
      );
    const base = `${id}-${path.join('-')}-${n}`;
    return (
      <li key={base} className="cond-rule">
        <label htmlFor={`${base}-path`}>{t('condition.field')}</label>
        <input
          id={`${base}-path`}
          list={listId}
          value={rule.path}
          disabled={readOnly}
          onChange={(e) => set({ path: e.target.value })}
        />
        <label htmlFor={`${base}-op`}>{t('condition.operator')}</label>
        <select
          id={`${base}-op`}
          value={rule.operator}
          disabled={readOnly}
          onChange={(e) => set({ operator: e.target.value as Operator })}
        >
          {OPERATORS.map((op) => (
            <option key={op} value={op}>
              {t(`operators.${op}`)}
            </option>
          ))}
        </select>
        {!NO_VALUE.includes(rule.operator) && (
          <>
            <label htmlFor={`${base}-value`}>{t('condition.value')}</label>
            {field?.choices && rule.operator !== 'in' ? (
              <select
                id={`${base}-value`}
                value={rule.value}
                disabled={readOnly}
                onChange={(e) => set({ value: e.target.value })}
              >
                <option value="">{t('condition.choose')}</option>
                {field.choices.map((c) => (
                  <option key={c.value} value={c.value}>
                    {label(c.labelKey)} ({c.value})
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={`${base}-value`}
                value={rule.value}
                disabled={readOnly}
                onChange={(e) => set({ value: e.target.value })}
              />
            )}
          </>
        )}
        {!readOnly && (
          <button
            type="button"
            className="btn btn--link"
            onClick={() =>
              write(update(group, path, (g) => ({ ...g, items: g.items.filter((_, k) => k !== n) })))
            }
          >
            {t('condition.removeRow')}
          </button>
        )}
      </li>
    );
  };

  const renderGroup = (g: GroupRow, path: Path): React.ReactNode => {
    const key = `${id}-g${path.join('-')}`;
    const set = (patch: Partial<GroupRow>) => write(update(group, path, (x) => ({ ...x, ...patch })));
    return (
      <fieldset className="cond-group" key={key}>
        <legend>{path.length === 0 ? legend : t('condition.subgroup')}</legend>
        <div className="cond-group__head">
          <label htmlFor={`${key}-join`}>{t('condition.join')}</label>
          <select
            id={`${key}-join`}
            value={g.join}
            disabled={readOnly}
            onChange={(e) => set({ join: e.target.value as 'all' | 'any' })}
          >
            <option value="all">{t('condition.all')}</option>
            <option value="any">{t('condition.any')}</option>
          </select>
          <label className="cond-group__negate">
            <input
              type="checkbox"
              checked={g.negate}
              disabled={readOnly}
              onChange={(e) => set({ negate: e.target.checked })}
            />{' '}
            {t('condition.negate')}
          </label>
        </div>
        <ul className="cond-group__items">
          {g.items.map((item, n) =>
            item.type === 'rule' ? (
              renderRule(item, path, n)
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
              <li key={`${key}-${n}`}>{renderGroup(item, [...path, n])}</li>
            ),
          )}
        </ul>
        {g.items.length === 0 && <p className="cond-group__empty">{t('condition.empty')}</p>}
        {!readOnly && (
          <div className="cond-group__actions">
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => set({ items: [...g.items, newRule(fields[0]?.path ?? '')] })}
            >
              {t('condition.addRow')}
            </button>
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() =>
                set({
                  items: [
                    ...g.items,
                    { type: 'group', join: 'any', negate: false, items: [newRule(fields[0]?.path ?? '')] },
                  ],
                })
              }
            >
              {t('condition.addGroup')}
            </button>
            {path.length > 0 && (
              <button
                type="button"
                className="btn btn--link"
                onClick={() => {
                  const parent = path.slice(0, -1);
                  const index = path[path.length - 1];
                  write(
                    update(group, parent, (x) => ({ ...x, items: x.items.filter((_, k) => k !== index) })),
                  );
                }}
              >
                {t('condition.removeGroup')}
              </button>
            )}
          </div>
        )}
      </fieldset>
    );
  };

  return (
    <div className="cond" id={id} tabIndex={-1}>
      <datalist id={listId}>
        {fields.map((f) => (
          <option key={f.path} value={f.path}>
            {label(f.labelKey)}
          </option>
        ))}
      </datalist>
      {renderGroup(group, [])}
      <figure className="cond__written">
        <figcaption>{t('condition.written')}</figcaption>
        <pre className="cond__json">{value === undefined ? t('condition.none') : JSON.stringify(value)}</pre>
      </figure>
      <TryCondition id={`${id}-try`} group={group} condition={value} fields={fields} label={label} />
    </div>
  );
}

function TryCondition({
  id,
  group,
  condition,
  fields,
  label,
}: {
  id: string;
  group: GroupRow;
  condition: Condition | undefined;
  fields: FlowField[];
  label: (key: string) => string;
}) {
  const { t } = useTranslation('editor');
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const paths = rowPaths(group);
  const quote = paths.reduce<Record<string, unknown>>(
    (q, p) => (p.startsWith('$') ? q : setPath(q, p, answers[p] ?? '')),
    {},
  );
  const ctx = Object.fromEntries(
    paths.filter((p) => p.startsWith('$')).map((p) => [p.slice(1), answers[p] ?? '']),
  );
  const holds = evaluateCondition(condition, quote, ctx);
  return (
    <details className="try" id={id}>
      <summary>{t('try.title')}</summary>
      {paths.map((p) => {
        const field = fields.find((f) => f.path === p);
        const inputId = `${id}-${p.replace(/\W/g, '_')}`;
        return (
          <div key={p} className="try__answer">
            <label htmlFor={inputId}>{field ? `${label(field.labelKey)} (${p})` : p}</label>
            {field?.choices ? (
              <select
                id={inputId}
                value={answers[p] ?? ''}
                onChange={(e) => setAnswers({ ...answers, [p]: e.target.value })}
              >
                <option value="">{t('try.noAnswer')}</option>
                {field.choices.map((c) => (
                  <option key={c.value} value={c.value}>
                    {label(c.labelKey)}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={inputId}
                value={answers[p] ?? ''}
                onChange={(e) => setAnswers({ ...answers, [p]: e.target.value })}
              />
            )}
          </div>
        );
      })}
      <p className={`try__result ${holds ? 'try__result--yes' : 'try__result--no'}`} role="status">
        {condition === undefined ? t('try.always') : holds ? t('try.holds') : t('try.doesNotHold')}
      </p>
    </details>
  );
}
