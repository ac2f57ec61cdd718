// The audit trail (/studio/audit, admin only): every staff action newest first, filtered as the
// service filters (who, what, to what, from and to a day). The filters live in the address, so a
// filtered trail can be reloaded or sent to a colleague; the CSV link downloads the same filter.
// The service answers at most 500 events a call and no offset: "Show more" asks for a longer list.

import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { StudioError } from '../api';
import { studioLanguage } from '../i18n';
import { formatWhen } from '../review/when';
import { AdminOnly } from './AdminOnly';
import { AUDIT_FILTERS, type AuditEvent, type AuditFilters, adminApi, auditCsvUrl } from './adminApi';
import './admin.css';

const PAGE = 50;
const MOST = 500;

export function AuditPage() {
  const { t } = useTranslation('studio');
  return (
    <AdminOnly title={t('audit.title')}>
      <AuditTrail />
    </AdminOnly>
  );
}

function filtersOf(params: URLSearchParams): AuditFilters {
  const out: AuditFilters = {};
  for (const name of AUDIT_FILTERS) {
    const value = params.get(name.toLowerCase());
    if (value) out[name] = value;
  }
  return out;
}

function AuditTrail() {
  const { t } = useTranslation('studio');
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersOf(params), [params]);
  const [limit, setLimit] = useState(PAGE);
  const [events, setEvents] = useState<AuditEvent[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setFailure(null);
    adminApi
      .audit(filters, limit)
      .then((answer) => live && setEvents(answer.EVENTS))
      .catch((error: unknown) => {
        if (!live) return;
        setEvents(null);
        setFailure(error instanceof StudioError ? error.message : t('errors.generic'));
      });
    return () => {
      live = false;
    };
  }, [filters, limit, t]);

  const apply = (next: AuditFilters) => {
    const search = new URLSearchParams();
    for (const name of AUDIT_FILTERS) {
      const value = next[name]?.trim();
      if (value) search.set(name.toLowerCase(), value);
    }
    setLimit(PAGE);
    setParams(search);
  };

  const lang = studioLanguage();
  const more = events !== null && events.length === limit && limit < MOST;
  return (
    <div className="admin-page">
      <h1>{t('audit.title')}</h1>
      <p className="studio-muted">{t('audit.intro')}</p>
      <FilterForm key={params.toString()} filters={filters} onApply={apply} />
      <p className="studio-actions">
        <a className="btn btn--secondary" href={auditCsvUrl(filters)} download>
          {t('audit.csv')}
        </a>
      </p>

      <section aria-labelledby="audit-list">
        <h2 id="audit-list">{t('audit.list.title')}</h2>
        {failure && (
          <p className="studio-alert" role="alert">
            {failure}
          </p>
        )}
        {!events && !failure && <p className="studio-muted">{t('common.loading')}</p>}
        {events && (
          <p className="studio-muted" role="status" aria-live="polite" data-testid="audit-count">
            {events.length === 0 ? t('audit.list.empty') : t('audit.list.count', { count: events.length })}
          </p>
        )}
        {events && events.length > 0 && (
          <div className="admin-table__box">
            <table className="admin-table admin-table--audit">
              <caption className="visually-hidden">{t('audit.list.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('audit.columns.at')}</th>
                  <th scope="col">{t('audit.columns.actor')}</th>
                  <th scope="col">{t('audit.columns.action')}</th>
                  <th scope="col">{t('audit.columns.target')}</th>
                  <th scope="col">{t('audit.columns.details')}</th>
                </tr>
              </thead>
              <tbody>
                {events.map((e) => (
                  <tr key={e.EVENT_ID}>
                    <th scope="row">
                      <time dateTime={e.AT}>{formatWhen(e.AT, lang)}</time>
                    </th>
                    <td data-label={t('audit.columns.actor')} className="admin-table__email">
                      {e.ACTOR_NAME ? (
                        <>
                          {e.ACTOR_NAME} <span className="studio-muted">{e.ACTOR}</span>
                        </>
                      ) : (
                        e.ACTOR
                      )}
                    </td>
                    <td data-label={t('audit.columns.action')}>
                      <code>{e.ACTION}</code>
                    </td>
                    <td data-label={t('audit.columns.target')} className="admin-table__email">
                      {e.TARGET ? <code>{e.TARGET}</code> : '—'}
                    </td>
                    <td data-label={t('audit.columns.details')}>
                      <Details event={e} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {more && (
          <p>
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => setLimit((n) => Math.min(n + PAGE, MOST))}
            >
              {t('audit.list.more', { count: PAGE })}
            </button>
          </p>
        )}
        {events !== null && events.length === MOST && (
          <p className="studio-muted">{t('audit.list.most', { count: MOST })}</p>
        )}
      </section>
    </div>
  );
}

function FilterForm({ filters, onApply }: { filters: AuditFilters; onApply: (f: AuditFilters) => void }) {
  const { t } = useTranslation('studio');
  const [draft, setDraft] = useState<AuditFilters>(filters);
  const base = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  const field = (name: keyof AuditFilters, type: 'text' | 'date', hint?: string) => (
    <div className="studio-field">
      <label htmlFor={`${base}-${name}`}>{t(`audit.filters.${name}`)}</label>
      <input
        id={`${base}-${name}`}
        className="input"
        type={type}
        value={draft[name] ?? ''}
        maxLength={type === 'text' ? 200 : undefined}
        aria-describedby={hint ? `${base}-${name}-hint` : undefined}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setDraft((d) => ({ ...d, [name]: value }));
        }}
      />
      {hint && (
        <span id={`${base}-${name}-hint`} className="studio-muted admin-field__hint">
          {hint}
        </span>
      )}
    </div>
  );
  return (
    <form className="studio-panel admin-filters" onSubmit={submit} aria-labelledby={`${base}-title`}>
      <h2 id={`${base}-title`}>{t('audit.filters.title')}</h2>
      <div className="admin-filters__grid">
        {field('ACTOR', 'text')}
        {field('ACTION', 'text', t('audit.filters.actionHint'))}
        {field('TARGET', 'text', t('audit.filters.targetHint'))}
        {field('FROM', 'date')}
        {field('TO', 'date')}
      </div>
      <p className="studio-actions">
        <button type="submit" className="btn btn--primary">
          {t('audit.filters.apply')}
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => {
            setDraft({});
            onApply({});
          }}
        >
          {t('audit.filters.clear')}
        </button>
      </p>
    </form>
  );
}

/** What the event changed: the account or item before and after, as the service recorded them. */
function Details({ event }: { event: AuditEvent }) {
  const { t } = useTranslation('studio');
  if (event.BEFORE === null && event.AFTER === null) return <>{event.IP ?? '—'}</>;
  return (
    <details className="admin-details">
      <summary>{t('audit.details.show')}</summary>
      {event.BEFORE !== null && (
        <>
          <p>{t('audit.details.before')}</p>
          <pre>{JSON.stringify(event.BEFORE, null, 2)}</pre>
        </>
      )}
      {event.AFTER !== null && (
        <>
          <p>{t('audit.details.after')}</p>
          <pre>{JSON.stringify(event.AFTER, null, 2)}</pre>
        </>
      )}
      {event.IP && <p>{t('audit.details.ip', { ip: event.IP })}</p>}
    </details>
  );
}
