// The top bar: logo, product menu, greeting, language switch and call centre. Under 992 px it
// folds into one compact row (logo, EL/EN, phone, menu button) that fits a 320 px screen; the
// co-brand line ("in partnership with the Toyota dealer") moves to a strip under it, and the menu
// button keeps its width when it opens.

import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useIsMobile } from '../../shell/hooks/useViewport';
import { HOME_PATH, LOGIN_PATH } from '../../shell/routeTable';
import { DEFAULT_THEME, useTheme } from '../state/theme';
import { CallCentre } from './CallCentre';
import { Greeting } from './Greeting';
import { LanguageSwitch } from './LanguageSwitch';
import { ProductMenu } from './ProductMenu';

export interface TopBarProps {
  /** The login layout: logo and language switch only. */
  minimal?: boolean;
  /** Logged in: the portal's menu in place of the product menu. */
  loggedInMenu?: ReactNode;
  /** Logged in: the user's dropdown; logged out the bar shows the Login/Registration link. */
  accountMenu?: ReactNode;
}

/** Logged out: the way into the portal (spec §2, "Login/Registration link"). */
function LoginLink() {
  const { t } = useTranslation('common');
  return (
    <Link to={LOGIN_PATH} className="top-bar__login">
      {t('nav.login')}
    </Link>
  );
}

export function TopBar({ minimal = false, loggedInMenu, accountMenu }: TopBarProps) {
  const { t, i18n } = useTranslation('common');
  const isMobile = useIsMobile();
  const theme = useTheme();
  const location = useLocation();
  const menuId = useId();
  const [open, setOpen] = useState(false);

  // A navigation or growing past the breakpoint closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to these changes.
  useEffect(() => setOpen(false), [location.pathname, isMobile]);

  // A co-branded variant's line names its maker: the theme comes from the flow's variant (the
  // product catalog), its brand name from common:brand.<theme>; no name, no line.
  const cobrand =
    theme !== DEFAULT_THEME && i18n.exists(`common:brand.${theme}`)
      ? t('brand.cobrand', { brand: t(`brand.${theme}`) })
      : null;

  const menu = loggedInMenu ? (
    <nav id={menuId} className="top-bar__nav" aria-label={t('nav.portal')}>
      {loggedInMenu}
    </nav>
  ) : (
    <nav id={menuId} className="top-bar__nav" aria-label={t('nav.products')}>
      <ProductMenu onNavigate={() => setOpen(false)} />
    </nav>
  );
  const account = accountMenu ?? <LoginLink />;

  if (minimal)
    return (
      <header className="top-bar top-bar--minimal">
        <a className="skip-link" href="#main">
          {t('nav.skipToContent')}
        </a>
        <div className="top-bar__row">
          <Link to={HOME_PATH} className="top-bar__logo">
            <span className="top-bar__logo-mark">{t('brand.name')}</span>
            <span className="visually-hidden"> – {t('nav.home')}</span>
          </Link>
          <div className="top-bar__tools">
            <LanguageSwitch />
          </div>
        </div>
      </header>
    );

  return (
    <header className={isMobile ? 'top-bar top-bar--compact' : 'top-bar'}>
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      <div className="top-bar__row">
        <Link to={HOME_PATH} className="top-bar__logo">
          <span className="top-bar__logo-mark">{t('brand.name')}</span>
          {cobrand && !isMobile ? <span className="top-bar__cobrand">{cobrand}</span> : null}
          <span className="visually-hidden"> – {t('nav.home')}</span>
        </Link>
        {isMobile ? null : menu}
        <div className="top-bar__tools">
          {isMobile ? null : <Greeting />}
          <LanguageSwitch />
          {isMobile ? null : account}
          {isMobile ? <CallCentre compact /> : null}
          {isMobile ? (
            <button
              type="button"
              className="top-bar__menu-button"
              aria-expanded={open}
              aria-controls={menuId}
              aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
              onClick={() => setOpen((v) => !v)}
            >
              <span className="top-bar__menu-icon" aria-hidden="true">
                {open ? '✕' : '☰'}
              </span>
              <span aria-hidden="true">{t('nav.openMenu')}</span>
            </button>
          ) : null}
        </div>
      </div>
      {cobrand && isMobile ? <p className="top-bar__cobrand-strip">{cobrand}</p> : null}
      {isMobile && open ? (
        <div className="top-bar__drawer">
          <Greeting />
          {account}
          {menu}
          <CallCentre />
        </div>
      ) : null}
      {isMobile ? null : (
        <div className="top-bar__service">
          <CallCentre />
        </div>
      )}
    </header>
  );
}
