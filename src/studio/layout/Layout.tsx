// The studio's frame: skip link, header (name, navigation by role, who is signed in, language,
// sign out) and the page. The document title follows the page's <h1> (usePageTitle).

import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useNavigate, useNavigation } from 'react-router';
import { roleAtLeast, sessionApi, studioApi } from '../api';
import { LanguageSwitch } from './LanguageSwitch';
import { SIGNIN_PATH, useStaff } from './session';

/** "<page> – GIC Studio" as the tab's title. */
export function usePageTitle(title: string): void {
  const { t } = useTranslation('studio');
  useEffect(() => {
    document.title = `${title} – ${t('layout.product')}`;
  }, [title, t]);
}

export function StudioHeader({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('studio');
  // html[data-rendered]: a routed page is on screen (the site's mark too; the browser tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.rendered = '';
  }, []);
  return (
    <header className="studio-header">
      <a className="studio-skip" href="#main">
        {t('layout.skip')}
      </a>
      <div className="studio-header__bar">
        <a className="studio-header__name" href="/studio">
          {t('layout.product')}
        </a>
        {children}
        <LanguageSwitch />
      </div>
    </header>
  );
}

export function Layout() {
  const { t } = useTranslation('studio');
  const staff = useStaff();
  const navigate = useNavigate();
  const busy = useNavigation().state === 'loading';
  const signOut = async () => {
    await sessionApi.signOut().catch(() => undefined);
    studioApi.resetCsrf();
    navigate(SIGNIN_PATH, { replace: true });
  };
  return (
    <>
      <StudioHeader>
        <nav className="studio-nav" aria-label={t('layout.nav')}>
          <NavLink to="/studio" end>
            {t('layout.flows')}
          </NavLink>
          {roleAtLeast(staff.ROLE, 'admin') && (
            <>
              <NavLink to="/studio/staff">{t('layout.staff')}</NavLink>
              <NavLink to="/studio/audit">{t('layout.audit')}</NavLink>
            </>
          )}
        </nav>
        <p className="studio-header__who">
          {t('layout.signedInAs', { name: staff.NAME, role: t(`roles.${staff.ROLE}`) })}
        </p>
        <button type="button" className="studio-header__signout" onClick={() => void signOut()}>
          {t('layout.signOut')}
        </button>
      </StudioHeader>
      <main id="main" className="studio-main" tabIndex={-1} aria-busy={busy || undefined}>
        <Outlet />
      </main>
    </>
  );
}
