// The right of withdrawal on the contract page (issue 28 item 1): within the product's period and
// without a claim, "Withdraw from this policy" shows the refund the service worked out (the
// engine's rule, as the FAQ states it) and asks for the password or a passkey; otherwise it says why and gives
// the call centre's number. A withdrawn contract shows its refund and the confirmation PDF.

import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isZcpError } from '../../api/errors';
import { listPasskeys } from '../../api/portal';
import { getWithdrawal, getWithdrawalPdf, type WithdrawalState, withdraw } from '../../api/withdrawal';
import { FormMessage, TextField } from '../../ui/components/fields';
import { showDate, showEuro } from '../format';
import { PasskeyError, reconfirmWithPasskey, usePasskeysSupported } from '../passkeys';

interface Props {
  contractNo: string;
  productId: string;
  /** The contract's status changed: the page reads it again. */
  onWithdrawn: () => void;
}

export function WithdrawalSection({ contractNo, productId, onWithdrawn }: Props) {
  const { t, i18n } = useTranslation('contracts');
  const [state, setState] = useState<WithdrawalState | null>(null);
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // A customer with a passkey may confirm with it instead of typing the password.
  const supported = usePasskeysSupported();
  const [hasPasskey, setHasPasskey] = useState(false);
  useEffect(() => {
    if (!open || !supported) return;
    let live = true;
    listPasskeys().then(
      (list) => live && setHasPasskey(list.CT_PASSKEYS.length > 0),
      () => live && setHasPasskey(false),
    );
    return () => {
      live = false;
    };
  }, [open, supported]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again per language and after a withdrawal
  useEffect(() => {
    let live = true;
    getWithdrawal(contractNo, productId).then(
      (data) => live && setState(data),
      () => live && setState(null),
    );
    return () => {
      live = false;
    };
  }, [contractNo, productId, i18n.language, attempt]);
  if (!state) return null;
  const euro = (n: number) => showEuro(n, i18n.language);

  const confirm = async (how: 'password' | 'passkey') => {
    if (busy) return;
    if (how === 'password' && !password) {
      setProblem(t('withdrawal.passwordRequired'));
      return;
    }
    setBusy(true);
    setProblem('');
    try {
      if (how === 'passkey') {
        try {
          await reconfirmWithPasskey();
        } catch (error) {
          if (!(error instanceof PasskeyError)) throw error;
          setProblem(t(`withdrawal.passkey.${error.reason}`));
          return;
        }
      }
      await withdraw(contractNo, productId, how === 'password' ? password : '');
      setOpen(false);
      setAttempt((n) => n + 1);
      onWithdrawn();
    } catch (error) {
      setProblem(
        isZcpError(error) && error.messages[0]?.MSGTEXT ? error.messages[0].MSGTEXT : t('withdrawal.failed'),
      );
      if (isZcpError(error) && error.status === 409) setAttempt((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };

  const download = async () => {
    const blob = await getWithdrawalPdf(contractNo, productId);
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `withdrawal-${contractNo}-${i18n.language === 'en' ? 'en' : 'el'}.pdf`;
    link.click();
    URL.revokeObjectURL(url);
  };

  const done = state.WITHDRAWAL;
  return (
    <section className="contract-detail__section contract-withdrawal" aria-labelledby="contract-withdrawal">
      <h2 id="contract-withdrawal">{t('withdrawal.title')}</h2>
      {done ? (
        <>
          <p role="status">
            {t('withdrawal.done', { date: showDate(done.WITHDRAWN_ON), refund: euro(done.REFUND_AMOUNT) })}
          </p>
          <p>{t(`withdrawal.way.${done.REFUND_STATUS === 'FAILED' ? 'FAILED' : done.REFUND_METHOD}`)}</p>
          <button type="button" className="btn btn--secondary" onClick={download}>
            {t('withdrawal.pdf')}
          </button>
        </>
      ) : state.ELIGIBLE ? (
        <>
          <p>{t('withdrawal.intro', { days: state.PERIOD_DAYS, date: showDate(state.LAST_DAY) })}</p>
          <dl className="portal-card__facts">
            <dt>{t('withdrawal.paid')}</dt>
            <dd>{euro(state.PAID_AMOUNT)}</dd>
            <dt>{t('withdrawal.kept', { count: state.COVERED_DAYS })}</dt>
            <dd>{euro(state.KEPT_AMOUNT)}</dd>
            <dt>{t('withdrawal.refund')}</dt>
            <dd>
              <strong>{euro(state.REFUND_AMOUNT)}</strong>
            </dd>
          </dl>
          <p>
            {state.REFUND_METHOD === 'CARD'
              ? t('withdrawal.toCard', { card: state.CARD_NUMBER })
              : t(`withdrawal.way.${state.REFUND_METHOD}`)}
          </p>
          {open ? (
            <form
              className="form"
              noValidate
              onSubmit={(event: FormEvent) => {
                event.preventDefault();
                void confirm('password');
              }}
              aria-busy={busy}
            >
              <p>{t('withdrawal.confirmIntro')}</p>
              {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}
              <TextField
                label={t('withdrawal.password')}
                type="password"
                value={password}
                onValueChange={setPassword}
                required
                autoComplete="current-password"
              />
              <div className="form__actions">
                <button type="submit" className="btn btn--primary" disabled={busy}>
                  {t('withdrawal.confirm', { refund: euro(state.REFUND_AMOUNT) })}
                </button>
                {hasPasskey ? (
                  <button
                    type="button"
                    className="btn btn--secondary"
                    disabled={busy}
                    onClick={() => void confirm('passkey')}
                  >
                    {t('withdrawal.passkey.confirm')}
                  </button>
                ) : null}
                <button type="button" className="btn btn--link" onClick={() => setOpen(false)}>
                  {t('withdrawal.cancel')}
                </button>
              </div>
            </form>
          ) : (
            <button type="button" className="btn btn--secondary" onClick={() => setOpen(true)}>
              {t('withdrawal.start')}
            </button>
          )}
        </>
      ) : (
        <>
          <p>{state.REASON_TEXT}</p>
          <a className="btn btn--secondary" href={`tel:${state.CALL_CENTRE.replace(/\s+/g, '')}`}>
            {t('withdrawal.call', { phone: state.CALL_CENTRE })}
          </a>
        </>
      )}
    </section>
  );
}
