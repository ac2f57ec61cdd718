import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../routeTable';

/** Any path the app does not know. "Back to safety" is the home page, never another unknown page. */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <div className="page page--narrow">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <button type="button" className="btn btn--primary" onClick={() => navigate(HOME_PATH)}>
        {t('notFound.back')}
      </button>
    </div>
  );
}
