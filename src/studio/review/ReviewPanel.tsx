// The open change of an item and what the signed-in staff member may do with it (issue 29: the
// life cycle and four eyes): a new draft from live, discard, submit for review with a note; for a
// publisher other than the author approve or refuse (with the reason), then publish, every gate's
// reason listed when publishing is refused. Buttons only for the roles the service allows; the
// author never sees "approve" on their own change. The diff in words against live, when there is one.

import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleAtLeast, StudioError } from '../api';
import { studioLanguage } from '../i18n';
import { useStaff } from '../layout/session';
import { type DiffChange, type GateReason, type ItemAnswer, itemsApi } from './itemsApi';
import { formatWhen } from './when';
import { staffLabel } from './who';

export type ReviewAction = 'newDraft' | 'discard' | 'submit' | 'approve' | 'refuse' | 'publish' | 'gates';

/** What this staff member may do with the item as it stands (the service checks again). */
export function allowedActions(
  item: Pick<ItemAnswer, 'LIVE' | 'CHANGE'>,
  staff: { STAFF_ID: string; ROLE: Parameters<typeof roleAtLeast>[0] },
): ReviewAction[] {
  const editor = roleAtLeast(staff.ROLE, 'editor');
  const publisher = roleAtLeast(staff.ROLE, 'publisher');
  const change = item.CHANGE;
  if (!change) return editor && item.LIVE ? ['newDraft'] : [];
  const own = change.AUTHOR === staff.STAFF_ID;
  const out: ReviewAction[] = ['gates'];
  if (change.STATUS === 'draft') {
    if (editor) out.push('submit', 'discard');
    return out;
  }
  if (publisher && !change.APPROVED_AT && !own) out.push('approve', 'refuse');
  if (publisher && change.APPROVED_AT) out.push('publish');
  return out;
}

