// /my-claims: the customer's claims, 10 to a page (spec §9). The contracts and offers screens are
// ContractsPage, ContractDetailPage and OffersPage (issue 14).

import { Fragment, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ClaimEntry } from '../../api/portal';
import { CLAIM_WIZARDS, claimWizardStart } from '../claimWizards';
import { ClaimCard } from '../components/Cards';
import { ReadState } from '../components/ReadState';
import { useClaims } from '../state/portalData';

export const CLAIMS_PER_PAGE = 10;

function ClaimList({ list }: { list: ClaimEntry[] }) {
  const { t } = useTranslation('portal');
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(list.length / CLAIMS_PER_PAGE));
  const shown = list.slice(page * CLAIMS_PER_PAGE, (page + 1) * CLAIMS_PER_PAGE);
  const navId = useId();
  return (
    <>
      <ul className="portal-cards portal-cards--grid">
        {shown.map((c) => (
          <li key={c.CLAIM_NO}>
            <ClaimCard claim={c} />
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav className="pager" aria-labelledby={navId}>
          <span id={navId} className="visually-hidden">
            {t('claims.pages')}
          </span>
          <button
            type="button"
            className="btn btn--secondary"
            disabled={page === 0}
            onClick={() => setPage(page - 1)}
          >
            {t('claims.previous')}
          </button>
          <span role="status">{t('claims.pageOf', { page: page + 1, pages })}</span>
          <button
            type="button"
            className="btn btn--secondary"
            disabled={page >= pages - 1}
            onClick={() => setPage(page + 1)}
          >
            {t('claims.next')}
          </button>
        </nav>
      ) : null}
    </>
  );
}

export function ClaimsPage() {
  const { t } = useTranslation(['portal', 'claims']);
  const claims = useClaims();
  return (
    <div className="page">
      <h1>{t('claims.title')}</h1>
      <p className="page__actions">
        {CLAIM_WIZARDS.map((wizard, i) => (
          <Fragment key={wizard.flowId}>
            {i > 0 ? ' ' : null}
            <Link to={claimWizardStart(wizard)} className={`btn btn--${i === 0 ? 'primary' : 'secondary'}`}>
              {t(wizard.titleKey)}
            </Link>
          </Fragment>
        ))}
      </p>
      <ReadState state={claims} retry={claims.retry}>
        {(list) => (list.length === 0 ? <p>{t('claims.none')}</p> : <ClaimList list={list} />)}
      </ReadState>
    </div>
  );
}
