// /my-claims/{claimNo}: one claim, its payments (GetPaymentDetails ET_PAYMENT), its photos and
// documents, and a slot for each file still missing or to be replaced, so photos that failed to
// go up while filing are added here later: the claim itself is never lost.

import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { type ClaimDetail, type ClaimPayment, getClaimDetail, getPaymentDetails } from '../../api/claims';
import { DelayedLoader } from '../../ui/layout/Loader';
import { SlotUpload } from '../claims/SlotUpload';
import { showDate, showEuro } from '../format';
import { CaseTimeline } from '../progress/CaseTimeline';
import { useClaims } from '../state/portalData';
import '../claims/claims.css';

type Load =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; detail: ClaimDetail; payments: ClaimPayment[] };

export function ClaimDetailPage() {
  const { claimNo = '' } = useParams();
  const { t, i18n } = useTranslation(['claims', 'portal']);
  const claims = useClaims();
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  const read = useCallback(async () => {
    try {
      const [detail, payments] = await Promise.all([getClaimDetail(claimNo), getPaymentDetails(claimNo)]);
      setLoad({ status: 'ready', detail, payments: payments.ET_PAYMENT });
    } catch {
      setLoad({ status: 'failed' });
    }
  }, [claimNo]);

  useEffect(() => {
    void read();
  }, [read]);

  const entry = claims.status === 'ready' ? claims.data.find((c) => c.CLAIM_NO === claimNo) : undefined;

  return (
    <div className="page claim-detail">
      <p>
        <Link to="/my-claims">{t('detail.back')}</Link>
      </p>
      <h1>{t('detail.title', { claimNo })}</h1>
      {load.status === 'loading' ? <DelayedLoader /> : null}
      {load.status === 'failed' ? (
        <div role="alert" className="failed-load">
          <p>{t('detail.notFound')}</p>
          <button type="button" className="btn btn--secondary" onClick={() => void read()}>
            {t('portal:errors.retry')}
          </button>
        </div>
      ) : null}
      {load.status === 'ready' ? (
        <>
          <dl className="portal-card__facts">
            <dt>{t('detail.policy')}</dt>
            <dd>{load.detail.CONTRACT_NO}</dd>
            <dt>{t('list.status')}</dt>
            <dd>{t(`claims:statuses.${load.detail.STATUS}`, { defaultValue: load.detail.STATUS })}</dd>
            {entry ? (
              <>
                <dt>{t('detail.incident')}</dt>
                <dd>
                  {showDate(entry.INCIDENT_DATE)} {entry.INCIDENT_TIME ?? ''}
                </dd>
                <dt>{t('detail.cause')}</dt>
                <dd>{entry.CAUSE_DESC || '–'}</dd>
                <dt>{t('detail.location')}</dt>
                <dd>{entry.LOCATION || '–'}</dd>
                <dt>{t('detail.description')}</dt>
                <dd>{entry.DESCRIPTION || '–'}</dd>
                <dt>{t('list.submittedOn')}</dt>
                <dd>{showDate(entry.SUBMITTED_ON)}</dd>
                {typeof entry.CLAIMED_AMOUNT === 'number' ? (
                  <>
                    <dt>{t('detail.amount')}</dt>
                    <dd>{showEuro(entry.CLAIMED_AMOUNT, i18n.language)}</dd>
                  </>
                ) : null}
              </>
            ) : null}
          </dl>

          <h2>{t('progress.title')}</h2>
          <CaseTimeline history={load.detail.ET_HISTORY} noteLabel={t('progress.noteBy')} />

          {load.detail.MORE_INFO ? (
            <section className="claim-more-info" aria-labelledby="claim-more-info">
              <h2 id="claim-more-info">{t('progress.moreInfoTitle')}</h2>
              <p>{t('progress.moreInfoText')}</p>
              <div className="claim-slots">
                {load.detail.EXTRA_SLOTS.filter((s) => !s.FILLED).map((s) => (
                  <SlotUpload
                    key={s.SLOT}
                    claimNo={claimNo}
                    slot={s.SLOT}
                    kind={s.KIND}
                    label={t('progress.extra', { n: Number(s.SLOT.replace('EXTRA_', '')) })}
                    onUploaded={() => void read()}
                  />
                ))}
              </div>
            </section>
          ) : null}

          <h2>{t('detail.payments')}</h2>
          {load.payments.length === 0 ? (
            <p>{t('paymentStatus.NONE')}</p>
          ) : (
            load.payments.map((p) =>
              typeof p.PAID_AMOUNT === 'number' ? (
                <dl
                  key={`${p.PAYMENT_DATE}-${p.PAYMENT_METHOD}`}
                  className="portal-card__facts claim-payment"
                  data-payment="paid"
                >
                  <dt>{t('list.payment')}</dt>
                  <dd>{t(`paymentStatus.${p.PAYMENT_STATUS}`)}</dd>
                  <dt>{t('progress.amount')}</dt>
                  <dd>{showEuro(p.PAID_AMOUNT, i18n.language)}</dd>
                  <dt>{t('progress.date')}</dt>
                  <dd>{showDate(p.PAYMENT_DATE)}</dd>
                  <dt>{t('progress.method')}</dt>
                  <dd>{p.PAYMENT_METHOD_DESC}</dd>
                  <dt>{t('progress.account')}</dt>
                  <dd>{p.ACCOUNT || '–'}</dd>
                  {p.REFERENCE ? (
                    <>
                      <dt>{t('progress.reference')}</dt>
                      <dd>{p.REFERENCE}</dd>
                    </>
                  ) : null}
                </dl>
              ) : (
                <p key={`${p.PAYMENT_STATUS}-${p.COMPENSATION_TYPE}`}>
                  {t(`paymentStatus.${p.PAYMENT_STATUS}`)} · {t(`compensation.${p.COMPENSATION_TYPE}`)}
                  {typeof p.AMOUNT === 'number' ? ` · ${showEuro(p.AMOUNT, i18n.language)}` : ''}
                </p>
              ),
            )
          )}

          <h2>{t('detail.files')}</h2>
          {load.detail.IT_ATTACHMENT_LIST.length === 0 ? (
            <p>{t('detail.noFiles')}</p>
          ) : (
            <ul className="claim-files">
              {load.detail.IT_ATTACHMENT_LIST.map((f) => (
                <li key={f.SLOT}>
                  {f.SLOT_DESC}:{' '}
                  <a href={`/zcp/files/${f.UPLOAD_ID}`} download>
                    {f.FILE_NAME}
                  </a>
                </li>
              ))}
            </ul>
          )}

          {/* The slots still open, under a heading only when there is one (none once all are filled). */}
          {load.detail.SLOTS.some((s) => !s.FILLED) ? (
            <>
              <h2>{load.detail.MISSING_SLOTS.length > 0 ? t('detail.missing') : t('detail.addFile')}</h2>
              <div className="claim-slots">
                {load.detail.SLOTS.filter((s) => !s.FILLED).map((s) => (
                  <SlotUpload
                    key={s.SLOT}
                    claimNo={claimNo}
                    slot={s.SLOT}
                    kind={s.KIND}
                    onUploaded={() => void read()}
                  />
                ))}
              </div>
            </>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
