// The router's last line of defence: an error no area caught (a render crash, a failed guard).

import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';

export function RouteErrorPage() {
  const { t } = useTranslation('common', { useSuspense: false });
  const error = useRouteError();
  console.error('Route error', error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="main" className="page page--narrow">
      <h1>{notFound ? t('notFound.title') : t('routeError.title')}</h1>
      <p>{notFound ? t('notFound.text') : t('routeError.text')}</p>
      <div className="actions">
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </button>
        <a className="btn btn--secondary" href="/">
          {t('notFound.back')}
        </a>
      </div>
    </main>
  );
}
