// The user dropdown (spec §2): Edit profile, Help, Logout; with the customer's requests and the
// terms of use (issue 15). A disclosure button with a list of
// links, closed by Escape, by a click elsewhere and by any navigation.

import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  DOCUMENTS_PATH,
  HELP_PATH,
  LOGIN_PATH,
  PROFILE_PATH,
  REQUESTS_PATH,
  TERMS_PATH,
} from '../routePaths';
import { useCustomer } from '../state/customer';
import { logoutNow, useSession } from '../state/session';

export function AccountMenu() {
  const { t } = useTranslation('portal');
  const session = useSession();
  const customer = useCustomer();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation closes the list
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const name =
    customer.status === 'ready'
      ? `${customer.user.FIRST_NAME} ${customer.user.LAST_NAME}`.trim()
      : (session?.USERNAME ?? t('account.title'));

  const logout = async () => {
    await logoutNow();
    navigate(LOGIN_PATH, { replace: true });
  };

  return (
    <div
      className="account-menu"
      ref={rootRef}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="account-menu__button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((v) => !v)}
      >
        <span className="visually-hidden">{t('account.title')}: </span>
        {name}
        <span aria-hidden="true"> ▾</span>
      </button>
      <ul id={listId} className="account-menu__list" hidden={!open}>
        <li>
          <Link to={PROFILE_PATH}>{t('account.profile')}</Link>
        </li>
        <li>
          <Link to={REQUESTS_PATH}>{t('account.requests')}</Link>
        </li>
        <li>
          <Link to={DOCUMENTS_PATH}>{t('account.documents')}</Link>
        </li>
        <li>
          <Link to={HELP_PATH}>{t('account.help')}</Link>
        </li>
        <li>
          <Link to={TERMS_PATH}>{t('account.terms')}</Link>
        </li>
        <li>
          <button type="button" className="account-menu__logout" onClick={logout}>
            {t('account.logout')}
          </button>
        </li>
      </ul>
    </div>
  );
}
