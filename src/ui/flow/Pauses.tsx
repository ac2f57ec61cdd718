// What the visitor sees while the flow waits for them: a referral ("cannot insure online"), a
// service error, a changed premium to confirm, and the redirect to the card provider.

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Flow } from '../../engine/flow/types';
import type { PaymentRedirect } from '../../engine/machine/services';
import { formatEuro } from '../../engine/money';
import { CALL_CENTRE_PHONE } from '../callCentre';
import { rememberPayingFlow } from './flowStorage';

const CONTACT_TYPES = ['1', '2', '5'];

export function ReferralNotice(props: {
  flow: Flow;
  message: string;
  type: string;
  checkNumber?: string;
  offerNo?: string;
  onEdit: () => void;
  /** The heading, when the flow has its own (referralTitle). */
  title?: string;
  /** Runs the flow's own call-back (a work order) instead of linking to the call-back form. */
  onCallBack?: () => Promise<unknown>;
}) {
  const { t } = useTranslation('flow');
  const contact = CONTACT_TYPES.includes(String(props.type));
  const [callBack, setCallBack] = useState<'idle' | 'sending' | 'done' | 'failed'>('idle');
  const { onCallBack } = props;
  const requestCallBack = () => {
    if (!onCallBack) return;
    setCallBack('sending');
    onCallBack().then(
      () => setCallBack('done'),
      () => setCallBack('failed'),
    );
  };
  // The call-back carries why the quote stopped, so the call centre sees the rule and the offer.
  const query = new URLSearchParams({ product: props.flow.id, type: String(props.type) });
  if (props.checkNumber) query.set('check', String(props.checkNumber));
  if (props.offerNo) query.set('offer', props.offerNo);
  return (
    <section className="notice notice--warning" role="alert" aria-labelledby="referral-title">
      <h2 id="referral-title">{props.title ?? t('referral.title')}</h2>
      <p>{props.message}</p>
      <p>
        {t('referral.call')} <a href={`tel:${CALL_CENTRE_PHONE.replace(/\s/g, '')}`}>{CALL_CENTRE_PHONE}</a>
      </p>
      {callBack === 'done' && (
        <p className="notice notice--success" role="status">
          {t('referral.callBackDone')}
        </p>
      )}
      {callBack === 'failed' && <p className="field-error">{t('referral.callBackFailed')}</p>}
      <div className="actions">
        {contact && !onCallBack && (
          <Link className="btn btn--primary" to={`/contact?${query}`}>
            {t('referral.contactMe')}
          </Link>
        )}
        {contact && onCallBack && callBack !== 'done' && (
          <button
            type="button"
            className="btn btn--primary"
            onClick={requestCallBack}
            disabled={callBack === 'sending'}
            aria-busy={callBack === 'sending'}
          >
            {t('referral.contactMe')}
          </button>
        )}
        <button type="button" className="btn btn--secondary" onClick={props.onEdit}>
          {t('referral.edit')}
        </button>
      </div>
    </section>
  );
}

export function ServiceErrorNotice(props: { message?: string; onRetry?: () => void; onEdit?: () => void }) {
  const { t } = useTranslation('flow');
  return (
    <section className="notice notice--error" role="alert" aria-labelledby="service-error-title">
      <h2 id="service-error-title">{t('serviceError.title')}</h2>
      <p>{props.message || t('serviceError.text')}</p>
      <div className="actions">
        {props.onRetry && (
          <button type="button" className="btn btn--primary" onClick={props.onRetry}>
            {t('serviceError.retry')}
          </button>
        )}
        {props.onEdit && (
          <button type="button" className="btn btn--secondary" onClick={props.onEdit}>
            {t('serviceError.edit')}
          </button>
        )}
      </div>
    </section>
  );
}

export function PremiumChanged(props: {
  previous: number;
  current: number;
  lang: 'el' | 'en';
  onConfirm: () => void;
  onReject: () => void;
}) {
  const { t } = useTranslation('flow');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      className="notice notice--info"
      role="alertdialog"
      aria-labelledby="premium-title"
      aria-describedby="premium-text"
    >
      <h2 id="premium-title" tabIndex={-1} ref={heading}>
        {t('premiumChanged.title')}
      </h2>
      <p id="premium-text">
        {t('premiumChanged.text', {
          previous: formatEuro(props.previous, props.lang),
          current: formatEuro(props.current, props.lang),
        })}
      </p>
      <div className="actions">
        <button type="button" className="btn btn--primary" onClick={props.onConfirm}>
          {t('premiumChanged.confirm')}
        </button>
        <button type="button" className="btn btn--secondary" onClick={props.onReject}>
          {t('premiumChanged.reject')}
        </button>
      </div>
    </section>
  );
}

/** Posts the signed payment form to the card provider, as its hosted page expects. */
export function PaymentRedirectForm({ redirect, flowId }: { redirect: PaymentRedirect; flowId: string }) {
  const { t } = useTranslation('flow');
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    rememberPayingFlow(flowId);
    form.current?.submit();
  }, [flowId]);
  return (
    <form ref={form} method={redirect.METHOD} action={redirect.URL} className="notice notice--info">
      <h2>{t('payment.redirecting')}</h2>
      {Object.entries(redirect.FIELDS).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <p>{t('payment.redirectHelp')}</p>
      <button type="submit" className="btn btn--secondary">
        {t('payment.continueToProvider')}
      </button>
    </form>
  );
}
