// /error: the general error state (message, error-type code, product) from app state, or from
// the query when opened by a link. Codes 1, 2 and 5 offer a call-back.

import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isProduct, withQuery } from '../../shell/routeTable';
import { CallCentre } from '../layout/CallCentre';
import { offersContact, useAppError } from '../state/errorState';

export function ErrorPage() {
  const { t } = useTranslation(['pages', 'common']);
  const [params] = useSearchParams();
  const state = useAppError();
  const message = state?.message || params.get('message') || t('error.defaultMessage');
  const code = state?.code ?? params.get('code') ?? undefined;
  const product = state?.product ?? params.get('product') ?? undefined;

  const contactQuery = new URLSearchParams();
  if (product && isProduct(product)) contactQuery.set('product', product);
  const offer = params.get('offer');
  if (offer) contactQuery.set('offer', offer);

  return (
    <div className="page page--narrow">
      <h1>{t('error.title')}</h1>
      <p className="error-page__message">{message}</p>
      {offersContact(code) ? (
        <>
          <p>{t('error.contactIntro')}</p>
          <p>
            <Link className="btn btn--primary" to={withQuery('/contact', contactQuery.toString())}>
              {t('error.contactMe')}
            </Link>
          </p>
        </>
      ) : null}
      <CallCentre />
      <p>
        <Link to="/">{t('common:nav.backHome')}</Link>
      </p>
    </div>
  );
}
