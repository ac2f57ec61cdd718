// The flow editor (/studio/items/:kind/:key/edit): the outline of the flow on one side, the
// selected node's properties (a form from the flow schema, conditions in the condition builder,
// the rest as JSON), the check points and the JSON of any part in the middle, and the live
// preview of the selected substep beside them. Every change is one undo step, checked by the
// service and saved to the draft as the author works.

import type { i18n as I18n } from 'i18next';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import flowSchema from '../../../schemas/flow.schema.json';
import type { Condition } from '../../engine/conditions';
import { namespaceOf, qualify } from '../../engine/flow/expand';
import type { Flow } from '../../engine/flow/types';
import { Dialog } from '../../ui/components/Dialog';
import { useCan } from '../layout/session';
import type { Problem } from './api';
import { PropertyForm, TEXT_PROPERTIES, type TextSlot } from './forms/PropertyForm';
import { propertiesOf, type Schema, schemaAt } from './forms/schemaAt';
import { JsonView } from './JsonView';
import { differences } from './model/diff';
import type { Edit } from './model/document';
import type { Json } from './model/jsonText';
import { parseJson } from './model/jsonText';
import { getAt, lastOf, splitPointer } from './model/pointer';
import { findReferences, type Reference, type ScenarioFile } from './model/references';
import {
  addChild,
  CHILD_KIND,
  duplicate,
  kindOf,
  move,
  type NodeKind,
  outline,
  remove,
} from './model/structure';
import { Outline } from './Outline';
import { Preview } from './preview/Preview';
import { previewFlow } from './preview/previewFlow';
import { overlayTexts, siteTexts } from './preview/siteTexts';
import { CheckPointsPanel } from './rules/CheckPointsPanel';
import { ConditionBuilder } from './rules/ConditionBuilder';
import { flowFields } from './rules/flowFields';
import { TEXTS_PREFIX, useEditorSession } from './useEditorSession';
import './editor.css';

type Tab = 'props' | 'checkpoints' | 'json';
type Obj = Record<string, Json>;

const FLOW_SCHEMA = flowSchema as unknown as Schema;

const scenarioFiles = import.meta.glob<ScenarioFile>('../../../tests/scenarios/*.json', {
  import: 'default',
});

function useScenarios(): Record<string, ScenarioFile> {
  const [scenarios, setScenarios] = useState<Record<string, ScenarioFile>>({});
  useEffect(() => {
    let live = true;
    Promise.all(
      Object.entries(scenarioFiles).map(
        async ([path, load]) => [path.split('/').pop()!, await load()] as const,
      ),
    ).then((list) => live && setScenarios(Object.fromEntries(list)));
    return () => {
      live = false;
    };
  }, []);
  return scenarios;
}

/** The node of the outline a pointer falls in (a problem's pointer may be deep inside it). */
function nodeOf(pointer: string): string {
  const parts = splitPointer(pointer);
  for (let n = parts.length; n >= 0; n--) {
    const p = parts
      .slice(0, n)
      .map((s) => `/${s}`)
      .join('');
    const kind = kindOf(p);
    if (kind) return p;
  }
  return '';
}

/** The state key of the substep a node is in ("travel__trip"), or null. */
function substepKeyOf(flow: Json | undefined, pointer: string): string | null {
  const m = /^\/steps\/(\d+)(?:\/substeps\/(\d+))?/.exec(pointer);
  const steps = ((flow as Obj | undefined)?.steps ?? []) as Obj[];
  const step = steps[m ? Number(m[1]) : 0];
  const sub = ((step?.substeps ?? []) as Obj[])[m?.[2] ? Number(m[2]) : 0];
  return step && sub ? `${step.id}__${sub.id}` : null;
}

const REF_KINDS_RENAMED = new Set(['condition', 'derived', 'rule', 'checkpoint', 'tariff']);

