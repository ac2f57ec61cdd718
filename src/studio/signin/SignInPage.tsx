// Staff sign-in: e-mail and password, then the authenticator's 6-digit code (a pending session
// holds the first step). The service's refusals come in the studio's language (wrong login,
// locked, disabled, wrong code); each is announced and tied to the form it is about. Afterwards
// the staff member lands where they were sent from (?next=, a studio path only).

import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, redirect, useNavigate, useSearchParams } from 'react-router';
import { StudioError, sessionApi, studioApi } from '../api';
import { StudioHeader, usePageTitle } from '../layout/Layout';
import { safeNext } from '../layout/session';

/** Already signed in: straight on. */
export async function signInLoader({ request }: LoaderFunctionArgs) {
  const session = await sessionApi.session().catch(() => null);
  if (session?.SIGNED_IN) return redirect(safeNext(new URL(request.url).searchParams.get('next')));
  return null;
}

/** Six digits, whatever the person typed around them (spaces from the app's "123 456"). */
export function normalizeCode(typed: string): string {
  return typed.replace(/[\s-]/g, '');
}

export function SignInPage() {
  const { t } = useTranslation('studio');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  const codeInput = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  usePageTitle(step === 'password' ? t('signIn.title') : t('signIn.codeTitle'));

  useEffect(() => {
    if (step === 'code') codeInput.current?.focus();
  }, [step]);

  const done = () => {
    studioApi.resetCsrf();
    navigate(safeNext(params.get('next')), { replace: true });
  };

  const fail = (e: unknown) => setError(e instanceof StudioError ? e.message : t('errors.generic'));

  const submitPassword = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError(t('signIn.missing'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await sessionApi.signIn(email.trim(), password);
      setPassword('');
      if (answer.TOTP_REQUIRED) setStep('code');
      else done();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    const typed = normalizeCode(code);
    if (!/^\d{6}$/.test(typed)) {
      setError(t('signIn.codeFormat'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await sessionApi.code(typed);
      done();
    } catch (e) {
      // The pending session is gone (locked, expired): start again from the password.
      if (e instanceof StudioError && (e.status === 401 || e.code === 'LOCKED')) setStep('password');
      setCode('');
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const restart = () => {
    setStep('password');
    setCode('');
    setError(null);
    heading.current?.focus();
  };

  const alert = error ? (
    <p id={errorId} className="studio-alert" role="alert">
      {error}
    </p>
  ) : null;

  return (
    <>
      <StudioHeader />
      <main id="main" className="studio-main studio-main--narrow" tabIndex={-1}>
        <h1 ref={heading} tabIndex={-1}>
          {step === 'password' ? t('signIn.title') : t('signIn.codeTitle')}
        </h1>
        {step === 'password' ? (
          <form
            className="studio-form"
            onSubmit={submitPassword}
            noValidate
            aria-describedby={error ? errorId : undefined}
          >
            <p>{t('signIn.intro')}</p>
            {alert}
            <label className="studio-field">
              <span>{t('signIn.email')}</span>
              <input
                className="input"
                type="email"
                name="email"
                autoComplete="username"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                aria-invalid={error ? true : undefined}
              />
            </label>
            <label className="studio-field">
              <span>{t('signIn.password')}</span>
              <input
                className="input"
                type="password"
                name="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                aria-invalid={error ? true : undefined}
              />
            </label>
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {busy ? t('signIn.busy') : t('signIn.submit')}
            </button>
          </form>
        ) : (
          <form
            className="studio-form"
            onSubmit={submitCode}
            noValidate
            aria-describedby={error ? errorId : undefined}
          >
            <p>{t('signIn.codeIntro')}</p>
            {alert}
            <label className="studio-field">
              <span>{t('signIn.code')}</span>
              <input
                ref={codeInput}
                className="input studio-field__code"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9 ]*"
                maxLength={9}
                required
                value={code}
                onChange={(e) => setCode(e.target.value)}
                aria-invalid={error ? true : undefined}
              />
            </label>
            <p className="studio-actions">
              <button type="submit" className="btn btn--primary" disabled={busy}>
                {busy ? t('signIn.busy') : t('signIn.codeSubmit')}
              </button>
              <button type="button" className="btn btn--link" onClick={restart}>
                {t('signIn.back')}
              </button>
            </p>
          </form>
        )}
      </main>
    </>
  );
}
