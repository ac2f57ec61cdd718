// Login (spec §1, §4, §8): mobile number and password, then the second factor for accounts that
// have one (an SMS code, or a passkey instead); or a passkey alone. A 401 is a plain failure, a
// 403 a locked account (with the way to unlock), a legal entity is refused; the customer lands
// where they were sent from, else on the dashboard.

import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { isZcpError } from '../../api/errors';
import * as portal from '../../api/portal';
import { isTwoFactorPending, type PortalSession, type TwoFactorPending } from '../../api/portal';
import { fieldRules } from '../../engine/rules/fieldRules';
import { offerPath, PRODUCTS } from '../../shell/routeTable';
import { FormMessage, showErrorsAndFocus, TextField } from '../../ui/components/fields';
import { useFormPresence } from '../../ui/state/formPresence';
import {
  loginWithPasskey,
  PasskeyError,
  passkeysSupported,
  secondFactorWithPasskey,
  usePasskeysSupported,
} from '../passkeys';
import { afterLoginPath, REGISTER_PATH, RESET_PASSWORD_PATH, TERMS_PATH } from '../routePaths';
import { loadCustomer } from '../state/customer';
import { startSession } from '../state/session';

/** The §8 text for a failed login answer. */
function loginProblem(error: unknown): string {
  if (error instanceof PasskeyError)
    return error.reason === 'cancelled' ? 'errors.passkeyCancelled' : 'errors.passkeyFailed';
  if (!isZcpError(error)) return 'errors.generic';
  const code = error.hasCode('LOCKED') ? 'LOCKED' : error.hasCode('LEGAL_ENTITY') ? 'LEGAL_ENTITY' : '';
  if (error.status === 403 && code === 'LOCKED') return 'errors.locked';
  if (code === 'LEGAL_ENTITY') return 'errors.legalEntity';
  if (error.status === 401) return 'errors.wrongLogin';
  if (error.status === 429) return 'errors.tooMany';
  if (error.hasCode('INVALID')) return 'errors.wrongCode';
  if (error.hasCode('EXPIRED')) return 'errors.expiredCode';
  if (error.hasCode('PASSKEY_FAILED')) return 'errors.passkeyFailed';
  return 'errors.generic';
}

