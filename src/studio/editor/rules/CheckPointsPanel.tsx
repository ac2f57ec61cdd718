// The check-point editor: the ET_CHECK_POINTS rows of rules.json by group (CHECK_NUMBER), each row
// with its fields, mode, operator, value, type and message in both languages, and a "try it"
// panel that runs the rows on sample answers with the engine's own compileCheckPoints.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkPointFieldPaths } from '../../../engine/checkpoints';
import type { RulesFile } from '../../../engine/flow/bundle';
import { setPath } from '../../../engine/paths';
import type { Edit } from '../model/document';
import type { Json } from '../model/jsonText';
import { groupsOf, newCheckPoint, nextCheckNumber, type RulesRow, tryCheckPoints } from './checkPointModel';
import type { FlowField } from './flowFields';

const FILE = 'rules.json';
const REL = ['EQ', 'NE', 'GT', 'GE', 'LT', 'LE'] as const;

export interface CheckPointsPanelProps {
  rules: Json | undefined;
  fields: FlowField[];
  label: (key: string) => string;
  lang: 'el' | 'en';
  readOnly: boolean;
  onEdit: (edits: Edit[], mergeKey?: string) => void;
}

export function CheckPointsPanel({ rules, fields, label, lang, readOnly, onEdit }: CheckPointsPanelProps) {
  const { t } = useTranslation('editor');
  const file = (rules ?? { ET_TEXTS: [], ET_CHECK_POINTS: [] }) as unknown as RulesFile;
  const rows = Array.isArray(file.ET_CHECK_POINTS) ? file.ET_CHECK_POINTS : [];
  const groups = groupsOf(rows);
  const listId = 'cp-fields';

  const set = (n: number, prop: string, value: Json) =>
    onEdit(
      [{ op: 'set', file: FILE, pointer: `/ET_CHECK_POINTS/${n}/${prop}`, value }],
      `${FILE}/${n}/${prop}`,
    );
  const add = (row: RulesRow, at = rows.length) =>
    onEdit([
      rules === undefined
        ? { op: 'set', file: FILE, pointer: '/ET_CHECK_POINTS', value: [row as unknown as Json] }
        : { op: 'insert', file: FILE, pointer: `/ET_CHECK_POINTS/${at}`, value: row as unknown as Json },
    ]);

  if (rules === undefined) return <p>{t('checkpoints.noRules')}</p>;

  return (
    <div className="cps">
      <datalist id={listId}>
        {fields.map((f) => (
          <option key={f.path} value={f.path}>
            {label(f.labelKey)}
          </option>
        ))}
      </datalist>
      <p>{t('checkpoints.intro')}</p>
      {groups.map((g) => (
        <section key={g.checkNumber} className="cps__group" aria-labelledby={`cpg-${g.checkNumber}`}>
          <h3 id={`cpg-${g.checkNumber}`}>
            {t('checkpoints.group', { number: g.checkNumber, operator: t(`checkpoints.op.${g.operator}`) })}
          </h3>
          <label>
            {t('checkpoints.condOperator')}{' '}
            <select
              value={g.operator}
              disabled={readOnly}
              onChange={(e) => set(g.rows[0], 'COND_OPERATOR', e.target.value)}
            >
              <option value="AND">{t('checkpoints.op.AND')}</option>
              <option value="OR">{t('checkpoints.op.OR')}</option>
            </select>
          </label>
          <ol className="cps__rows">
            {g.rows.map((n) => {
              const row = rows[n];
              const id = (prop: string) => `cp-${n}-${prop}`;
              return (
                <li key={n} className="cps__row">
                  <div className="cps__cell">
                    <label htmlFor={id('T_FIELD_NAME')}>{t('checkpoints.fields')}</label>
                    <input
                      id={id('T_FIELD_NAME')}
                      list={listId}
                      value={(row.T_FIELD_NAME ?? []).join(', ')}
                      disabled={readOnly}
                      onChange={(e) =>
                        set(
                          n,
                          'T_FIELD_NAME',
                          e.target.value.split(',').map((s) => s.trim()),
                        )
                      }
                    />
                  </div>
                  <div className="cps__cell">
                    <label htmlFor={id('ARITHMETIC_MODE')}>{t('checkpoints.mode')}</label>
                    <select
                      id={id('ARITHMETIC_MODE')}
                      value={String(row.ARITHMETIC_MODE ?? 0)}
                      disabled={readOnly}
                      onChange={(e) => set(n, 'ARITHMETIC_MODE', Number(e.target.value))}
                    >
                      {[0, 1, 2].map((m) => (
                        <option key={m} value={m}>
                          {t(`checkpoints.modes.${m}`)}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div className="cps__cell">
                    <label htmlFor={id('REL_OPERATOR')}>{t('checkpoints.relOperator')}</label>
                    <select
                      id={id('REL_OPERATOR')}
                      value={row.REL_OPERATOR}
                      disabled={readOnly || Number(row.ARITHMETIC_MODE) === 2}
                      onChange={(e) => set(n, 'REL_OPERATOR', e.target.value)}
                    >
                      {REL.map((op) => (
                        <option key={op} value={op}>
                          {t(`checkpoints.rel.${op}`)}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div className="cps__cell">
                    <label htmlFor={id('FIELD_VALUE')}>{t('checkpoints.value')}</label>
                    <input
                      id={id('FIELD_VALUE')}
                      value={String(row.FIELD_VALUE ?? '')}
                      disabled={readOnly}
                      onChange={(e) => set(n, 'FIELD_VALUE', e.target.value)}
                    />
                  </div>
                  <div className="cps__cell">
                    <label htmlFor={id('ERROR_TEXT_TYPE')}>{t('checkpoints.type')}</label>
                    <input
                      id={id('ERROR_TEXT_TYPE')}
                      value={String(row.ERROR_TEXT_TYPE ?? '')}
                      disabled={readOnly}
                      onChange={(e) =>
                        set(
                          n,
                          'ERROR_TEXT_TYPE',
                          /^\d+$/.test(e.target.value) ? Number(e.target.value) : e.target.value,
                        )
                      }
                    />
                  </div>
                  {(['el', 'en'] as const).map((l) => (
                    <div key={l} className="cps__cell cps__cell--wide">
                      <label htmlFor={id(`ERROR_MESSAGE-${l}`)}>
                        {t('checkpoints.message', { lang: t(`lang.${l}`) })}
                      </label>
                      <textarea
                        id={id(`ERROR_MESSAGE-${l}`)}
                        rows={2}
                        value={row.ERROR_MESSAGE?.[l] ?? ''}
                        disabled={readOnly}
                        onChange={(e) =>
                          set(n, 'ERROR_MESSAGE', {
                            ...(row.ERROR_MESSAGE ?? { el: '', en: '' }),
                            [l]: e.target.value,
                          })
                        }
                      />
                    </div>
                  ))}
                  {!readOnly && (
                    <button
                      type="button"
                      className="btn btn--link"
                      onClick={() => onEdit([{ op: 'remove', file: FILE, pointer: `/ET_CHECK_POINTS/${n}` }])}
                    >
                      {t('checkpoints.removeRow')}
                    </button>
                  )}
                </li>
              );
            })}
          </ol>
          {!readOnly && (
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() =>
                add(
                  newCheckPoint(rows[g.rows[0]].CHECK_NUMBER, fields[0]?.path ?? ''),
                  g.rows[g.rows.length - 1] + 1,
                )
              }
            >
              {t('checkpoints.addRow', { number: g.checkNumber })}
            </button>
          )}
        </section>
      ))}
      {!readOnly && (
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => add(newCheckPoint(nextCheckNumber(rows), fields[0]?.path ?? ''))}
        >
          {t('checkpoints.addGroup')}
        </button>
      )}
      <TryCheckPoints rules={file} fields={fields} label={label} lang={lang} />
    </div>
  );
}

function TryCheckPoints({
  rules,
  fields,
  label,
  lang,
}: {
  rules: RulesFile;
  fields: FlowField[];
  label: (key: string) => string;
  lang: 'el' | 'en';
}) {
  const { t } = useTranslation('editor');
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const rows = Array.isArray(rules.ET_CHECK_POINTS) ? rules.ET_CHECK_POINTS : [];
  const paths = checkPointFieldPaths(rows as never).filter((p) => !p.includes('*'));
  const quote = paths.reduce<Record<string, unknown>>(
    (q, p) => (answers[p] ? setPath(q, p, answers[p]) : q),
    {},
  );
  const result = tryCheckPoints(rules, quote, lang);
  return (
    <section className="try try--open" aria-labelledby="cp-try-title">
      <h3 id="cp-try-title">{t('try.checkpointsTitle')}</h3>
      <div className="try__answers">
        {paths.map((p) => {
          const field = fields.find((f) => f.path === p);
          const inputId = `cp-try-${p.replace(/\W/g, '_')}`;
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
      </div>
      <div role="status" className="try__result" data-testid="cp-try-result">
        {result.error ? (
          <p className="notice notice--error">{t('try.cannotRun', { message: result.error })}</p>
        ) : result.first ? (
          <>
            <p className="try__result--yes">
              {t('try.fires', {
                number: result.first.checkNumber,
                message: result.first.message,
                type: result.first.type,
              })}
            </p>
            {result.firing.length > 1 && (
              <p>{t('try.alsoFiring', { numbers: result.firing.slice(1).join(', ') })}</p>
            )}
          </>
        ) : (
          <p className="try__result--no">{t('try.noneFires')}</p>
        )}
      </div>
    </section>
  );
}
