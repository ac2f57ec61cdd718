// Profile: change mobile (the current password first, then an SMS code to the new number; §8
// "this number cannot be used" when it is another account's), change password (the current one
// first, then the new one with the live rule list), and passkeys (add, list, remove).

import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CsUser,
  createSmsCode,
  listPasskeys,
  type PasskeyEntry,
  removePasskey,
  setPassword,
  setTwoFactor,
  updateMobile,
  verifyUser,
} from '../../api/portal';
import { fieldRules, ruleChecklists } from '../../engine/rules/fieldRules';
import { FormMessage, showErrorsAndFocus, TextField } from '../../ui/components/fields';
import { RuleChecklist } from '../../ui/theme/FieldTemplate';
import { showDate } from '../format';
import { addPasskey, defaultPasskeyName, PasskeyError, passkeysSupported } from '../passkeys';
import { setCustomer } from '../state/customer';
import { useSession } from '../state/session';
import { Reauthenticate, SaveOutcome, saveProblem, useRuleText } from './common';

type Outcome = { ok: boolean; key: string } | null;

export function ChangeMobileForm({ user }: { user: CsUser }) {
  const { t } = useTranslation(['portal', 'validation']);
  const ruleText = useRuleText();
  const formRef = useRef<HTMLFormElement>(null);
  const [phase, setPhase] = useState<'closed' | 'reauth' | 'number' | 'code'>('closed');
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const number = mobile.replace(/\s+/g, '');

  const sendCode = async (event?: FormEvent) => {
    event?.preventDefault();
    const problem =
      number === ''
        ? t('validation:required')
        : number === user.TELEPHONE
          ? t('profile.mobile.same')
          : ruleText(fieldRules.cypriot_mobile(number));
    if (problem) {
      showErrorsAndFocus(() => setError(problem), formRef.current ?? document);
      return;
    }
    setError(null);
    setBusy(true);
    setOutcome(null);
    try {
      await createSmsCode(number, 'MOBILE_CHANGE');
      setPhase('code');
      setOutcome({ ok: true, key: 'profile.mobile.codeSent' });
    } catch (e) {
      setOutcome({ ok: false, key: saveProblem(e) });
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      showErrorsAndFocus(() => setError(t('login.codeInvalid')), formRef.current ?? document);
      return;
    }
    setError(null);
    setBusy(true);
    setOutcome(null);
    try {
      setCustomer((await updateMobile(number, code.trim())).CS_USER);
      setPhase('closed');
      setMobile('');
      setCode('');
      setOutcome({ ok: true, key: 'profile.mobile.changed' });
    } catch (e) {
      setOutcome({ ok: false, key: saveProblem(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="profile__section" aria-labelledby="profile-mobile">
      <h2 id="profile-mobile">{t('profile.mobile.title')}</h2>
      <p>{t('profile.mobile.current', { mobile: user.TELEPHONE })}</p>
      {phase === 'closed' ? (
        <>
          <SaveOutcome outcome={outcome} />
          <button type="button" className="btn btn--secondary" onClick={() => setPhase('reauth')}>
            {t('profile.mobile.start')}
          </button>
        </>
      ) : phase === 'reauth' ? (
        <Reauthenticate onDone={() => setPhase('number')} onCancel={() => setPhase('closed')} />
      ) : (
        <form
          ref={formRef}
          className="form"
          noValidate
          onSubmit={phase === 'number' ? sendCode : confirm}
          aria-busy={busy}
        >
          <TextField
            label={t('profile.mobile.new')}
            type="tel"
            inputMode="tel"
            value={mobile}
            onValueChange={setMobile}
            error={phase === 'number' ? error : null}
            required
            readOnly={phase === 'code'}
          />
          {phase === 'code' ? (
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
          ) : null}
          <SaveOutcome outcome={outcome} />
          <div className="form__actions">
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {phase === 'number' ? t('profile.mobile.sendCode') : t('profile.mobile.confirm')}
            </button>
            {phase === 'code' ? (
              <button type="button" className="btn btn--link" disabled={busy} onClick={() => void sendCode()}>
                {t('login.resend')}
              </button>
            ) : null}
            <button type="button" className="btn btn--link" onClick={() => setPhase('closed')}>
              {t('profile.cancel')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

export function ChangePasswordForm({ user }: { user: CsUser }) {
  const { t } = useTranslation(['portal', 'validation']);
  const session = useSession();
  const formRef = useRef<HTMLFormElement>(null);
  const [phase, setPhase] = useState<'closed' | 'reauth' | 'new'>('closed');
  const [password, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password: string | null; confirm: string | null }>({
    password: null,
    confirm: null,
  });
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const parts = (ruleChecklists.portal_password?.(password, user.TELEPHONE) ?? []).map((p) => ({
    text: t(`validation:${p.key}`),
    ok: p.ok,
    avoid: p.avoid,
  }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const rule = fieldRules.portal_password(password, user.TELEPHONE);
    const next = {
      password: password === '' ? t('validation:required') : rule === true ? null : t(rule),
      confirm:
        confirm === ''
          ? t('validation:required')
          : confirm !== password
            ? t('profile.password.mismatch')
            : null,
    };
    if (next.password || next.confirm) {
      showErrorsAndFocus(() => setErrors(next), formRef.current ?? document);
      return;
    }
    setErrors(next);
    setBusy(true);
    setOutcome(null);
    try {
      await setPassword(session?.USER_ID ?? '', password);
      setPhase('closed');
      setNewPassword('');
      setConfirm('');
      setOutcome({ ok: true, key: 'profile.password.changed' });
    } catch (e) {
      setOutcome({ ok: false, key: saveProblem(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="profile__section" aria-labelledby="profile-password">
      <h2 id="profile-password">{t('profile.password.title')}</h2>
      {phase === 'closed' ? (
        <>
          <SaveOutcome outcome={outcome} />
          <button type="button" className="btn btn--secondary" onClick={() => setPhase('reauth')}>
            {t('profile.password.start')}
          </button>
        </>
      ) : phase === 'reauth' ? (
        <Reauthenticate onDone={() => setPhase('new')} onCancel={() => setPhase('closed')} />
      ) : (
        <form ref={formRef} className="form" noValidate onSubmit={submit} aria-busy={busy}>
          <TextField
            label={t('profile.password.new')}
            type="password"
            value={password}
            onValueChange={setNewPassword}
            error={errors.password}
            required
            autoComplete="new-password"
            aria-describedby="profile-password-rules"
          />
          <RuleChecklist id="profile-password-rules" parts={parts} />
          <TextField
            label={t('profile.password.confirm')}
            type="password"
            value={confirm}
            onValueChange={setConfirm}
            error={errors.confirm}
            required
            autoComplete="new-password"
          />
          <SaveOutcome outcome={outcome} />
          <div className="form__actions">
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {t('profile.password.save')}
            </button>
            <button type="button" className="btn btn--link" onClick={() => setPhase('closed')}>
              {t('profile.cancel')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

export function PasskeysSection() {
  const { t } = useTranslation('portal');
  const [list, setList] = useState<PasskeyEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const [name, setName] = useState(defaultPasskeyName);
  const supported = passkeysSupported();

  const load = () => {
    setFailed(false);
    listPasskeys().then(
      (answer) => setList(answer.CT_PASSKEYS),
      () => setFailed(true),
    );
  };
  useEffect(load, []);

  const add = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const created = await addPasskey(name.trim() || defaultPasskeyName());
      setList((current) => [...(current ?? []), created]);
      setOutcome({ ok: true, key: 'profile.passkeys.added' });
    } catch (e) {
      setOutcome({
        ok: false,
        key:
          e instanceof PasskeyError
            ? e.reason === 'cancelled'
              ? 'errors.passkeyCancelled'
              : 'errors.passkeyFailed'
            : 'errors.passkeyFailed',
      });
    } finally {
      setBusy(false);
    }
  };

  const remove = async (passkey: PasskeyEntry) => {
    setBusy(true);
    setOutcome(null);
    try {
      await removePasskey(passkey.ID);
      setList((current) => (current ?? []).filter((p) => p.ID !== passkey.ID));
      setOutcome({ ok: true, key: 'profile.passkeys.removed' });
    } catch (e) {
      setOutcome({ ok: false, key: saveProblem(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="profile__section" aria-labelledby="profile-passkeys">
      <h2 id="profile-passkeys">{t('profile.passkeys.title')}</h2>
      <p>{t('profile.passkeys.intro')}</p>
      {failed ? (
        <FormMessage kind="error">{t('errors.loadFailed')}</FormMessage>
      ) : list === null ? null : list.length === 0 ? (
        <p>{t('profile.passkeys.none')}</p>
      ) : (
        <ul className="passkey-list">
          {list.map((p) => (
            <li key={p.ID} className="passkey-list__item">
              <span>
                <strong>{p.NAME}</strong>
                <br />
                {t('profile.passkeys.created', { date: showDate(p.CREATED_AT.slice(0, 10)) })}
                {p.LAST_USED_AT
                  ? ` · ${t('profile.passkeys.used', { date: showDate(p.LAST_USED_AT.slice(0, 10)) })}`
                  : ''}
              </span>
              <button
                type="button"
                className="btn btn--secondary"
                disabled={busy}
                onClick={() => void remove(p)}
                aria-label={t('profile.passkeys.removeNamed', { name: p.NAME })}
              >
                {t('profile.passkeys.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <SaveOutcome outcome={outcome} />
      {supported ? (
        <div className="form">
          <TextField label={t('profile.passkeys.name')} value={name} onValueChange={setName} maxLength={40} />
          <div className="form__actions">
            <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void add()}>
              {t('profile.passkeys.add')}
            </button>
          </div>
        </div>
      ) : (
        <p className="profile__note">{t('profile.passkeys.unsupported')}</p>
      )}
    </section>
  );
}

/** Two-factor login: after the password, an SMS code or one of the customer's passkeys. */
export function TwoFactorSection() {
  const { t } = useTranslation('portal');
  const session = useSession();
  const userId = session?.USER_ID ?? '';
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [phase, setPhase] = useState<'closed' | 'reauth'>('closed');
  const [outcome, setOutcome] = useState<Outcome>(null);

  useEffect(() => {
    if (!userId) return;
    verifyUser(userId).then(
      (settings) => setEnabled(settings.TWO_FA),
      () => setEnabled(null),
    );
  }, [userId]);

  const change = async () => {
    setPhase('closed');
    setOutcome(null);
    try {
      await setTwoFactor(userId, !enabled);
      setEnabled(!enabled);
      setOutcome({ ok: true, key: enabled ? 'profile.twoFactor.turnedOff' : 'profile.twoFactor.turnedOn' });
    } catch (e) {
      setOutcome({ ok: false, key: saveProblem(e) });
    }
  };

  if (enabled === null) return null;
  return (
    <section className="profile__section" aria-labelledby="profile-2fa">
      <h2 id="profile-2fa">{t('profile.twoFactor.title')}</h2>
      <p>{t(enabled ? 'profile.twoFactor.on' : 'profile.twoFactor.off')}</p>
      <SaveOutcome outcome={outcome} />
      {phase === 'reauth' ? (
        <Reauthenticate onDone={() => void change()} onCancel={() => setPhase('closed')} />
      ) : (
        <button type="button" className="btn btn--secondary" onClick={() => setPhase('reauth')}>
          {t(enabled ? 'profile.twoFactor.turnOff' : 'profile.twoFactor.turnOn')}
        </button>
      )}
    </section>
  );
}
