// A flow's scenarios (/studio/items/flow/:key/scenarios, issue 29 item 8): the flow's files of
// tests/scenarios/ and those attached in the studio; an editor attaches one (a .json file or
// pasted JSON, with a name) or detaches a studio one after a question; anyone runs all or the
// chosen ones against the open change, the live version or an earlier one, and sees pass or fail
// for each, and for a failure what differed and the step, page and answers where it went astray
// (the service's replay, the same as `npm run replay`).

import { type ChangeEvent, type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { type Confirmation, ConfirmDialog } from '../admin/ConfirmDialog';
import { roleAtLeast, StudioError } from '../api';
import '../admin/admin.css';
import { studioLanguage } from '../i18n';
import { usePageTitle } from '../layout/Layout';
import { useStaff } from '../layout/session';
import { type ItemAnswer, itemsApi } from '../review/itemsApi';
import { formatWhen } from '../review/when';
import { staffLabel } from '../review/who';
import { type FlowScenario, type RunAnswer, scenariosApi } from './api';
import { readScenario, shownAnswer, suggestedName, type VersionChoice, versionChoices } from './model';
import './scenarios.css';

type Message = { ok: boolean; text: string } | null;

export function ScenariosPage() {
  const { t } = useTranslation('studio');
  const { key = '' } = useParams();
  const staff = useStaff();
  const lang = studioLanguage();
  const editor = roleAtLeast(staff.ROLE, 'editor');
  usePageTitle(t('scenarios.title', { key }));

  const [item, setItem] = useState<ItemAnswer | null>(null);
  const [scenarios, setScenarios] = useState<FlowScenario[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [version, setVersion] = useState<string>('');
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<RunAnswer | null>(null);
  const [runError, setRunError] = useState<string | null>(null);
  const [listMessage, setListMessage] = useState<Message>(null);
  const [ask, setAsk] = useState<Confirmation | null>(null);

  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [attaching, setAttaching] = useState(false);
  const [attachMessage, setAttachMessage] = useState<Message>(null);
  const nameId = useId();
  const fileId = useId();
  const textId = useId();
  const versionId = useId();

  const errorText = useCallback(
    (e: unknown) => (e instanceof StudioError ? e.message : t('errors.generic')),
    [t],
  );

  const load = useCallback(
    () =>
      Promise.all([itemsApi.item('flow', key), scenariosApi.list(key)])
        .then(([answer, list]) => {
          setItem(answer);
          setScenarios(list);
          setChosen((was) => new Set([...was].filter((id) => list.some((s) => s.ID === id))));
          setLoadError(null);
        })
        .catch((e: unknown) => setLoadError(errorText(e))),
    [key, errorText],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const choices = item ? versionChoices(item) : [];
  const choiceLabel = (c: VersionChoice) =>
    c.status === 'draft' || c.status === 'in_review'
      ? t('scenarios.versionChange', { status: t(`status.${c.status}`) })
      : t(c.status === 'live' ? 'scenarios.versionLive' : 'scenarios.versionEarlier', {
          number: c.number ?? '',
        });
  const selectedVersion = version || String(choices[0]?.id ?? '');

  const run = async (ids?: string[]) => {
    setRunning(true);
    setRunError(null);
    setResult(null);
    try {
      setResult(
        await scenariosApi.run(key, {
          ...(selectedVersion ? { VERSION: Number(selectedVersion) } : {}),
          ...(ids ? { IDS: ids } : {}),
        }),
      );
    } catch (e) {
      setRunError(errorText(e));
    } finally {
      setRunning(false);
    }
  };

  const toggle = (id: string, on: boolean) =>
    setChosen((was) => {
      const next = new Set(was);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const detach = (s: FlowScenario) =>
    setAsk({
      title: t('scenarios.detachTitle'),
      text: t('scenarios.detachText', { name: s.NAME }),
      confirm: t('scenarios.detachConfirm'),
      run: () => {
        scenariosApi
          .detach(s.ID)
          .then(() => {
            setListMessage({ ok: true, text: t('scenarios.detached', { name: s.NAME }) });
            return load();
          })
          .catch((e: unknown) => setListMessage({ ok: false, text: errorText(e) }));
      },
    });

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const content = await file.text();
    setText(content);
    const read = readScenario(content);
    if (!name.trim()) setName(suggestedName(file.name, read.ok ? read.scenario : null));
    setAttachMessage(null);
  };

  const attach = async (event: FormEvent) => {
    event.preventDefault();
    const read = readScenario(text);
    if (!name.trim()) {
      setAttachMessage({ ok: false, text: t('scenarios.needName') });
      return;
    }
    if (!read.ok) {
      setAttachMessage({ ok: false, text: t(`scenarios.bad.${read.why}`) });
      return;
    }
    setAttaching(true);
    try {
      const attached = await scenariosApi.attach(key, name.trim(), read.scenario);
      setAttachMessage({ ok: true, text: t('scenarios.attached', { name: attached.NAME }) });
      setName('');
      setText('');
      await load();
    } catch (e) {
      setAttachMessage({ ok: false, text: errorText(e) });
    } finally {
      setAttaching(false);
    }
  };

  const passed = result?.RUNS.filter((r) => r.PASSED).length ?? 0;
  const ranOn = result
    ? choiceLabel({ id: result.VERSION.ID, status: result.VERSION.STATUS, number: result.VERSION.NUMBER })
    : '';

  return (
    <>
      <p className="studio-crumbs">
        <Link to="/studio">{t('layout.flows')}</Link> ›{' '}
        <Link to={`/studio/items/flow/${encodeURIComponent(key)}`}>{key}</Link>
      </p>
      <h1>{t('scenarios.title', { key })}</h1>
      <p className="studio-muted">{t('scenarios.intro')}</p>
      {loadError && (
        <p className="studio-alert" role="alert">
          {loadError}
        </p>
      )}
      {!scenarios && !loadError && <p>{t('common.loading')}</p>}
      {scenarios && item && (
        <>
          <section aria-labelledby="scenarios-list-title">
            <h2 id="scenarios-list-title">{t('scenarios.listTitle')}</h2>
            {listMessage && (
              <p
                className={listMessage.ok ? 'studio-note' : 'studio-alert'}
                role={listMessage.ok ? 'status' : 'alert'}
              >
                {listMessage.text}
              </p>
            )}
            {scenarios.length === 0 ? (
              <p>{t('scenarios.none')}</p>
            ) : (
              <ul className="scenario-list">
                {scenarios.map((s) => (
                  <li key={`${s.SOURCE}:${s.ID}`} className="scenario-list__item">
                    <label className="scenario-list__pick">
                      <input
                        type="checkbox"
                        checked={chosen.has(s.ID)}
                        onChange={(e) => toggle(s.ID, e.target.checked)}
                      />
                      <span className="scenario-list__name">{s.NAME}</span>
                    </label>
                    <p className="scenario-list__facts studio-muted">
                      {s.SOURCE === 'repository' ? (
                        <>
                          <span className="studio-badge">{t('scenarios.repository')}</span>{' '}
                          <code>{s.ID}</code>
                        </>
                      ) : (
                        <>
                          <span className="studio-badge studio-badge--draft">{t('scenarios.studio')}</span>{' '}
                          {s.AUTHOR === staff.STAFF_ID
                            ? t('scenarios.attachedByYou', { when: formatWhen(s.CREATED_AT, lang) })
                            : t('scenarios.attachedBy', {
                                who: staffLabel(s.AUTHOR, s.AUTHOR_NAME, staff.STAFF_ID, ''),
                                when: formatWhen(s.CREATED_AT, lang),
                              })}
                        </>
                      )}
                    </p>
                    {s.SOURCE === 'studio' && editor && (
                      <p>
                        <button
                          type="button"
                          className="btn btn--secondary"
                          aria-label={t('scenarios.detachOne', { name: s.NAME })}
                          onClick={() => detach(s)}
                        >
                          {t('scenarios.detach')}
                        </button>
                      </p>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="scenarios-run-title" className="studio-panel">
            <h2 id="scenarios-run-title">{t('scenarios.runTitle')}</h2>
            <div className="studio-form">
              <div className="studio-field">
                <label htmlFor={versionId}>{t('scenarios.version')}</label>
                <select
                  id={versionId}
                  className="input"
                  value={selectedVersion}
                  onChange={(e) => setVersion(e.target.value)}
                >
                  {choices.map((c) => (
                    <option key={c.id} value={String(c.id)}>
                      {choiceLabel(c)}
                    </option>
                  ))}
                </select>
              </div>
              <p className="studio-actions">
                <button
                  type="button"
                  className="btn btn--primary"
                  disabled={running || chosen.size === 0}
                  onClick={() => run([...chosen])}
                >
                  {t('scenarios.runChosen', { count: chosen.size })}
                </button>
                <button
                  type="button"
                  className="btn btn--secondary"
                  disabled={running || scenarios.length === 0}
                  onClick={() => run()}
                >
                  {t('scenarios.runAll', { count: scenarios.length })}
                </button>
              </p>
            </div>
          </section>

          <section aria-labelledby="scenarios-results-title">
            <h2 id="scenarios-results-title">{t('scenarios.resultsTitle')}</h2>
            <div role="status">
              {running && <p>{t('scenarios.running')}</p>}
              {result && (
                <p className="studio-note">
                  {t('scenarios.summary', { passed, count: result.RUNS.length, version: ranOn })}
                </p>
              )}
            </div>
            {runError && (
              <p className="studio-alert" role="alert">
                {runError}
              </p>
            )}
            {!running && !result && !runError && <p className="studio-muted">{t('scenarios.noResults')}</p>}
            {result && (
              <ul className="scenario-results">
                {result.RUNS.map((r) => (
                  <li
                    key={`${r.SOURCE}:${r.ID}`}
                    className={`scenario-result scenario-result--${r.PASSED ? 'pass' : 'fail'}`}
                  >
                    <h3 className="scenario-result__name">
                      <span className={`studio-badge scenario-badge--${r.PASSED ? 'pass' : 'fail'}`}>
                        {t(r.PASSED ? 'scenarios.pass' : 'scenarios.fail')}
                      </span>{' '}
                      {r.NAME}
                    </h3>
                    {r.PROBLEMS.length > 0 && (
                      <ul className="studio-list">
                        {r.PROBLEMS.map((p) => (
                          <li key={p}>{p}</li>
                        ))}
                      </ul>
                    )}
                    {r.DIVERGED && (
                      <div className="scenario-result__where">
                        <p>
                          {t('scenarios.diverged', { step: r.DIVERGED.STEP + 1 })}{' '}
                          <code>{r.DIVERGED.SUBSTEP}</code>
                        </p>
                        {Object.keys(r.DIVERGED.ANSWERS).length > 0 ? (
                          <dl className="scenario-answers">
                            {Object.entries(r.DIVERGED.ANSWERS).map(([question, answer]) => (
                              <div key={question}>
                                <dt>
                                  <code>{question}</code>
                                </dt>
                                <dd>{shownAnswer(answer)}</dd>
                              </div>
                            ))}
                          </dl>
                        ) : (
                          <p className="studio-muted">{t('scenarios.noAnswers')}</p>
                        )}
                      </div>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>

          {editor && (
            <section aria-labelledby="scenarios-attach-title" className="studio-panel">
              <h2 id="scenarios-attach-title">{t('scenarios.attachTitle')}</h2>
              <form className="studio-form" onSubmit={attach} noValidate>
                <p className="studio-muted">{t('scenarios.attachIntro')}</p>
                <div className="studio-field">
                  <label htmlFor={fileId}>{t('scenarios.file')}</label>
                  <input id={fileId} type="file" accept=".json,application/json" onChange={onFile} />
                </div>
                <div className="studio-field">
                  <label htmlFor={nameId}>{t('scenarios.name')}</label>
                  <input
                    id={nameId}
                    className="input"
                    maxLength={200}
                    value={name}
                    onChange={(e) => setName(e.target.value)}
                  />
                </div>
                <div className="studio-field">
                  <label htmlFor={textId}>{t('scenarios.json')}</label>
                  <textarea
                    id={textId}
                    className="textarea scenario-json"
                    rows={10}
                    spellCheck={false}
                    value={text}
                    onChange={(e) => setText(e.target.value)}
                  />
                </div>
                {attachMessage && (
                  <p
                    className={attachMessage.ok ? 'studio-note' : 'studio-alert'}
                    role={attachMessage.ok ? 'status' : 'alert'}
                  >
                    {attachMessage.text}
                  </p>
                )}
                <p className="studio-actions">
                  <button type="submit" className="btn btn--primary" disabled={attaching}>
                    {t('scenarios.attach')}
                  </button>
                </p>
              </form>
            </section>
          )}
        </>
      )}
      <ConfirmDialog ask={ask} onClose={() => setAsk(null)} />
    </>
  );
}
