// /withdraw#<token>: the right of withdrawal for a visitor who bought without an account (issue 28
// item 1), opened from the link in the policy e-mail. The token rides in the address's fragment,
// so it never reaches a server log or a Referer; the page sends it in the body of each call. It
// shows the refund the service worked out (the engine's rule), has a six-digit code sent to the
// policy's e-mail or mobile, withdraws with it, and shows the result. Every refusal (a bad or
// expired link, outside the period, a claim recorded, already withdrawn, a wrong or expired code)
// is the service's translated text, with the call centre where the customer must call.

import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isZcpError } from '../../api/errors';
import {
  type CodeChannel,
  getLinkedWithdrawal,
  type LinkedWithdrawal,
  sendWithdrawalCode,
  type WithdrawalDone,
  withdrawByLink,
} from '../../api/withdrawal';
import { ymdToDisplay } from '../../engine/dates';
import { formatEuro } from '../../engine/money';
import { CALL_CENTRE_PHONE } from '../../ui/callCentre';
import { FormMessage, TextField } from '../../ui/components/fields';
import { DelayedLoader } from '../../ui/layout/Loader';
import './withdraw.css';

type Load =
  | { status: 'loading' }
  | { status: 'ready'; data: LinkedWithdrawal }
  | { status: 'refused'; message: string; phone: string }
  | { status: 'failed' };

const SIX_DIGITS = /^\d{6}$/;

const telOf = (phone: string) => `tel:${phone.replace(/\s+/g, '')}`;