export function ReviewPanel({
  kind,
  itemKey,
  item,
  onChanged,
}: {
  kind: string;
  itemKey: string;
  item: ItemAnswer;
  onChanged: () => Promise<unknown>;
}) {
  const { t } = useTranslation('studio');
  const staff = useStaff();
  const lang = studioLanguage();
  const ids = useId();
  const [note, setNote] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [gates, setGates] = useState<GateReason[] | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [diff, setDiff] = useState<DiffChange[] | null>(null);
  const change = item.CHANGE;
  const actions = allowedActions(item, staff);
  const can = (a: ReviewAction) => actions.includes(a);

  useEffect(() => {
    setDiff(null);
    if (!item.LIVE || !item.CHANGE) return;
    let live = true;
    itemsApi
      .diff(item.LIVE.ID, item.CHANGE.ID)
      .then((a) => live && setDiff(a.CHANGES))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [item.LIVE, item.CHANGE]);

  const run = async (action: ReviewAction, call: () => Promise<unknown>, after?: () => void) => {
    setBusy(true);
    setError(null);
    setDone(null);
    setGates(null);
    try {
      const answer = await call();
      if (action === 'gates') setGates((answer as { REASONS: GateReason[] }).REASONS);
      else {
        after?.();
        setDone(t(`review.done.${action}`));
        await onChanged();
      }
    } catch (e) {
      if (e instanceof StudioError && Array.isArray(e.body.REASONS)) setGates(e.body.REASONS as GateReason[]);
      setError(e instanceof StudioError ? e.message : t('errors.generic'));
    } finally {
      setBusy(false);
      setConfirmDiscard(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change)
      void run(
        'submit',
        () => itemsApi.submit(change.ID, note.trim()),
        () => setNote(''),
      );
  };
  const refuse = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(t('review.reasonMissing'));
      return;
    }
    if (change)
      void run(
        'refuse',
        () => itemsApi.refuse(change.ID, reason.trim()),
        () => setReason(''),
      );
  };

  return (
    <section className="studio-panel" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t('review.title')}</h2>
      <div aria-live="polite">{done && <p className="studio-note">{done}</p>}</div>
      {error && (
        <div className="studio-alert" role="alert">
          <p>{error}</p>
          {gates && gates.length > 0 && (
            <ul>
              {gates.map((g) => (
                <li key={`${g.GATE}:${g.DETAIL}`}>
                  <strong>{t(`review.gates.${g.GATE}`, { defaultValue: g.GATE })}:</strong> {g.DETAIL}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {!error && gates && (
        <div className={gates.length ? 'studio-alert' : 'studio-note'} role="status">
          <p>{gates.length ? t('review.gatesFailed', { count: gates.length }) : t('review.gatesPass')}</p>
          {gates.length > 0 && (
            <ul>
              {gates.map((g) => (
                <li key={`${g.GATE}:${g.DETAIL}`}>
                  <strong>{t(`review.gates.${g.GATE}`, { defaultValue: g.GATE })}:</strong> {g.DETAIL}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {!change ? (
        <p>{item.LIVE ? t('review.noChange') : t('review.nothingLive')}</p>
      ) : (
        <dl className="studio-facts">
          <dt>{t('review.status')}</dt>
          <dd>
            <span className={`studio-badge studio-badge--${change.STATUS}`}>
              {t(`status.${change.STATUS}`)}
            </span>
            {change.APPROVED_AT &&
              ` · ${t('review.approvedBy', { who: staffLabel(change.APPROVER, change.APPROVER_NAME, staff.STAFF_ID, t('review.you')) })}`}
          </dd>
          <dt>{t('review.author')}</dt>
          <dd>{staffLabel(change.AUTHOR, change.AUTHOR_NAME, staff.STAFF_ID, t('review.you'))}</dd>
          <dt>{t('review.revision')}</dt>
          <dd>
            {change.REVISION} · {formatWhen(change.UPDATED_AT ?? change.CREATED_AT, lang)}
          </dd>
          {change.NOTE && (
            <>
              <dt>
                {change.STATUS === 'draft' && change.SUBMITTED_AT === null
                  ? t('review.noteOrReason')
                  : t('review.note')}
              </dt>
              <dd>{change.NOTE}</dd>
            </>
          )}
        </dl>
      )}
      {change?.STATUS === 'in_review' && change.AUTHOR === staff.STAFF_ID && !change.APPROVED_AT && (
        <p className="studio-muted">{t('review.waiting')}</p>
      )}
      {diff && (
        <details className="studio-diff">
          <summary>{t('review.diff', { count: diff.length })}</summary>
          <ul>
            {diff.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the service's list, in its order, has no ids
              <li key={i}>
                {t(`review.changeKind.${c.CHANGE}`)} {t(`review.what.${c.WHAT}`, { defaultValue: c.WHAT })}{' '}
                <code>{c.WHERE}</code>
                {c.BEFORE !== undefined && c.AFTER !== undefined && (
                  <>
                    : «{String(typeof c.BEFORE === 'object' ? JSON.stringify(c.BEFORE) : c.BEFORE)}» → «
                    {String(typeof c.AFTER === 'object' ? JSON.stringify(c.AFTER) : c.AFTER)}»
                  </>
                )}
              </li>
            ))}
          </ul>
        </details>
      )}
      <div className="studio-actions">
        {can('newDraft') && (
          <button
            type="button"
            className="btn btn--primary"
            disabled={busy}
            onClick={() => void run('newDraft', () => itemsApi.newDraft(kind, itemKey))}
          >
            {t('review.newDraft')}
          </button>
        )}
        {can('approve') && change && (
          <button
            type="button"
            className="btn btn--primary"
            disabled={busy}
            onClick={() => void run('approve', () => itemsApi.approve(change.ID))}
          >
            {t('review.approve')}
          </button>
        )}
        {can('publish') && change && (
          <button
            type="button"
            className="btn btn--primary"
            disabled={busy}
            onClick={() => void run('publish', () => itemsApi.publish(change.ID))}
          >
            {t('review.publish')}
          </button>
        )}
        {can('gates') && change && (
          <button
            type="button"
            className="btn btn--secondary"
            disabled={busy}
            onClick={() => void run('gates', () => itemsApi.gates(change.ID))}
          >
            {t('review.runGates')}
          </button>
        )}
        {can('discard') && change && !confirmDiscard && (
          <button
            type="button"
            className="btn btn--secondary"
            disabled={busy}
            onClick={() => setConfirmDiscard(true)}
          >
            {t('review.discard')}
          </button>
        )}
      </div>
      {confirmDiscard && change && (
        <div className="studio-note" role="group" aria-label={t('review.discard')}>
          <p>{t('review.discardConfirm')}</p>
          <p className="studio-actions">
            <button
              type="button"
              className="btn btn--primary"
              disabled={busy}
              onClick={() => void run('discard', () => itemsApi.discard(change.ID))}
            >
              {t('review.discardYes')}
            </button>
            <button type="button" className="btn btn--secondary" onClick={() => setConfirmDiscard(false)}>
              {t('review.keep')}
            </button>
          </p>
        </div>
      )}
      {can('submit') && change && (
        <form className="studio-form" onSubmit={submit}>
          <label className="studio-field">
            <span>{t('review.noteLabel')}</span>
            <textarea
              className="textarea"
              rows={3}
              maxLength={2000}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </label>
          <p>
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {t('review.submit')}
            </button>
          </p>
        </form>
      )}
      {can('refuse') && change && (
        <form className="studio-form" onSubmit={refuse}>
          <label className="studio-field">
            <span>{t('review.reasonLabel')}</span>
            <textarea
              className="textarea"
              rows={3}
              maxLength={2000}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </label>
          <p>
            <button type="submit" className="btn btn--secondary" disabled={busy}>
              {t('review.refuse')}
            </button>
          </p>
        </form>
      )}
    </section>
  );
}