export function FlowEditorPage() {
  const { kind = 'flow', key = '' } = useParams();
  const { t, i18n } = useTranslation('editor');
  const lang = i18n.language === 'en' ? 'en' : 'el';
  // A viewer reads the editor but cannot change the draft (the service refuses it too).
  const canEdit = useCan('editor');
  const session = useEditorSession(kind, key, !canEdit);
  const { doc, problems } = session;
  const scenarios = useScenarios();
  const [selected, setSelected] = useState('');
  const [tab, setTab] = useState<Tab>('props');
  const [jsonFile, setJsonFile] = useState('flow.json');
  const [jsonPointer, setJsonPointer] = useState('');
  const [focusId, setFocusId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ pointer: string; refs: Reference[] } | null>(null);
  const [renamed, setRenamed] = useState<{ from: string; to: string; refs: Reference[] } | null>(null);
  const [showDiff, setShowDiff] = useState(false);
  const [siteT, setSiteT] = useState<I18n | null>(null);

  const flowValue = doc?.files['flow.json']?.value;
  const textsEl = doc?.files[`${TEXTS_PREFIX}el.json`]?.value;
  const textsEn = doc?.files[`${TEXTS_PREFIX}en.json`]?.value;
  const namespace = flowValue ? namespaceOf(flowValue as unknown as Flow) : key;
  const textsLang = lang === 'en' ? textsEn : textsEl;

  // The flow's texts in the studio's language (labels in the outline, the forms and the rules).
  useEffect(() => {
    let live = true;
    siteTexts(lang, namespace).then((instance) => {
      if (!live) return;
      overlayTexts(instance, lang, namespace, textsLang as Record<string, unknown> | undefined);
      setSiteT(() => instance);
    });
    return () => {
      live = false;
    };
  }, [lang, namespace, textsLang]);
  const label = useCallback(
    (k: string | undefined) => {
      if (!k || !siteT || !flowValue) return '';
      const full = qualify(flowValue as unknown as Flow, k);
      return siteT.exists(full) ? siteT.t(full) : '';
    },
    [siteT, flowValue],
  );

  useEffect(() => {
    if (!focusId) return;
    const timer = setTimeout(() => {
      const el = document.getElementById(focusId);
      if (el) {
        // A property inside a closed list (the unset JSON ones) is shown first.
        el.closest('details')?.setAttribute('open', '');
        el.focus();
        el.scrollIntoView?.({ block: 'center' });
      }
      setFocusId(null);
    }, 50);
    return () => clearTimeout(timer);
  }, [focusId]);

  const { undo: undoEdit, redo: redoEdit } = session;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement;
      if (/^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) || !(e.ctrlKey || e.metaKey)) return;
      if (e.key.toLowerCase() === 'z') {
        e.preventDefault();
        if (e.shiftKey) redoEdit();
        else undoEdit();
      } else if (e.key.toLowerCase() === 'y') {
        e.preventDefault();
        redoEdit();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undoEdit, redoEdit]);

  const fields = useMemo(() => flowFields(flowValue), [flowValue]);
  const nodes = useMemo(() => outline(flowValue ?? null), [flowValue]);
  const built = useMemo(() => previewFlow(flowValue), [flowValue]);

  if (session.loadError) return <p role="alert">{t('load.failed', { message: session.loadError })}</p>;
  if (!doc || !flowValue) return <p role="status">{t('load.loading')}</p>;

  const node = (getAt(flowValue, selected) ?? {}) as Obj;
  const nodeKind: NodeKind = kindOf(selected) ?? 'flow';
  const schema = (schemaAt(FLOW_SCHEMA, flowValue, selected) ?? {}) as Schema;
  const props = propertiesOf(FLOW_SCHEMA, schema);
  const textSlots: TextSlot[] = TEXT_PROPERTIES.filter(
    (p) => typeof node[p] === 'string' && !(node[p] as string).includes(':'),
  ).map((p) => ({
    name: p,
    key: node[p] as string,
  }));
  if (nodeKind === 'field' && node.label === undefined && typeof node.id === 'string')
    textSlots.unshift({ name: 'label', key: `fields.${node.id}.label` });
  const textFiles = textsEl !== undefined || textsEn !== undefined ? { el: textsEl, en: textsEn } : null;

  const apply = (edits: Edit[], mergeKey?: string) => session.apply(edits, mergeKey);

  const select = (pointer: string) => {
    setSelected(pointer);
    setTab('props');
    setRenamed(null);
  };

  const jump = (problem: Problem) => {
    if (problem.FILE === 'flow.json') {
      const at = nodeOf(problem.POINTER);
      const prop = splitPointer(problem.POINTER.slice(at.length))[0];
      setSelected(at);
      setTab('props');
      const propKind = prop
        ? propertiesOf(FLOW_SCHEMA, (schemaAt(FLOW_SCHEMA, flowValue, at) ?? {}) as Schema).find(
            (p) => p.name === prop,
          )
        : undefined;
      setFocusId(
        propKind?.control.kind === 'condition'
          ? `cond-${prop}`
          : propKind?.control.kind === 'json'
            ? `json-${prop}`
            : prop
              ? `root_${prop}`
              : 'props-title',
      );
      return;
    }
    const cp = /^\/ET_CHECK_POINTS\/(\d+)(?:\/([A-Z_]+))?/.exec(problem.POINTER);
    if (problem.FILE === 'rules.json' && cp) {
      setTab('checkpoints');
      setFocusId(`cp-${cp[1]}-${cp[2] === 'ERROR_MESSAGE' ? 'ERROR_MESSAGE-el' : (cp[2] ?? 'T_FIELD_NAME')}`);
      return;
    }
    setTab('json');
    setJsonFile(problem.FILE);
    setJsonPointer('');
    setFocusId('json-text');
  };

  const askDelete = (pointer: string) =>
    setDeleting({ pointer, refs: findReferences(doc, pointer, scenarios) });

  const doMove = (pointer: string, delta: -1 | 1) => {
    const moved = move(flowValue, pointer, delta);
    if (!moved) return;
    apply(moved.edits);
    setSelected(moved.pointer);
    setFocusId(null);
    // Keep the keyboard on the moved node.
    setTimeout(() => document.querySelector<HTMLElement>(`[data-pointer="${moved.pointer}"]`)?.focus(), 30);
  };

  const onPropertyEdit = (edits: Edit[], mergeKey: string) => {
    for (const e of edits) {
      if (e.op !== 'set' || e.file !== 'flow.json' || (nodeKind !== 'field' && nodeKind !== 'option'))
        continue;
      const prop = lastOf(e.pointer);
      const before = node[prop];
      if ((prop === 'path' || prop === 'value') && typeof before === 'string' && before !== e.value) {
        const refs = findReferences(doc, selected, scenarios).filter((r) => r.kind !== 'text');
        setRenamed(refs.length ? { from: renamed?.from ?? before, to: String(e.value), refs } : null);
      }
    }
    apply(edits, mergeKey);
  };

  const updateRenamed = () => {
    if (!renamed) return;
    const edits: Edit[] = [];
    for (const r of renamed.refs) {
      if (!REF_KINDS_RENAMED.has(r.kind)) continue;
      const file = doc.files[r.file];
      const value = file ? getAt(file.value, r.pointer) : undefined;
      if (typeof value === 'string' && (value === renamed.from || value.startsWith(`${renamed.from}.`)))
        edits.push({
          op: 'set',
          file: r.file,
          pointer: r.pointer,
          value: renamed.to + value.slice(renamed.from.length),
        });
    }
    apply(edits);
    setRenamed(null);
  };

  const childKind = CHILD_KIND[nodeKind];
  const staleDiff =
    session.stale && showDiff
      ? differences(
          Object.fromEntries(Object.entries(doc.files).map(([n, f]) => [n, f.value])),
          Object.fromEntries(
            Object.entries(session.stale.current.FILES).map(([n, text]) => {
              const prefix = session.slots[session.stale!.slot].prefix;
              try {
                return [prefix + n, parseJson(text).value];
              } catch {
                return [prefix + n, text];
              }
            }),
          ),
        ).filter(
          (d) =>
            d.file.startsWith(session.slots[session.stale!.slot].prefix) ||
            session.slots[session.stale!.slot].prefix === '',
        )
      : [];

  return (
    <div className="editor">
      <header className="editor__head">
        <h1>{t('title', { key })}</h1>
        <p className="editor__links">
          <Link to={`/studio/items/${kind}/${key}`}>{t('back')}</Link>
        </p>
        <div className="editor__tools">
          <button
            type="button"
            className="btn btn--secondary"
            disabled={!session.canUndo}
            onClick={session.undo}
          >
            {t('undo')}
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            disabled={!session.canRedo}
            onClick={session.redo}
          >
            {t('redo')}
          </button>
          <span
            className={`editor__save editor__save--${session.saveState}`}
            role="status"
            data-save={session.saveState}
          >
            {session.readOnly
              ? t(canEdit ? 'save.readOnly' : 'save.viewerOnly')
              : t(`save.${session.saveState}`)}
          </span>
          {session.saveState === 'failed' && (
            <button type="button" className="btn btn--link" onClick={session.retrySave}>
              {t('save.retry', { message: session.saveError })}
            </button>
          )}
        </div>
      </header>

      <section className="problems" aria-labelledby="problems-title">
        <h2 id="problems-title">
          {t('problems.title')}{' '}
          {!session.checkUnavailable && !session.checkError && (
            <span data-testid="problem-count">({problems.length})</span>
          )}
        </h2>
        <p
          role="status"
          className={`problems__state${session.checkUnavailable || session.checkError ? ' problems__state--off' : ''}`}
        >
          {session.checkUnavailable
            ? t('problems.unavailable')
            : session.checkError
              ? t('problems.failed', { message: session.checkError })
              : session.checking
                ? t('problems.checking')
                : problems.length === 0
                  ? t('problems.none')
                  : ''}
        </p>
        {problems.length > 0 && (
          <ul className="problems__list">
            {problems.map((p, n) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two problems may share a file and pointer
              <li key={`${p.FILE}${p.POINTER}${n}`}>
                <button type="button" className="btn btn--link problems__item" onClick={() => jump(p)}>
                  {p.MESSAGE}{' '}
                  <span className="problems__where">
                    ({p.FILE}
                    {p.POINTER})
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="editor__body">
        <Outline
          nodes={nodes}
          selected={selected}
          label={label}
          onSelect={select}
          onMove={doMove}
          onDelete={askDelete}
        />

        <main className="editor__main">
          <div className="editor__tabs" role="group" aria-label={t('tabs.label')}>
            {(['props', 'checkpoints', 'json'] as const).map((x) => (
              <button
                key={x}
                type="button"
                className="btn btn--secondary"
                aria-pressed={tab === x}
                onClick={() => setTab(x)}
              >
                {t(`tabs.${x}`)}
              </button>
            ))}
          </div>

          {tab === 'props' && (
            <section className="editor__panel" aria-labelledby="props-title">
              <h2 id="props-title" tabIndex={-1}>
                {t(`kinds.${nodeKind}`)}{' '}
                {typeof node.id === 'string' ? (
                  <code>{node.id}</code>
                ) : typeof node.value === 'string' ? (
                  <code>{node.value}</code>
                ) : null}
              </h2>
              <div className="editor__actions">
                {childKind && (
                  <button
                    type="button"
                    className="btn btn--secondary"
                    disabled={session.readOnly}
                    onClick={() => {
                      const added = addChild(flowValue, selected);
                      if (!added) return;
                      apply(added.edits);
                      setSelected(added.pointer);
                      setFocusId('root_id');
                    }}
                  >
                    {t(`add.${childKind}`)}
                  </button>
                )}
                {nodeKind !== 'flow' && (
                  <>
                    <button
                      type="button"
                      className="btn btn--secondary"
                      disabled={session.readOnly}
                      onClick={() => {
                        const copy = duplicate(flowValue, selected);
                        if (copy) {
                          apply(copy.edits);
                          setSelected(copy.pointer);
                        }
                      }}
                    >
                      {t('actions.duplicate')}
                    </button>
                    <button
                      type="button"
                      className="btn btn--secondary"
                      disabled={session.readOnly}
                      onClick={() => doMove(selected, -1)}
                    >
                      {t('actions.up')}
                    </button>
                    <button
                      type="button"
                      className="btn btn--secondary"
                      disabled={session.readOnly}
                      onClick={() => doMove(selected, 1)}
                    >
                      {t('actions.down')}
                    </button>
                    <button
                      type="button"
                      className="btn btn--secondary"
                      disabled={session.readOnly}
                      onClick={() => askDelete(selected)}
                    >
                      {t('actions.delete')}
                    </button>
                  </>
                )}
              </div>

              {renamed && (
                <div className="notice notice--warning" role="alert">
                  <p>{t('rename.warning', { from: renamed.from, count: renamed.refs.length })}</p>
                  <ReferenceList refs={renamed.refs} />
                  <button type="button" className="btn btn--secondary" onClick={updateRenamed}>
                    {t('rename.update', { to: renamed.to })}
                  </button>
                </div>
              )}

              {siteT && (
                <PropertyForm
                  key={selected}
                  file="flow.json"
                  pointer={selected}
                  node={node}
                  props={props}
                  texts={textSlots}
                  textFiles={textFiles}
                  siteT={(k, v) => siteT.t(k, v)}
                  siteI18n={siteT}
                  lang={lang}
                  readOnly={session.readOnly}
                  onEdit={onPropertyEdit}
                />
              )}

              {props
                .filter((p) => p.control.kind === 'condition')
                .map((p) => {
                  const value = node[p.name];
                  const isBoolean = typeof value === 'boolean';
                  const legend = t(`props.${p.name}`, { defaultValue: p.name });
                  const setCond = (next: Condition | boolean | undefined) =>
                    apply(
                      next === undefined
                        ? node[p.name] === undefined
                          ? []
                          : [{ op: 'remove', file: 'flow.json', pointer: `${selected}/${p.name}` }]
                        : [
                            {
                              op: 'set',
                              file: 'flow.json',
                              pointer: `${selected}/${p.name}`,
                              value: next as unknown as Json,
                            },
                          ],
                      `${selected}/${p.name}`,
                    );
                  return (
                    <section key={p.name} className="editor__condition" aria-label={legend}>
                      {p.name === 'required' && (
                        <fieldset className="preview__controls">
                          <legend>{legend}</legend>
                          {(['always', 'never', 'when'] as const).map((mode) => (
                            <label key={mode}>
                              <input
                                type="radio"
                                name={`required-${selected}`}
                                disabled={session.readOnly}
                                checked={
                                  mode === 'always'
                                    ? value === true
                                    : mode === 'never'
                                      ? value === undefined || value === false
                                      : typeof value === 'object'
                                }
                                onChange={() =>
                                  setCond(
                                    mode === 'always'
                                      ? true
                                      : mode === 'never'
                                        ? undefined
                                        : { path: fields[0]?.path ?? '', eq: '1' },
                                  )
                                }
                              />{' '}
                              {t(`required.${mode}`)}
                            </label>
                          ))}
                        </fieldset>
                      )}
                      {(p.name !== 'required' || (!isBoolean && value !== undefined)) && (
                        <ConditionBuilder
                          id={`cond-${p.name}`}
                          legend={p.name === 'required' ? t('required.when') : legend}
                          value={isBoolean ? undefined : (value as unknown as Condition | undefined)}
                          fields={fields}
                          label={(k) => label(k.replace(/^editor:/, '')) || t(k.replace(/^editor:/, ''))}
                          readOnly={session.readOnly}
                          onChange={(next) => setCond(next)}
                        />
                      )}
                    </section>
                  );
                })}

              {props.some((p) => p.control.kind === 'json') && (
                <section className="editor__json-props" aria-labelledby="json-props-title">
                  <h3 id="json-props-title">{t('jsonProps.title')}</h3>
                  {(() => {
                    const jsonProps = props.filter((p) => p.control.kind === 'json');
                    const item = (p: (typeof props)[number]) => (
                      <li key={p.name}>
                        <button
                          id={`json-${p.name}`}
                          type="button"
                          className="btn btn--link"
                          onClick={() => {
                            setTab('json');
                            setJsonFile('flow.json');
                            setJsonPointer(`${selected}/${p.name}`);
                          }}
                        >
                          {t('jsonProps.open', { name: t(`props.${p.name}`, { defaultValue: p.name }) })}
                        </button>
                      </li>
                    );
                    const set = jsonProps.filter((p) => node[p.name] !== undefined);
                    const unset = jsonProps.filter((p) => node[p.name] === undefined);
                    return (
                      <>
                        {set.length > 0 && <ul className="json-props__list">{set.map(item)}</ul>}
                        {unset.length > 0 && (
                          <details className="json-props__more">
                            <summary>{t('jsonProps.unsetList', { count: unset.length })}</summary>
                            <ul className="json-props__list">{unset.map(item)}</ul>
                          </details>
                        )}
                      </>
                    );
                  })()}
                </section>
              )}
              <button
                type="button"
                className="btn btn--link"
                onClick={() => {
                  setTab('json');
                  setJsonFile('flow.json');
                  setJsonPointer(selected);
                }}
              >
                {t('json.openNode')}
              </button>
            </section>
          )}

          {tab === 'checkpoints' && (
            <section className="editor__panel" aria-labelledby="cp-title">
              <h2 id="cp-title">{t('checkpoints.title')}</h2>
              <CheckPointsPanel
                rules={doc.files['rules.json']?.value}
                fields={fields}
                label={(k) => label(k.replace(/^editor:/, '')) || t(k.replace(/^editor:/, ''))}
                lang={lang}
                readOnly={session.readOnly}
                onEdit={apply}
              />
            </section>
          )}

          {tab === 'json' && (
            <section className="editor__panel" aria-labelledby="json-title">
              <h2 id="json-title">{t('json.title')}</h2>
              <JsonView
                doc={doc}
                file={jsonFile}
                pointer={jsonPointer}
                problems={problems}
                readOnly={session.readOnly}
                onEdit={(edits) => apply(edits, `json${jsonFile}${jsonPointer}`)}
                onFile={(f) => {
                  setJsonFile(f);
                  setJsonPointer('');
                }}
                onProblem={jump}
              />
            </section>
          )}
        </main>

        <aside className="editor__preview">
          {'flow' in built ? (
            <Preview
              flow={built.flow}
              sourceId={String((flowValue as Obj).id ?? key)}
              substepKey={substepKeyOf(flowValue, selected)}
              texts={{
                el: textsEl as Record<string, unknown> | undefined,
                en: textsEn as Record<string, unknown> | undefined,
              }}
              scenarios={scenarios}
            />
          ) : (
            <p className="notice notice--warning">{t('preview.cannot', { message: built.error })}</p>
          )}
        </aside>
      </div>

      {deleting && (
        <Dialog
          title={t('delete.title')}
          onClose={() => setDeleting(null)}
          closeLabel={t('delete.cancel')}
          role="alertdialog"
        >
          {deleting.refs.length === 0 ? (
            <p>{t('delete.noRefs')}</p>
          ) : (
            <>
              <p>{t('delete.refs', { count: deleting.refs.length })}</p>
              <ReferenceList refs={deleting.refs} />
            </>
          )}
          <div className="editor__actions">
            <button
              type="button"
              className="btn btn--primary"
              data-autofocus
              onClick={() => {
                apply(remove(deleting.pointer));
                setSelected(
                  deleting.pointer.slice(
                    0,
                    deleting.pointer.lastIndexOf('/', deleting.pointer.lastIndexOf('/') - 1),
                  ),
                );
                setDeleting(null);
              }}
            >
              {t('delete.confirm')}
            </button>
            <button type="button" className="btn btn--secondary" onClick={() => setDeleting(null)}>
              {t('delete.cancel')}
            </button>
          </div>
        </Dialog>
      )}

      {session.stale && (
        <Dialog title={t('stale.title')} role="alertdialog">
          <p>
            {t('stale.body', {
              author: session.stale.current.AUTHOR ?? '—',
              revision: session.stale.current.REVISION,
            })}
          </p>
          <div className="editor__actions">
            <button
              type="button"
              className="btn btn--primary"
              data-autofocus
              onClick={() => {
                setShowDiff(false);
                session.reloadTheirs();
              }}
            >
              {t('stale.reload')}
            </button>
            <button
              type="button"
              className="btn btn--secondary"
              aria-expanded={showDiff}
              onClick={() => setShowDiff(!showDiff)}
            >
              {t('stale.diff')}
            </button>
          </div>
          {showDiff && (
            <>
              <p>{t('stale.diffCount', { count: staleDiff.length })}</p>
              <ul className="stale__diff">
                {staleDiff.slice(0, 200).map((d) => (
                  <li key={`${d.file}${d.pointer}`}>
                    <code>
                      {d.file}
                      {d.pointer}
                    </code>{' '}
                    {t(`stale.${d.change}`)}
                    {d.change === 'changed' && (
                      <span className="stale__values">
                        {' '}
                        {t('stale.mine')}: <code>{JSON.stringify(d.mine)}</code> · {t('stale.theirs')}:{' '}
                        <code>{JSON.stringify(d.theirs)}</code>
                      </span>
                    )}
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className="btn btn--secondary"
                onClick={() => {
                  setShowDiff(false);
                  session.keepMine();
                }}
              >
                {t('stale.keepMine')}
              </button>
            </>
          )}
        </Dialog>
      )}
    </div>
  );
}

function ReferenceList({ refs }: { refs: Reference[] }) {
  const { t } = useTranslation('editor');
  return (
    <ul className="refs">
      {refs.map((r, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two references may share a file and pointer
        <li key={`${r.file}${r.pointer}${n}`}>
          {t(`refs.${r.kind}`, { detail: r.detail, file: r.file })}{' '}
          {r.pointer && (
            <code>
              {r.file}
              {r.pointer}
            </code>
          )}
        </li>
      ))}
    </ul>
  );
}
