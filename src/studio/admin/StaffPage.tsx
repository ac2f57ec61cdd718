// The staff accounts (/studio/staff, admin only): every account with its role, status and last
// sign-in; a new account (its one-time password and authenticator secret shown once, to hand
// over); and per account what the service offers: a new role, disable or enable, unlock, a new
// password or authenticator secret. Steps that end the account's sessions ask first. One's own
// account offers neither a new role nor disabling: the service refuses both.

import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type StaffRole, StudioError } from '../api';
import { studioLanguage } from '../i18n';
import { useStaff } from '../layout/session';
import { formatWhen } from '../review/when';
import { AdminOnly } from './AdminOnly';
import { adminApi, type HandOver, ROLES, type StaffAccount, type StaffAction } from './adminApi';
import { type Confirmation, ConfirmDialog } from './ConfirmDialog';
import './admin.css';

const messageOf = (error: unknown, fallback: string) =>
  error instanceof StudioError ? error.message : fallback;

export function StaffPage() {
  const { t } = useTranslation('studio');
  return (
    <AdminOnly title={t('staff.title')}>
      <StaffAdmin />
    </AdminOnly>
  );
}

function StaffAdmin() {
  const { t } = useTranslation('studio');
  const me = useStaff();
  const [accounts, setAccounts] = useState<StaffAccount[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [handOver, setHandOver] = useState<HandOver | null>(null);
  const [ask, setAsk] = useState<Confirmation | null>(null);

  const load = useCallback(async () => {
    try {
      setAccounts((await adminApi.staff()).STAFF);
      setFailure(null);
    } catch (error) {
      setFailure(messageOf(error, t('errors.generic')));
    }
  }, [t]);
  useEffect(() => {
    void load();
  }, [load]);

  const statusOf = (a: StaffAccount) =>
    t(a.DISABLED ? 'staff.status.disabled' : a.LOCKED ? 'staff.status.locked' : 'staff.status.active');

  const act = async (account: StaffAccount, action: StaffAction) => {
    try {
      const done = await adminApi.act(account.STAFF_ID, action);
      setHandOver(done.PASSWORD || done.TOTP_SECRET ? done : null);
      setStatus(t(`staff.done.${action}`, { email: account.EMAIL }));
      await load();
    } catch (error) {
      setStatus(messageOf(error, t('errors.generic')));
    }
  };
  const confirmFirst = (account: StaffAccount, action: 'disable' | 'reset-password' | 'reset-totp') =>
    setAsk({
      title: t(`staff.confirm.${action}.title`, { email: account.EMAIL }),
      text: t(`staff.confirm.${action}.text`, { name: account.NAME }),
      confirm: t(`staff.confirm.${action}.yes`),
      run: () => void act(account, action),
    });

  const changeRole = async (account: StaffAccount, role: StaffRole) => {
    try {
      await adminApi.setRole(account.STAFF_ID, role);
      setStatus(t('staff.done.role', { email: account.EMAIL, role: t(`roles.${role}`) }));
      await load();
    } catch (error) {
      setStatus(messageOf(error, t('errors.generic')));
    }
  };

  const lang = studioLanguage();
  return (
    <div className="admin-page">
      <h1>{t('staff.title')}</h1>
      <p className="studio-muted">{t('staff.intro')}</p>

      <CreateAccount
        onCreated={async (created) => {
          setHandOver(created);
          setStatus(t('staff.done.create', { email: created.STAFF.EMAIL }));
          await load();
        }}
      />

      <p
        className={status ? 'studio-note' : undefined}
        role="status"
        aria-live="polite"
        data-testid="staff-status"
      >
        {status}
      </p>
      {handOver && <HandOverPanel handOver={handOver} onDone={() => setHandOver(null)} />}

      <section aria-labelledby="staff-list">
        <h2 id="staff-list">{t('staff.list.title')}</h2>
        {failure && (
          <p className="studio-alert" role="alert">
            {failure}
          </p>
        )}
        {!accounts && !failure && <p className="studio-muted">{t('common.loading')}</p>}
        {accounts && (
          <div className="admin-table__box">
            <table className="admin-table">
              <caption className="visually-hidden">
                {t('staff.list.caption', { count: accounts.length })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('staff.columns.name')}</th>
                  <th scope="col">{t('staff.columns.email')}</th>
                  <th scope="col">{t('staff.columns.role')}</th>
                  <th scope="col">{t('staff.columns.status')}</th>
                  <th scope="col">{t('staff.columns.lastLogin')}</th>
                  <th scope="col">{t('staff.columns.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {accounts.map((a) => {
                  const self = a.STAFF_ID === me.STAFF_ID;
                  return (
                    <tr key={a.STAFF_ID} data-testid={`staff-${a.EMAIL}`}>
                      <th scope="row">
                        {a.NAME} <code className="studio-item__key">{a.STAFF_ID}</code>
                      </th>
                      <td data-label={t('staff.columns.email')} className="admin-table__email">
                        {a.EMAIL}
                      </td>
                      <td data-label={t('staff.columns.role')}>
                        {self ? (
                          <>
                            {t(`roles.${a.ROLE}`)} <span className="studio-muted">{t('staff.you')}</span>
                          </>
                        ) : (
                          <RolePicker account={a} onChange={(role) => void changeRole(a, role)} />
                        )}
                      </td>
                      <td data-label={t('staff.columns.status')}>
                        <span
                          className={`studio-badge${a.DISABLED || a.LOCKED ? ' studio-badge--missing' : ''}`}
                        >
                          {statusOf(a)}
                        </span>
                      </td>
                      <td data-label={t('staff.columns.lastLogin')}>
                        {a.LAST_LOGIN_AT ? formatWhen(a.LAST_LOGIN_AT, lang) : t('staff.never')}
                      </td>
                      <td data-label={t('staff.columns.actions')}>
                        <div className="admin-actions">
                          {a.DISABLED ? (
                            <ActionButton account={a} action="enable" onClick={() => void act(a, 'enable')} />
                          ) : (
                            !self && (
                              <ActionButton
                                account={a}
                                action="disable"
                                onClick={() => confirmFirst(a, 'disable')}
                              />
                            )
                          )}
                          {a.LOCKED && (
                            <ActionButton account={a} action="unlock" onClick={() => void act(a, 'unlock')} />
                          )}
                          <ActionButton
                            account={a}
                            action="reset-password"
                            onClick={() => confirmFirst(a, 'reset-password')}
                          />
                          <ActionButton
                            account={a}
                            action="reset-totp"
                            onClick={() => confirmFirst(a, 'reset-totp')}
                          />
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <ConfirmDialog ask={ask} onClose={() => setAsk(null)} />
    </div>
  );
}

/** A short visible word; the accessible name says whose account it acts on. */
function ActionButton({
  account,
  action,
  onClick,
}: {
  account: StaffAccount;
  action: StaffAction;
  onClick: () => void;
}) {
  const { t } = useTranslation('studio');
  return (
    <button
      type="button"
      className="btn btn--secondary admin-actions__button"
      aria-label={t(`staff.actions.${action}.label`, { email: account.EMAIL })}
      onClick={onClick}
    >
      {t(`staff.actions.${action}.short`)}
    </button>
  );
}

function RolePicker({ account, onChange }: { account: StaffAccount; onChange: (role: StaffRole) => void }) {
  const { t } = useTranslation('studio');
  const [role, setRole] = useState<StaffRole>(account.ROLE);
  const id = useId();
  useEffect(() => setRole(account.ROLE), [account.ROLE]);
  return (
    <form
      className="admin-role"
      onSubmit={(event) => {
        event.preventDefault();
        if (role !== account.ROLE) onChange(role);
      }}
    >
      <label className="visually-hidden" htmlFor={id}>
        {t('staff.rolePicker.label', { email: account.EMAIL })}
      </label>
      <select
        id={id}
        className="input admin-role__select"
        value={role}
        onChange={(e) => setRole(e.currentTarget.value as StaffRole)}
      >
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {t(`roles.${r}`)}
          </option>
        ))}
      </select>
      <button
        type="submit"
        className="btn btn--secondary"
        disabled={role === account.ROLE}
        aria-label={t('staff.rolePicker.save', { email: account.EMAIL })}
      >
        {t('staff.rolePicker.short')}
      </button>
    </form>
  );
}

type Field = 'NAME' | 'EMAIL' | 'ROLE';

function CreateAccount({ onCreated }: { onCreated: (created: HandOver) => Promise<void> }) {
  const { t } = useTranslation('studio');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('viewer');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const base = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      const created = await adminApi.create({ NAME: name, EMAIL: email, ROLE: role });
      setName('');
      setEmail('');
      setRole('viewer');
      await onCreated(created);
    } catch (error) {
      const field = error instanceof StudioError ? (error.field as Field | undefined) : undefined;
      const message = messageOf(error, t('errors.generic'));
      if (field === 'NAME' || field === 'EMAIL' || field === 'ROLE') {
        setErrors({ [field]: message });
        document.getElementById(`${base}-${field}`)?.focus();
      } else setFailure(message);
    } finally {
      setBusy(false);
    }
  };

  const described = (field: Field) =>
    errors[field]
      ? { 'aria-invalid': true as const, 'aria-describedby': `${base}-${field}-error` }
      : { 'aria-invalid': undefined };
  const fieldError = (field: Field) =>
    errors[field] ? (
      <span id={`${base}-${field}-error`} className="admin-field__error">
        {errors[field]}
      </span>
    ) : null;

  return (
    <section className="studio-panel" aria-labelledby={`${base}-title`}>
      <h2 id={`${base}-title`}>{t('staff.create.title')}</h2>
      <form className="studio-form admin-create" onSubmit={submit} noValidate>
        {failure && (
          <p className="studio-alert" role="alert">
            {failure}
          </p>
        )}
        <div className="studio-field">
          <label htmlFor={`${base}-NAME`}>{t('staff.create.name')}</label>
          <input
            id={`${base}-NAME`}
            className="input"
            autoComplete="off"
            value={name}
            maxLength={120}
            onChange={(e) => setName(e.currentTarget.value)}
            {...described('NAME')}
          />
          {fieldError('NAME')}
        </div>
        <div className="studio-field">
          <label htmlFor={`${base}-EMAIL`}>{t('staff.create.email')}</label>
          <input
            id={`${base}-EMAIL`}
            className="input"
            type="email"
            autoComplete="off"
            value={email}
            maxLength={200}
            onChange={(e) => setEmail(e.currentTarget.value)}
            {...described('EMAIL')}
          />
          {fieldError('EMAIL')}
        </div>
        <div className="studio-field">
          <label htmlFor={`${base}-ROLE`}>{t('staff.create.role')}</label>
          <select
            id={`${base}-ROLE`}
            className="input"
            value={role}
            onChange={(e) => setRole(e.currentTarget.value as StaffRole)}
            {...described('ROLE')}
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </select>
          {fieldError('ROLE')}
        </div>
        <p>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {t('staff.create.submit')}
          </button>
        </p>
      </form>
    </section>
  );
}

/** The one-time password and authenticator secret, shown once for the admin to hand over. */
function HandOverPanel({ handOver, onDone }: { handOver: HandOver; onDone: () => void }) {
  const { t } = useTranslation('studio');
  return (
    <section className="studio-panel admin-handover" aria-labelledby="staff-handover">
      <h2 id="staff-handover">{t('staff.handOver.title', { email: handOver.STAFF.EMAIL })}</h2>
      <p>{t('staff.handOver.intro')}</p>
      <dl className="studio-facts">
        {handOver.PASSWORD && (
          <>
            <dt>{t('staff.handOver.password')}</dt>
            <dd>
              <code data-testid="handover-password">{handOver.PASSWORD}</code>
            </dd>
          </>
        )}
        {handOver.TOTP_SECRET && (
          <>
            <dt>{t('staff.handOver.secret')}</dt>
            <dd>
              <code>{handOver.TOTP_SECRET}</code>
            </dd>
          </>
        )}
        {handOver.TOTP_URI && (
          <>
            <dt>{t('staff.handOver.uri')}</dt>
            <dd>
              <code>{handOver.TOTP_URI}</code>
            </dd>
          </>
        )}
      </dl>
      <p>
        <button type="button" className="btn btn--secondary" onClick={onDone}>
          {t('staff.handOver.done')}
        </button>
      </p>
    </section>
  );
}