function CredentialsForm({
  onDone,
  onSecondFactor,
}: {
  onDone: (s: PortalSession) => void;
  onSecondFactor: (p: TwoFactorPending) => void;
}) {
  const { t } = useTranslation('portal');
  const formRef = useRef<HTMLFormElement>(null);
  const offerPasskeys = usePasskeysSupported();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ username: string | null; password: string | null }>({
    username: null,
    password: null,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The language switch warns only when something typed would be lost.
  useFormPresence(username !== '' || password !== '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const mobile = fieldRules.cypriot_mobile(username.trim());
    const next = {
      username: username.trim() === '' ? t('validation:required') : mobile === true ? null : t(mobile),
      password: password === '' ? t('validation:required') : null,
    };
    if (next.username || next.password) {
      showErrorsAndFocus(() => setErrors(next), formRef.current ?? document);
      return;
    }
    setErrors(next);
    setBusy(true);
    setProblem(null);
    try {
      const answer = await portal.login(username.trim(), password);
      if (isTwoFactorPending(answer)) onSecondFactor(answer);
      else onDone(answer);
    } catch (error) {
      setProblem(loginProblem(error));
      setPassword('');
    } finally {
      setBusy(false);
    }
  };

  const withPasskey = async () => {
    setBusy(true);
    setProblem(null);
    try {
      onDone(await loginWithPasskey(username.trim() || undefined));
    } catch (error) {
      setProblem(loginProblem(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} className="form" noValidate onSubmit={submit} aria-busy={busy}>
      {problem ? (
        <FormMessage kind="error">
          <p>{t(problem)}</p>
          {problem === 'errors.locked' ? (
            <p>
              <Link to={RESET_PASSWORD_PATH}>{t('login.unlock')}</Link>
            </p>
          ) : null}
        </FormMessage>
      ) : null}
      <TextField
        label={t('login.username')}
        hint={t('login.usernameHint')}
        value={username}
        onValueChange={setUsername}
        error={errors.username}
        required
        inputMode="tel"
        autoComplete="username"
        name="username"
      />
      <TextField
        label={t('login.password')}
        type="password"
        value={password}
        onValueChange={setPassword}
        error={errors.password}
        required
        autoComplete="current-password"
        name="password"
      />
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {t('login.submit')}
        </button>
        {offerPasskeys ? (
          <button
            type="button"
            className="btn btn--secondary"
            disabled={busy}
            onClick={() => void withPasskey()}
          >
            {t('login.passkey')}
          </button>
        ) : null}
      </div>
      <p className="login__links">
        <Link to={RESET_PASSWORD_PATH}>{t('login.forgot')}</Link>
      </p>
    </form>
  );
}

function SecondFactorForm({
  pending,
  onDone,
  onCancel,
}: {
  pending: TwoFactorPending;
  onDone: (s: PortalSession) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('portal');
  const formRef = useRef<HTMLFormElement>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const hasPasskey = pending.TWO_FA_METHODS.includes('PASSKEY') && passkeysSupported();
  const smsOnly = !pending.TWO_FA_METHODS.includes('PASSKEY');

  const send = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await portal.sendTwoFactorCode();
      setSent(true);
    } catch (e) {
      setProblem(loginProblem(e));
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      showErrorsAndFocus(() => setError(t('login.codeInvalid')), formRef.current ?? document);
      return;
    }
    setError(null);
    setBusy(true);
    setProblem(null);
    try {
      onDone(await portal.validateTwoFactorCode(code.trim()));
    } catch (e) {
      setProblem(loginProblem(e));
      if (isZcpError(e) && e.status === 401) onCancel();
    } finally {
      setBusy(false);
    }
  };

  const withPasskey = async () => {
    setBusy(true);
    setProblem(null);
    try {
      onDone(await secondFactorWithPasskey());
    } catch (e) {
      setProblem(loginProblem(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="form">
      <h2>{t('login.secondFactorTitle')}</h2>
      {problem ? <FormMessage kind="error">{t(problem)}</FormMessage> : null}
      {hasPasskey ? (
        <>
          <p>{t('login.secondFactorPasskey')}</p>
          <button
            type="button"
            className="btn btn--primary"
            disabled={busy}
            onClick={() => void withPasskey()}
          >
            {t('login.usePasskey')}
          </button>
        </>
      ) : null}
      {sent || smsOnly ? null : (
        <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => void send()}>
          {t('login.sendSms')}
        </button>
      )}
      {sent || smsOnly ? (
        <form ref={formRef} className="form" noValidate onSubmit={submit} aria-busy={busy}>
          <p role="status">
            {sent
              ? t('login.smsSent', { hint: pending.MOBILE_HINT ?? '' })
              : t('login.smsToSend', { hint: pending.MOBILE_HINT ?? '' })}
          </p>
          {!sent ? (
            <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => void send()}>
              {t('login.sendSms')}
            </button>
          ) : (
            <>
              <TextField
                label={t('login.code')}
                value={code}
                onValueChange={setCode}
                error={error}
                required
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
              />
              <div className="form__actions">
                <button type="submit" className="btn btn--primary" disabled={busy}>
                  {t('login.confirmCode')}
                </button>
                <button type="button" className="btn btn--link" disabled={busy} onClick={() => void send()}>
                  {t('login.resend')}
                </button>
              </div>
            </>
          )}
        </form>
      ) : null}
      <button type="button" className="btn btn--link" onClick={onCancel}>
        {t('login.startOver')}
      </button>
    </div>
  );
}

export function LoginPage() {
  const { t } = useTranslation(['portal', 'common']);
  const navigate = useNavigate();
  const { search } = useLocation();
  const [pending, setPending] = useState<TwoFactorPending | null>(null);
  const reason = new URLSearchParams(search).get('reason');

  const done = (session: PortalSession) => {
    startSession(session);
    // The customer's details load now (spec §4); the dashboard shows them as they arrive.
    void loadCustomer();
    navigate(afterLoginPath(search), { replace: true });
  };

  return (
    <div className="page page--narrow login">
      <h1>{t('login.title')}</h1>
      {reason === 'inactivity' ? <FormMessage kind="info">{t('login.loggedOutInactive')}</FormMessage> : null}
      {pending ? (
        <SecondFactorForm pending={pending} onDone={done} onCancel={() => setPending(null)} />
      ) : (
        <CredentialsForm onDone={done} onSecondFactor={setPending} />
      )}
      <section className="login__register" aria-labelledby="login-register">
        <h2 id="login-register">{t('login.newTitle')}</h2>
        <p>{t('login.newText')}</p>
        <Link to={REGISTER_PATH} className="btn btn--secondary">
          {t('login.register')}
        </Link>
      </section>
      <section className="login__buy" aria-labelledby="login-buy">
        <h2 id="login-buy">{t('login.buyTitle')}</h2>
        <ul className="login__products">
          {PRODUCTS.map((product) => (
            <li key={product}>
              <Link to={offerPath(product, 1)}>{t(`common:products.${product}.name`)}</Link>
            </li>
          ))}
        </ul>
      </section>
      <p className="login__terms">
        <Link to={TERMS_PATH}>{t('terms.link')}</Link>
      </p>
    </div>
  );
}
