// Automatic logout after inactivity (spec §4) with a warning first (WCAG 2.2.1): a minute before
// the service's timeout the customer is asked whether to stay; staying refreshes the session,
// otherwise the portal logs out and says why on the Login page. Any click or key press counts as
// activity; since the service only sees requests, activity pings it at most once a minute.

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { refreshSession } from '../../api/client';
import { getSession } from '../../api/portal';
import { Dialog } from '../../ui/components/Dialog';
import { LOGIN_PATH } from '../routePaths';
import { logoutNow, useSession } from '../state/session';

export const WARNING_SECONDS = 60;
const PING_EVERY_MS = 60_000;
const DEFAULT_TIMEOUT_SECONDS = 15 * 60;

export function InactivityWarning({ now = Date.now }: { now?: () => number }) {
  const { t } = useTranslation('portal');
  const session = useSession();
  const navigate = useNavigate();
  const timeoutMs = (session?.INACTIVITY_SECONDS ?? DEFAULT_TIMEOUT_SECONDS) * 1000;
  const lastActivity = useRef(now());
  const lastPing = useRef(now());
  const [remaining, setRemaining] = useState<number | null>(null);
  const warning = remaining !== null;
  const warningRef = useRef(false);
  warningRef.current = warning;

  useEffect(() => {
    if (!session) return;
    const onActivity = () => {
      if (warningRef.current) return;
      lastActivity.current = now();
      if (lastActivity.current - lastPing.current >= PING_EVERY_MS) {
        lastPing.current = lastActivity.current;
        void getSession().catch(() => undefined);
      }
    };
    const events = ['click', 'keydown', 'touchstart'] as const;
    for (const e of events) document.addEventListener(e, onActivity, { capture: true, passive: true });
    const timer = setInterval(() => {
      const left = Math.ceil((timeoutMs - (now() - lastActivity.current)) / 1000);
      if (left <= 0) {
        clearInterval(timer);
        setRemaining(null);
        void logoutNow().then(() => navigate(`${LOGIN_PATH}?reason=inactivity`, { replace: true }));
      } else setRemaining(left <= WARNING_SECONDS ? left : null);
    }, 1000);
    return () => {
      clearInterval(timer);
      for (const e of events) document.removeEventListener(e, onActivity, { capture: true });
    };
  }, [session, timeoutMs, now, navigate]);

  if (!session || remaining === null) return null;

  const stay = async () => {
    lastActivity.current = now();
    lastPing.current = lastActivity.current;
    setRemaining(null);
    if ((await refreshSession()) === null) {
      await logoutNow();
      navigate(`${LOGIN_PATH}?reason=inactivity`, { replace: true });
    }
  };
  const leave = async () => {
    setRemaining(null);
    await logoutNow();
    navigate(LOGIN_PATH, { replace: true });
  };

  return (
    <Dialog title={t('inactivity.title')} role="alertdialog">
      <p>{t('inactivity.text', { count: remaining })}</p>
      <div className="dialog__actions">
        <button type="button" className="btn btn--secondary" onClick={() => void leave()}>
          {t('inactivity.logout')}
        </button>
        <button type="button" className="btn btn--primary" data-autofocus="" onClick={() => void stay()}>
          {t('inactivity.stay')}
        </button>
      </div>
    </Dialog>
  );
}