export function WithdrawPage() {
  const { t, i18n } = useTranslation('pages');
  const { hash } = useLocation();
  const token = decodeURIComponent(hash.replace(/^#/, ''));
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [done, setDone] = useState<{ contractNo: string; record: WithdrawalDone } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: read again per language and retry
  useEffect(() => {
    let live = true;
    setLoad({ status: 'loading' });
    getLinkedWithdrawal(token).then(
      (data) => live && setLoad({ status: 'ready', data }),
      (error) => {
        if (!live) return;
        if (isZcpError(error) && error.status >= 400 && error.status < 500 && error.firstMessage)
          setLoad({ status: 'refused', message: error.firstMessage, phone: CALL_CENTRE_PHONE });
        else setLoad({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [token, attempt, i18n.language]);

  return (
    <div className="page page--narrow withdraw">
      <h1>{t('withdraw.title')}</h1>
      {load.status === 'loading' ? <DelayedLoader /> : null}
      {load.status === 'refused' ? <Refused text={load.message} phone={load.phone} /> : null}
      {load.status === 'failed' ? (
        <div role="alert" className="notice notice--error">
          <p>{t('withdraw.failed')}</p>
          <button type="button" className="btn btn--secondary" onClick={() => setAttempt((n) => n + 1)}>
            {t('withdraw.retry')}
          </button>
        </div>
      ) : null}
      {load.status === 'ready' ? (
        <>
          <ContractFacts data={load.data} />
          {done ? (
            <Result contractNo={done.contractNo} record={done.record} fresh />
          ) : load.data.WITHDRAWAL ? (
            <>
              <p role="status">{load.data.REASON_TEXT}</p>
              <Result contractNo={load.data.CONTRACT_NO} record={load.data.WITHDRAWAL} />
            </>
          ) : load.data.ELIGIBLE ? (
            <Withdrawal
              token={token}
              data={load.data}
              onDone={(record) => setDone({ contractNo: load.data.CONTRACT_NO, record })}
              onRefused={() => setAttempt((n) => n + 1)}
            />
          ) : (
            <Refused text={load.data.REASON_TEXT} phone={load.data.CALL_CENTRE} />
          )}
        </>
      ) : null}
    </div>
  );
}

function Refused({ text, phone }: { text: string; phone: string }) {
  const { t } = useTranslation('pages');
  return (
    <div className="withdraw__refusal" role="alert">
      <p>{text}</p>
      <a className="btn btn--secondary" href={telOf(phone)}>
        {t('withdraw.call', { phone })}
      </a>
    </div>
  );
}

function ContractFacts({ data }: { data: LinkedWithdrawal }) {
  const { t } = useTranslation('pages');
  return (
    <dl className="withdraw__facts">
      <dt>{t('withdraw.contract')}</dt>
      <dd>
        {data.CONTRACT_NO}, {data.PRODUCT_DESC}
      </dd>
      <dt>{t('withdraw.period')}</dt>
      <dd>
        {ymdToDisplay(data.START_DATE)} – {ymdToDisplay(data.EXPIRY_DATE)}
      </dd>
    </dl>
  );
}

function Result({
  contractNo,
  record,
  fresh = false,
}: {
  contractNo: string;
  record: WithdrawalDone;
  fresh?: boolean;
}) {
  const { t, i18n } = useTranslation('pages');
  const euro = (n: number) => formatEuro(n, i18n.language === 'en' ? 'en' : 'el');
  const way = record.REFUND_STATUS === 'FAILED' ? 'FAILED' : record.REFUND_METHOD;
  return (
    <div className="withdraw__result" role={fresh ? 'status' : undefined}>
      <p className="withdraw__done">
        {t('withdraw.done', {
          contractNo,
          date: ymdToDisplay(record.WITHDRAWN_ON),
          refund: euro(record.REFUND_AMOUNT),
        })}
      </p>
      <p>{t(`withdraw.way.${way}`)}</p>
      {fresh ? <p>{t('withdraw.mailed')}</p> : null}
    </div>
  );
}

interface WithdrawalProps {
  token: string;
  data: LinkedWithdrawal;
  onDone: (record: WithdrawalDone) => void;
  /** The right can no longer be used (withdrawn meanwhile, the period over): read the state again. */
  onRefused: () => void;
}

function Withdrawal({ token, data, onDone, onRefused }: WithdrawalProps) {
  const { t, i18n } = useTranslation('pages');
  const euro = (n: number) => formatEuro(n, i18n.language === 'en' ? 'en' : 'el');
  const channels: CodeChannel[] = [
    ...(data.MAIL_HINT ? (['MAIL'] as const) : []),
    ...(data.MOBILE_HINT ? (['SMS'] as const) : []),
  ];
  const [channel, setChannel] = useState<CodeChannel>(channels[0] ?? 'MAIL');
  const [sentTo, setSentTo] = useState<CodeChannel | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const hint = (c: CodeChannel) => (c === 'SMS' ? data.MOBILE_HINT : data.MAIL_HINT);

  const failure = (error: unknown) => {
    if (isZcpError(error) && error.status === 422 && error.messages[0]?.FIELD === 'CODE') {
      setCodeError(error.firstMessage ?? t('withdraw.codeFormat'));
      return;
    }
    setProblem(isZcpError(error) && error.firstMessage ? error.firstMessage : t('withdraw.failed'));
    // Withdrawn meanwhile (another tab, a double click) or the right gone: the page reads it again.
    if (isZcpError(error) && (error.status === 409 || error.hasCode('PERIOD_OVER') || error.hasCode('CLAIM')))
      onRefused();
  };

  const send = async () => {
    if (busy) return;
    setBusy(true);
    setProblem('');
    setCodeError('');
    try {
      await sendWithdrawalCode(token, channel);
      setSentTo(channel);
      setCode('');
    } catch (error) {
      failure(error);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !sentTo) return;
    const typed = code.replace(/\s+/g, '');
    if (!SIX_DIGITS.test(typed)) {
      setCodeError(t('withdraw.codeFormat'));
      return;
    }
    setBusy(true);
    setProblem('');
    setCodeError('');
    try {
      const answer = await withdrawByLink(token, sentTo, typed);
      onDone(answer.WITHDRAWAL);
    } catch (error) {
      failure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="withdraw__offer" aria-labelledby="withdraw-refund">
      <p>{t('withdraw.intro', { days: data.PERIOD_DAYS, date: ymdToDisplay(data.LAST_DAY) })}</p>
      <h2 id="withdraw-refund">{t('withdraw.refundTitle')}</h2>
      <dl className="withdraw__facts withdraw__facts--amounts">
        <dt>{t('withdraw.paid')}</dt>
        <dd>{euro(data.PAID_AMOUNT)}</dd>
        <dt>{t('withdraw.kept', { count: data.COVERED_DAYS })}</dt>
        <dd>{euro(data.KEPT_AMOUNT)}</dd>
        <dt>{t('withdraw.refund')}</dt>
        <dd>
          <strong>{euro(data.REFUND_AMOUNT)}</strong>
        </dd>
      </dl>
      <p>
        {data.REFUND_METHOD === 'CARD'
          ? t('withdraw.toCard', { card: data.CARD_NUMBER })
          : t(`withdraw.way.${data.REFUND_METHOD}`)}
      </p>
      {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}
      {channels.length === 0 ? (
        <Refused text={t('withdraw.noRecipient', { phone: data.CALL_CENTRE })} phone={data.CALL_CENTRE} />
      ) : (
        <form className="form" noValidate onSubmit={confirm} aria-busy={busy}>
          <fieldset className="form-group">
            <legend className="field__label">{t('withdraw.channel')}</legend>
            <div className="choices choices--radio">
              {channels.map((c) => (
                <label key={c} className="choice">
                  <input
                    className="choice__input"
                    type="radio"
                    name="withdraw-channel"
                    value={c}
                    checked={channel === c}
                    onChange={() => setChannel(c)}
                  />
                  <span className="choice__label">{t(`withdraw.channels.${c}`, { hint: hint(c) })}</span>
                </label>
              ))}
            </div>
          </fieldset>
          {sentTo ? (
            <>
              <p role="status">{t(`withdraw.sent.${sentTo}`, { hint: hint(sentTo) })}</p>
              <TextField
                label={t('withdraw.code')}
                value={code}
                onValueChange={setCode}
                error={codeError || null}
                required
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={8}
              />
              <p>{t('withdraw.confirmIntro')}</p>
              <div className="form__actions">
                <button type="submit" className="btn btn--primary" disabled={busy}>
                  {t('withdraw.confirm', { refund: euro(data.REFUND_AMOUNT) })}
                </button>
                <button type="button" className="btn btn--link" onClick={send} disabled={busy}>
                  {t('withdraw.resend')}
                </button>
              </div>
            </>
          ) : (
            <div className="form__actions">
              <button type="button" className="btn btn--primary" onClick={send} disabled={busy}>
                {t('withdraw.send')}
              </button>
            </div>
          )}
        </form>
      )}
    </section>
  );
}
