// /verify/{token}: the page a certificate of insurance's QR code opens (issue 28 item 6), for the
// police or a garage on the spot: valid or not today, the registration number and the period,
// nothing personal. Public, no login.

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { getVerification, type Verification } from '../../api/certificates';
import { isZcpError } from '../../api/errors';
import { ymdToDisplay } from '../../engine/dates';
import { DelayedLoader } from '../../ui/layout/Loader';
import { CallCentre } from '../layout/CallCentre';
import './verify.css';

type Check =
  | { status: 'loading' }
  | { status: 'ready'; data: Verification; at: Date }
  | { status: 'unknown' | 'failed'; message?: string };

export function VerifyPage() {
  const { t, i18n } = useTranslation('pages');
  const { token = '' } = useParams();
  const [check, setCheck] = useState<Check>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again per language and retry
  useEffect(() => {
    let live = true;
    setCheck({ status: 'loading' });
    getVerification(token).then(
      (data) => live && setCheck({ status: 'ready', data, at: new Date() }),
      (error) => {
        if (!live) return;
        if (isZcpError(error) && error.status === 404) setCheck({ status: 'unknown' });
        else setCheck({ status: 'failed', message: isZcpError(error) ? error.firstMessage : undefined });
      },
    );
    return () => {
      live = false;
    };
  }, [token, attempt, i18n.language]);

  return (
    <div className="page page--narrow verify">
      <h1>{t('verify.title')}</h1>
      {check.status === 'loading' ? <DelayedLoader /> : null}
      {check.status === 'ready' ? <Verdict check={check.data} at={check.at} /> : null}
      {check.status === 'unknown' ? (
        <div className="verify__verdict verify__verdict--invalid" role="status">
          <p className="verify__word">{t('verify.notValid')}</p>
          <p>{t('verify.unknown')}</p>
        </div>
      ) : null}
      {check.status === 'failed' ? (
        <div role="alert" className="notice notice--error">
          <p>{check.message ?? t('verify.failed')}</p>
          <button type="button" className="btn btn--secondary" onClick={() => setAttempt((n) => n + 1)}>
            {t('verify.retry')}
          </button>
        </div>
      ) : null}
      <p className="verify__privacy">{t('verify.privacy')}</p>
      <CallCentre />
    </div>
  );
}

function Verdict({ check, at }: { check: Verification; at: Date }) {
  const { t, i18n } = useTranslation('pages');
  const when = at.toLocaleString(i18n.language === 'en' ? 'en-GB' : 'el-GR', {
    dateStyle: 'long',
    timeStyle: 'short',
  });
  return (
    <div className={`verify__verdict verify__verdict--${check.VALID ? 'valid' : 'invalid'}`} role="status">
      <p className="verify__word">{check.VALID ? t('verify.valid') : t('verify.notValid')}</p>
      <p>{t(`verify.reasons.${check.STATUS}`)}</p>
      <dl className="verify__facts">
        <dt>{t('verify.plate')}</dt>
        <dd className="verify__plate">{check.LICENSE_PLATE}</dd>
        <dt>{t('verify.period')}</dt>
        <dd>
          {ymdToDisplay(check.START_DATE)} – {ymdToDisplay(check.EXPIRY_DATE)}
        </dd>
        <dt>{t('verify.checkedAt')}</dt>
        <dd>{when}</dd>
      </dl>
    </div>
  );
}
