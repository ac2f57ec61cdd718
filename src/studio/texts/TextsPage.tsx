// A namespace's texts side by side (/studio/texts/:key, issue 26 item 5): Greek and English in two
// columns, each pair marked when a side is missing or empty, when their placeholders differ, or
// when one language changed since the other was last edited (the service reads the versions).
// Edits are saved to the draft at its revision as each cell is left; a translator's spreadsheet
// goes out as CSV or XLSX and comes back checked row by row by the service.

import { type ChangeEvent, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { StudioError } from '../api';
import { usePageTitle } from '../layout/Layout';
import { useCan } from '../layout/session';
import { exportUrl, type RefusedRow, readSheetFile, type TextRow, type TextsView, textsApi } from './api';
import { setText } from './edit';
import './texts.css';

type Draft = { ID: number; REVISION: number; STATUS: string; FILES: Record<string, string> };
const LANGS = ['el', 'en'] as const;

export function TextsPage() {
  const { t } = useTranslation('texts');
  const { key = '' } = useParams();
  const canEdit = useCan('editor');
  usePageTitle(t('texts.title', { key }));
  const [view, setView] = useState<TextsView | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [refused, setRefused] = useState<RefusedRow[] | null>(null);
  const [onlyMarked, setOnlyMarked] = useState(false);
  const [search, setSearch] = useState('');
  const [busy, setBusy] = useState(false);
  const fileId = useId();

  const load = useCallback(async () => {
    try {
      const [rows, files] = await Promise.all([textsApi.rows(key), textsApi.files(key)]);
      setView(rows);
      setDraft(files.CHANGE as Draft | null);
      setFailure(null);
    } catch (error) {
      setFailure(messageOf(error));
    }
  }, [key]);
  useEffect(() => {
    void load();
  }, [load]);

  const editable = canEdit && draft?.STATUS === 'draft';
  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (view?.ROWS ?? []).filter(
      (r) =>
        (!onlyMarked || r.MARKS.length > 0) &&
        (!q || [r.KEY, r.EL ?? '', r.EN ?? ''].some((s) => s.toLowerCase().includes(q))),
    );
  }, [view, onlyMarked, search]);
  const marked = view?.ROWS.filter((r) => r.MARKS.length > 0).length ?? 0;

  const ensureDraft = async (): Promise<Draft> => {
    if (draft) return draft;
    await textsApi.newDraft(key);
    const files = await textsApi.files(key);
    const made = files.CHANGE as Draft;
    setDraft(made);
    return made;
  };

  const save = async (row: TextRow, lang: 'el' | 'en', value: string) => {
    if (draft?.STATUS !== 'draft') return;
    const before = lang === 'el' ? row.EL : row.EN;
    if (value === (before ?? '')) return;
    const name = `${lang}.json`;
    const files = { ...draft.FILES, [name]: setText(draft.FILES[name], row.KEY, value) };
    setStatus(t('texts.saving'));
    try {
      const saved = await textsApi.save(draft.ID, draft.REVISION, files);
      setDraft(saved as Draft);
      setStatus(t('texts.saved', { revision: saved.REVISION }));
      setView(await textsApi.rows(key));
    } catch (error) {
      if (error instanceof StudioError && error.code === 'DRAFT_STALE') setStatus(t('texts.stale'));
      else setStatus(messageOf(error));
      await load();
    }
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    setRefused(null);
    const sheet = await readSheetFile(file);
    if (!sheet) {
      setStatus(t('texts.import.wrongType'));
      return;
    }
    setBusy(true);
    setStatus(t('texts.import.checking', { name: file.name }));
    try {
      const target = await ensureDraft();
      const merged = await textsApi.import(key, sheet.format, sheet.data);
      const saved = await textsApi.save(merged.BASE.ID, merged.BASE.REVISION, merged.FILES);
      setDraft(saved as Draft);
      setStatus(
        t('texts.import.applied', { count: merged.CHANGED, rows: merged.ROWS, revision: saved.REVISION }),
      );
      if (target.ID !== merged.BASE.ID) await load();
      else setView(await textsApi.rows(key));
    } catch (error) {
      if (error instanceof StudioError && error.code === 'IMPORT_REFUSED') {
        setRefused((error.body.ROWS as RefusedRow[] | undefined) ?? []);
        setStatus(error.message);
      } else setStatus(messageOf(error));
      await load();
    } finally {
      setBusy(false);
    }
  };

  if (failure)
    return (
      <p className="studio-alert" role="alert">
        {failure}
      </p>
    );
  if (!view) return <p className="studio-muted">{t('loading')}</p>;

  return (
    <div className="texts-page">
      <h1 tabIndex={-1}>{t('texts.title', { key })}</h1>
      <p className="studio-note">
        {!canEdit
          ? t('texts.readOnlyRole')
          : draft
            ? draft.STATUS === 'draft'
              ? t('texts.onDraft', { revision: draft.REVISION })
              : t('texts.inReview')
            : t('texts.onLive', { number: view.LIVE?.NUMBER ?? '' })}
      </p>

      <section className="texts-tools" aria-labelledby="texts-sheet">
        <h2 id="texts-sheet">{t('texts.sheet.title')}</h2>
        <p className="studio-muted">{t('texts.sheet.intro')}</p>
        <div className="studio-actions">
          <a className="btn btn--secondary" href={exportUrl(key, 'xlsx')} download>
            {t('texts.sheet.xlsx')}
          </a>
          <a className="btn btn--secondary" href={exportUrl(key, 'csv')} download>
            {t('texts.sheet.csv')}
          </a>
          {canEdit && draft?.STATUS !== 'in_review' ? (
            <span className="texts-tools__import">
              <label className="btn btn--primary" htmlFor={fileId}>
                {t('texts.sheet.import')}
              </label>
              <input
                id={fileId}
                className="texts-tools__file"
                type="file"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                onChange={onFile}
                disabled={busy}
              />
            </span>
          ) : null}
        </div>
        <p className="studio-muted" role="status" aria-live="polite" data-testid="texts-status">
          {status}
        </p>
        {refused ? (
          <div className="studio-alert" role="alert" data-testid="texts-refused">
            <p>{t('texts.import.refused', { count: refused.length })}</p>
            <ul>
              {refused.map((r) => (
                <li key={`${r.ROW}-${r.REASON}-${r.MESSAGE}`}>{r.MESSAGE}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>

      <section aria-labelledby="texts-list">
        <h2 id="texts-list">{t('texts.list.title', { count: view.ROWS.length })}</h2>
        <p className="studio-muted">{t('texts.list.marked', { count: marked })}</p>
        {!draft && canEdit ? (
          <p>
            <button
              type="button"
              className="btn btn--secondary"
              onClick={async () => {
                try {
                  await ensureDraft();
                  setStatus(t('texts.draftStarted'));
                } catch (error) {
                  setStatus(messageOf(error));
                }
              }}
            >
              {t('texts.startDraft')}
            </button>
          </p>
        ) : null}
        <div className="texts-filter">
          <label className="studio-field">
            <span>{t('texts.list.search')}</span>
            <input
              className="input"
              type="search"
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
            />
          </label>
          <label className="texts-filter__check">
            <input
              type="checkbox"
              checked={onlyMarked}
              onChange={(e) => setOnlyMarked(e.currentTarget.checked)}
            />
            <span>{t('texts.list.onlyMarked')}</span>
          </label>
        </div>
        <div className="texts-table__scroll">
          <table className="texts-table">
            <caption className="texts-table__caption">
              {t('texts.list.caption', { shown: rows.length })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('texts.columns.key')}</th>
                <th scope="col" lang="el">
                  {t('texts.columns.el')}
                </th>
                <th scope="col" lang="en">
                  {t('texts.columns.en')}
                </th>
                <th scope="col">{t('texts.columns.marks')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.KEY} className={row.MARKS.length ? 'texts-table__row--marked' : undefined}>
                  <th scope="row" className="texts-table__key">
                    <code>{row.KEY}</code>
                  </th>
                  {LANGS.map((lang) => {
                    const value = lang === 'el' ? row.EL : row.EN;
                    const label = t('texts.cellLabel', { key: row.KEY, lang: t(`texts.columns.${lang}`) });
                    return (
                      <td key={lang} lang={lang} data-label={t(`texts.columns.${lang}`)}>
                        {editable ? (
                          <textarea
                            className="input texts-table__text"
                            aria-label={label}
                            defaultValue={value ?? ''}
                            key={`${draft?.REVISION}-${value}`}
                            rows={Math.min(6, Math.max(1, Math.ceil((value ?? '').length / 48)))}
                            onBlur={(e) => void save(row, lang, e.currentTarget.value)}
                          />
                        ) : value === null ? (
                          <span className="studio-muted">{t('texts.none')}</span>
                        ) : (
                          value
                        )}
                      </td>
                    );
                  })}
                  <td data-label={t('texts.columns.marks')}>
                    <ul className="texts-marks">
                      {row.MARKS.map((mark) => (
                        <li key={mark} className={`texts-mark texts-mark--${mark}`}>
                          {mark === 'placeholders'
                            ? t('texts.marks.placeholders', {
                                el: row.PLACEHOLDERS.EL.map(written).join(' ') || '—',
                                en: row.PLACEHOLDERS.EN.map(written).join(' ') || '—',
                              })
                            : t(`texts.marks.${mark}`)}
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}

/** A placeholder as written in a text. */
const written = (p: string) => (p.startsWith('$t(') ? p : `{{${p}}}`);

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
