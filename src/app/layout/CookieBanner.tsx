// The cookie banner, with the texts of POST /zcp/cookies/gettexts. If the texts cannot be read the
// banner still appears with the built-in wording: the visitor must be able to decide either way.

import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { EtText } from '../../api/types';
import { getCookieTexts } from '../../api/zcp';
import { PRERENDERED_READS } from '../../prerender/names';
import { useZcpRead } from '../../shell/hooks/useZcpRead';
import { saveCookieConsent, useCookieConsent } from '../state/cookieConsent';

export const BANNER_TITLE = 'BANNER_TITLE';
export const BANNER_TEXT = 'BANNER_TEXT';

export function textNamed(texts: readonly EtText[] | null | undefined, name: string): string | undefined {
  return texts?.find((t) => t.TEXT_NAME === name)?.TEXT || undefined;
}

export function CookieBanner() {
  const consent = useCookieConsent();
  const location = useLocation();
  if (consent || location.pathname === '/cookies') return null;
  return <CookieBannerPanel />;
}

function CookieBannerPanel() {
  const { t, i18n } = useTranslation('common');
  const texts = useZcpRead(() => getCookieTexts(), [i18n.language], PRERENDERED_READS.cookieTexts);
  const list = texts.status === 'ready' ? texts.data.ET_TEXTS : null;
  return (
    <section className="cookie-banner" aria-labelledby="cookie-banner-title">
      <h2 id="cookie-banner-title" className="cookie-banner__title">
        {textNamed(list, BANNER_TITLE) ?? t('cookies.bannerTitle')}
      </h2>
      <p>{textNamed(list, BANNER_TEXT) ?? t('cookies.bannerText')}</p>
      <div className="cookie-banner__actions">
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => saveCookieConsent({ preferences: true, analytics: true })}
        >
          {t('cookies.acceptAll')}
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => saveCookieConsent({ preferences: false, analytics: false })}
        >
          {t('cookies.necessaryOnly')}
        </button>
        <Link className="btn btn--link" to="/cookies#cookie-settings">
          {t('cookies.settings')}
        </Link>
      </div>
    </section>
  );
}
