import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CallCentre } from './CallCentre';

export function Footer() {
  const { t } = useTranslation('common');
  return (
    <footer className="footer">
      <nav aria-label={t('footer.navLabel')}>
        <ul className="footer__links">
          <li>
            <Link to="/help-page">{t('footer.help')}</Link>
          </li>
          <li>
            <Link to="/cookies">{t('footer.cookiePolicy')}</Link>
          </li>
          <li>
            <Link to="/cookies#cookie-settings">{t('footer.cookieSettings')}</Link>
          </li>
          <li>
            <Link to="/contact">{t('footer.callMe')}</Link>
          </li>
        </ul>
      </nav>
      <CallCentre />
      <p className="footer__legal">{t('footer.legal', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
