// What a route shows when its loader or page failed: the service's own words when it gave any
// (a customer's session: "the studio is for GIC staff"), a way to try again and a way home.

import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { StudioError } from '../api';
import { StudioHeader } from './Layout';

export function RouteError() {
  const { t } = useTranslation('studio');
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const message =
    error instanceof StudioError ? error.message : notFound ? t('errors.notFound') : t('errors.generic');
  return (
    <>
      <StudioHeader />
      <main id="main" className="studio-main studio-main--narrow" tabIndex={-1}>
        <h1>{notFound ? t('errors.notFoundTitle') : t('errors.title')}</h1>
        <p className="studio-alert" role="alert">
          {message}
        </p>
        <p className="studio-actions">
          <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
            {t('errors.reload')}
          </button>
          <a className="btn btn--secondary" href="/studio">
            {t('errors.home')}
          </a>
        </p>
      </main>
    </>
  );
}
