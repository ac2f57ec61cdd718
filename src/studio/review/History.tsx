// An item's versions, newest first: number, status, author, approver, time and note; a publisher
// may publish an archived version again (rollback, as a new version, with a note).

import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleAtLeast, StudioError } from '../api';
import { studioLanguage } from '../i18n';
import { useStaff } from '../layout/session';
import { type ItemAnswer, itemsApi, type VersionSummary } from './itemsApi';
import { formatWhen } from './when';
import { staffLabel } from './who';

export function History({ item, onChanged }: { item: ItemAnswer; onChanged: () => Promise<unknown> }) {
  const { t } = useTranslation('studio');
  const staff = useStaff();
  const lang = studioLanguage();
  const [rolling, setRolling] = useState<VersionSummary | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const publisher = roleAtLeast(staff.ROLE, 'publisher');
  const who = (id: string | null, name?: string | null) =>
    staffLabel(id, name, staff.STAFF_ID, t('review.you'));

  const rollback = async (event: FormEvent) => {
    event.preventDefault();
    if (!rolling) return;
    setBusy(true);
    try {
      await itemsApi.rollback(rolling.ID, note.trim());
      setMessage({ ok: true, text: t('history.rolledBack', { number: rolling.NUMBER ?? '' }) });
      setRolling(null);
      setNote('');
      await onChanged();
    } catch (e) {
      setMessage({ ok: false, text: e instanceof StudioError ? e.message : t('errors.generic') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title">{t('history.title')}</h2>
      {message && (
        <p className={message.ok ? 'studio-note' : 'studio-alert'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
      {item.HISTORY.length === 0 ? (
        <p>{t('history.empty')}</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls, and the keyboard must reach it
        <div className="studio-table-wrap" tabIndex={0} role="region" aria-labelledby="history-title">
          <table className="studio-table">
            <thead>
              <tr>
                <th scope="col">{t('history.number')}</th>
                <th scope="col">{t('review.status')}</th>
                <th scope="col">{t('review.author')}</th>
                <th scope="col">{t('history.approver')}</th>
                <th scope="col">{t('history.when')}</th>
                <th scope="col">{t('review.note')}</th>
                {publisher && <th scope="col">{t('history.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {item.HISTORY.map((v) => (
                <tr key={v.ID}>
                  <td>{v.NUMBER ?? '–'}</td>
                  <td>{t(`status.${v.STATUS}`)}</td>
                  <td>{who(v.AUTHOR, v.AUTHOR_NAME)}</td>
                  <td>{who(v.APPROVER, v.APPROVER_NAME)}</td>
                  <td>{formatWhen(v.PUBLISHED_AT ?? v.UPDATED_AT ?? v.CREATED_AT, lang)}</td>
                  <td>{v.NOTE}</td>
                  {publisher && (
                    <td>
                      {v.STATUS === 'archived' && (
                        <button type="button" className="btn btn--link" onClick={() => setRolling(v)}>
                          {t('history.rollback', { number: v.NUMBER ?? '' })}
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rolling && (
        <form className="studio-form studio-panel" onSubmit={rollback}>
          <p>{t('history.rollbackIntro', { number: rolling.NUMBER ?? '' })}</p>
          <label className="studio-field">
            <span>{t('review.noteLabel')}</span>
            <textarea
              className="textarea"
              rows={2}
              maxLength={2000}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </label>
          <p className="studio-actions">
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {t('history.rollbackConfirm', { number: rolling.NUMBER ?? '' })}
            </button>
            <button type="button" className="btn btn--secondary" onClick={() => setRolling(null)}>
              {t('review.keep')}
            </button>
          </p>
        </form>
      )}
    </section>
  );
}
