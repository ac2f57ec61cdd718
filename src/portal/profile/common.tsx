// Pieces shared by the profile's sections: a rule check as a translated message, the save
// outcome line, and re-authentication (the current password, and an SMS code for two-factor
// accounts) before a sensitive change (docs/portal-api.md: verifypassword, verifypasswordotp).

import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isZcpError } from '../../api/errors';
import { verifyPassword, verifyPasswordCode } from '../../api/portal';
import { FormMessage, showErrorsAndFocus, TextField } from '../../ui/components/fields';

/** A field rule's answer (true or "validation:key") as text, or null when it passes. */
export function useRuleText() {
  const { t } = useTranslation(['portal', 'validation']);
  return (result: true | string): string | null => (result === true ? null : t(result));
}

/** The §8 text of a failed save. */
export function saveProblem(error: unknown): string {
  if (!isZcpError(error)) return 'errors.saveFailed';
  if (error.hasCode('MOBILE_UNAVAILABLE')) return 'errors.mobileUnavailable';
  if (error.hasCode('WRONG_PASSWORD')) return 'errors.wrongPassword';
  if (error.hasCode('LOCKED')) return 'errors.locked';
  if (error.hasCode('INVALID')) return 'errors.wrongCode';
  if (error.hasCode('EXPIRED')) return 'errors.expiredCode';
  if (error.hasCode('WEAK_PASSWORD')) return 'errors.weakPassword';
  if (error.hasCode('TOO_MANY') || error.status === 429) return 'errors.tooMany';
  if (error.hasCode('INVALID_DATA')) return 'errors.invalidData';
  return 'errors.saveFailed';
}

export function SaveOutcome({ outcome }: { outcome: { ok: boolean; key: string } | null }) {
  const { t } = useTranslation('portal');
  if (!outcome) return null;
  return <FormMessage kind={outcome.ok ? 'success' : 'error'}>{t(outcome.key)}</FormMessage>;
}

/** Asks for the current password (and the SMS code when the account has two factors). */
export function Reauthenticate({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation('portal');
  const formRef = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [needsCode, setNeedsCode] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = needsCode !== null ? code.trim() : password;
    const invalid = needsCode !== null ? !/^\d{6}$/.test(value) : value === '';
    if (invalid) {
      showErrorsAndFocus(
        () => setError(needsCode !== null ? t('login.codeInvalid') : t('validation:required')),
        formRef.current ?? document,
      );
      return;
    }
    setError(null);
    setBusy(true);
    setProblem(null);
    try {
      if (needsCode !== null) {
        await verifyPasswordCode(value);
        onDone();
      } else {
        const answer = await verifyPassword(value);
        if (answer !== true && answer.OTP_REQUIRED) setNeedsCode(answer.MOBILE_HINT ?? '');
        else onDone();
      }
    } catch (e) {
      setProblem(saveProblem(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} className="form profile__reauth" noValidate onSubmit={submit} aria-busy={busy}>
      <p>
        {needsCode !== null ? t('profile.reauth.codeIntro', { hint: needsCode }) : t('profile.reauth.intro')}
      </p>
      {problem ? <FormMessage kind="error">{t(problem)}</FormMessage> : null}
      {needsCode !== null ? (
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
      ) : (
        <TextField
          label={t('profile.reauth.password')}
          type="password"
          value={password}
          onValueChange={setPassword}
          error={error}
          required
          autoComplete="current-password"
        />
      )}
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {t('profile.reauth.submit')}
        </button>
        <button type="button" className="btn btn--link" onClick={onCancel}>
          {t('profile.cancel')}
        </button>
      </div>
    </form>
  );
}
