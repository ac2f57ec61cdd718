// /cookies: the cookie policy (texts from POST /zcp/cookies/gettexts) and the settings. Necessary
// cookies are always on; preferences and analytics are the visitor's choice.

import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { getCookieTexts } from '../../api/zcp';
import { PRERENDERED_READS } from '../../prerender/names';
import { useZcpRead } from '../../shell/hooks/useZcpRead';
import { FormMessage } from '../../ui/components/fields';
import { DelayedLoader } from '../../ui/layout/Loader';
import { FailedLoad } from '../components/FailedLoad';
import { BANNER_TEXT, BANNER_TITLE, textNamed } from '../layout/CookieBanner';
import { saveCookieConsent, useCookieConsent } from '../state/cookieConsent';

/** The policy texts come as NAME_TITLE / NAME_TEXT pairs; POLICY_TITLE heads the section. */
const POLICY_TITLE = 'POLICY_TITLE';

function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p) => (
          <p key={p}>{p}</p>
        ))}
    </>
  );
}

export function CookiesPage() {
  const { t, i18n } = useTranslation('pages');
  const location = useLocation();
  const consent = useCookieConsent();
  const texts = useZcpRead(() => getCookieTexts(), [i18n.language], PRERENDERED_READS.cookieTexts);
  const [preferences, setPreferences] = useState(consent?.preferences ?? false);
  const [analytics, setAnalytics] = useState(consent?.analytics ?? false);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (location.hash === '#cookie-settings') document.getElementById('cookie-settings')?.scrollIntoView?.();
  }, [location.hash]);

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    saveCookieConsent({ preferences, analytics });
    setSaved(true);
  };

  const all = texts.status === 'ready' ? texts.data.ET_TEXTS : [];
  const policy = all.filter((x) => ![BANNER_TITLE, BANNER_TEXT, POLICY_TITLE].includes(x.TEXT_NAME));

  return (
    <div className="page page--narrow">
      <h1>{t('cookies.title')}</h1>
      <section aria-labelledby="cookie-policy-title">
        <h2 id="cookie-policy-title">{textNamed(all, POLICY_TITLE) ?? t('cookies.policyTitle')}</h2>
        {texts.status === 'loading' ? <DelayedLoader /> : null}
        {texts.status === 'failed' ? <FailedLoad onRetry={texts.retry} /> : null}
        {policy.map((x) =>
          x.TEXT_NAME.endsWith('_TITLE') ? (
            <h3 key={x.TEXT_NAME}>{x.TEXT}</h3>
          ) : (
            <Paragraphs key={x.TEXT_NAME} text={x.TEXT} />
          ),
        )}
      </section>
      <section aria-labelledby="cookie-settings">
        <h2 id="cookie-settings">{t('cookies.settingsTitle')}</h2>
        <form className="form" onSubmit={onSave}>
          <div className="switch">
            <input
              id="cookie-necessary"
              type="checkbox"
              role="switch"
              checked
              aria-checked="true"
              readOnly
              disabled
              aria-describedby="cookie-necessary-text"
            />
            <label htmlFor="cookie-necessary">{t('cookies.necessary')}</label>
            <p id="cookie-necessary-text" className="field__help">
              {t('cookies.necessaryText')}
            </p>
          </div>
          <div className="switch">
            <input
              id="cookie-preferences"
              type="checkbox"
              role="switch"
              checked={preferences}
              aria-checked={preferences}
              aria-describedby="cookie-preferences-text"
              onChange={(e) => {
                setPreferences(e.target.checked);
                setSaved(false);
              }}
            />
            <label htmlFor="cookie-preferences">{t('cookies.preferences')}</label>
            <p id="cookie-preferences-text" className="field__help">
              {t('cookies.preferencesText')}
            </p>
          </div>
          <div className="switch">
            <input
              id="cookie-analytics"
              type="checkbox"
              role="switch"
              checked={analytics}
              aria-checked={analytics}
              aria-describedby="cookie-analytics-text"
              onChange={(e) => {
                setAnalytics(e.target.checked);
                setSaved(false);
              }}
            />
            <label htmlFor="cookie-analytics">{t('cookies.analytics')}</label>
            <p id="cookie-analytics-text" className="field__help">
              {t('cookies.analyticsText')}
            </p>
          </div>
          {saved ? <FormMessage kind="success">{t('cookies.saved')}</FormMessage> : null}
          <div className="actions">
            <button type="submit" className="btn btn--primary">
              {t('cookies.save')}
            </button>
          </div>
        </form>
      </section>
    </div>
  );
}
