// E-mail confirmation with a one-time code (spec §4, §8): the address twice, a 6-digit code sent
// by POST /zcp/otp/generate, checked by POST /zcp/otp/validate. A wrong code says so; an expired
// (or used-up) code asks for a new one. Used by /email-validation and embeddable in a flow step.

import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isZcpError } from '../../api/errors';
import { generateOtp, validateOtp } from '../../api/zcp';
import { fieldRules } from '../../engine/rules/fieldRules';
import { markEmailValidated } from '../state/emailValidation';
import { FormMessage, showErrorsAndFocus, TextField } from './fields';

export const OTP_LENGTH = 6;
/** The reason CODE of a 422 from /otp/validate meaning "expired, used up or never issued". */
export const OTP_EXPIRED_CODE = 'EXPIRED';

type Phase = 'email' | 'code';
type CodeProblem = 'wrong' | 'expired' | 'failed' | null;

export interface EmailValidationProps {
  initialEmail?: string;
  onValidated: (email: string) => void;
  /** Heading level of the step titles inside the component (the page's h1 sits above). */
  headingLevel?: 2 | 3;
}

/** A validation-namespace key from a field rule, or null when the value passes. */
function ruleError(result: true | string): string | null {
  return result === true ? null : result;
}

export function EmailValidation({ initialEmail = '', onValidated, headingLevel = 2 }: EmailValidationProps) {
  const { t } = useTranslation(['pages', 'validation']);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const [phase, setPhase] = useState<Phase>('email');
  const [email, setEmail] = useState(initialEmail);
  const [verify, setVerify] = useState('');
  const [code, setCode] = useState('');
  const [emailErrors, setEmailErrors] = useState<{ email: string | null; verify: string | null }>({
    email: null,
    verify: null,
  });
  const [codeError, setCodeError] = useState<string | null>(null);
  const [problem, setProblem] = useState<CodeProblem>(null);
  const [sendFailed, setSendFailed] = useState<'failed' | 'tooMany' | null>(null);
  const [busy, setBusy] = useState(false);
  const [resent, setResent] = useState(false);

  const address = email.trim();

  const checkEmails = (form: HTMLFormElement) => {
    const errors = {
      email: address === '' ? 'validation:required' : ruleError(fieldRules.email(address)),
      verify:
        verify.trim() === '' ? 'validation:required' : ruleError(fieldRules.email_match(verify, address)),
    };
    const ok = !errors.email && !errors.verify;
    if (ok) setEmailErrors(errors);
    else showErrorsAndFocus(() => setEmailErrors(errors), form);
    return ok;
  };

  const send = async (): Promise<boolean> => {
    setBusy(true);
    setSendFailed(null);
    try {
      await generateOtp(address, { quiet: true });
      return true;
    } catch (e) {
      setSendFailed(isZcpError(e) && e.status === 429 ? 'tooMany' : 'failed');
      return false;
    } finally {
      setBusy(false);
    }
  };

  const onSubmitEmail = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !checkEmails(event.currentTarget)) return;
    if (await send()) {
      setPhase('code');
      setCode('');
      setProblem(null);
      setCodeError(null);
      setResent(false);
    }
  };

  const onResend = async () => {
    if (busy) return;
    if (await send()) {
      setProblem(null);
      setCode('');
      setCodeError(null);
      setResent(true);
    }
  };

  const onSubmitCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const value = code.trim();
    if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(value)) {
      showErrorsAndFocus(
        () => setCodeError(t('pages:emailValidation.codeFormat', { digits: OTP_LENGTH })),
        event.currentTarget,
      );
      return;
    }
    setCodeError(null);
    setProblem(null);
    setResent(false);
    setBusy(true);
    try {
      await validateOtp(address, value, { quiet: true });
      markEmailValidated(address);
      onValidated(address);
    } catch (e) {
      if (isZcpError(e) && (e.status === 410 || e.hasCode(OTP_EXPIRED_CODE))) {
        setProblem('expired');
      } else if (isZcpError(e) && (e.status === 422 || e.status === 400)) {
        setProblem('wrong');
      } else {
        setProblem('failed');
      }
    } finally {
      setBusy(false);
    }
  };

  const sendFailure = sendFailed ? (
    <FormMessage kind="error">
      {t(
        sendFailed === 'tooMany' ? 'pages:emailValidation.tooManyCodes' : 'pages:emailValidation.sendFailed',
      )}
    </FormMessage>
  ) : null;

  if (phase === 'email') {
    return (
      <form className="form email-validation" noValidate onSubmit={onSubmitEmail} aria-busy={busy}>
        <div className="form__intro">
          <Heading>{t('pages:emailValidation.emailStepTitle')}</Heading>
          <p>{t('pages:emailValidation.emailStepIntro')}</p>
        </div>
        <TextField
          label={t('pages:emailValidation.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onValueChange={setEmail}
          error={emailErrors.email ? t(emailErrors.email) : null}
        />
        <TextField
          label={t('pages:emailValidation.verifyEmail')}
          type="email"
          autoComplete="off"
          inputMode="email"
          required
          value={verify}
          onValueChange={setVerify}
          error={emailErrors.verify ? t(emailErrors.verify) : null}
        />
        {sendFailure}
        <div className="actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {t('pages:emailValidation.sendCode')}
          </button>
        </div>
      </form>
    );
  }

  return (
    <form className="form email-validation" noValidate onSubmit={onSubmitCode} aria-busy={busy}>
      <Heading>{t('pages:emailValidation.codeStepTitle')}</Heading>
      <TextField
        label={t('pages:emailValidation.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={OTP_LENGTH}
        required
        value={code}
        onValueChange={(v) => setCode(v.replace(/\D/g, ''))}
        error={codeError}
        hint={t('pages:emailValidation.codeSent', { email: address, digits: OTP_LENGTH })}
      />
      {problem === 'wrong' ? (
        <FormMessage kind="error">{t('pages:emailValidation.wrongCode')}</FormMessage>
      ) : null}
      {problem === 'expired' ? (
        <FormMessage kind="error">{t('pages:emailValidation.expiredCode')}</FormMessage>
      ) : null}
      {problem === 'failed' ? (
        <FormMessage kind="error">{t('pages:emailValidation.checkFailed')}</FormMessage>
      ) : null}
      {resent ? (
        <FormMessage kind="success">{t('pages:emailValidation.newCodeSent', { email: address })}</FormMessage>
      ) : null}
      {sendFailure}
      <div className="actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {t('pages:emailValidation.confirm')}
        </button>
        <button
          type="button"
          className={problem === 'expired' ? 'btn btn--primary' : 'btn btn--secondary'}
          onClick={onResend}
          disabled={busy}
        >
          {t('pages:emailValidation.newCode')}
        </button>
        <button type="button" className="btn btn--link" onClick={() => setPhase('email')} disabled={busy}>
          {t('pages:emailValidation.changeEmail')}
        </button>
      </div>
    </form>
  );
}
