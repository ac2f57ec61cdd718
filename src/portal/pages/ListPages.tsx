// /my-contracts, /my-offers and /my-claims: the customer's own records from the service. Contracts
// filter by category and sort by date (spec §2); claims show 10 to a page (spec §9). Details,
// endorsements and new claims are parts 2 and 3 of the portal.

import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ClaimEntry, ContractEntry } from '../../api/portal';
import { SelectField } from '../../ui/components/fields';
import { ClaimCard, ContractCard, OfferCard } from '../components/Cards';
import { ReadState } from '../components/ReadState';
import { productKey } from '../format';
import { useClaims, useContracts, useOffers } from '../state/portalData';

export const CLAIMS_PER_PAGE = 10;

function ContractList({ list }: { list: ContractEntry[] }) {
  const { t } = useTranslation(['portal', 'common']);
  const [category, setCategory] = useState('');
  const [sort, setSort] = useState<'recent' | 'oldest'>('recent');
  const categories = [...new Set(list.map((c) => productKey(c.PRODUCT_CODE)))];
  const shown = useMemo(() => {
    const filtered = list.filter((c) => !category || productKey(c.PRODUCT_CODE) === category);
    const sorted = [...filtered].sort((a, b) => a.START_DATE.localeCompare(b.START_DATE));
    return sort === 'recent' ? sorted.reverse() : sorted;
  }, [list, category, sort]);
  return (
    <>
      <div className="list-tools">
        <SelectField
          label={t('contracts.filter')}
          value={category}
          onValueChange={setCategory}
          options={[
            { value: '', label: t('contracts.all') },
            ...categories.map((c) => ({
              value: c,
              label: t(`common:products.${c}.name`, { defaultValue: c }),
            })),
          ]}
          required
        />
        <SelectField
          label={t('contracts.sort')}
          value={sort}
          onValueChange={(v) => setSort(v === 'oldest' ? 'oldest' : 'recent')}
          options={[
            { value: 'recent', label: t('contracts.recent') },
            { value: 'oldest', label: t('contracts.oldest') },
          ]}
          required
        />
      </div>
      <p role="status" className="list-count">
        {t('contracts.count', { count: shown.length })}
      </p>
      <ul className="portal-cards portal-cards--grid">
        {shown.map((c) => (
          <li key={`${c.CONTRACT_NO}-${c.CONTRACT_VERSION}`}>
            <ContractCard contract={c} />
          </li>
        ))}
      </ul>
    </>
  );
}

export function ContractsPage() {
  const { t } = useTranslation('portal');
  const contracts = useContracts();
  return (
    <div className="page">
      <h1>{t('contracts.title')}</h1>
      <ReadState state={contracts} retry={contracts.retry}>
        {(list) => (list.length === 0 ? <p>{t('contracts.none')}</p> : <ContractList list={list} />)}
      </ReadState>
    </div>
  );
}

export function OffersPage() {
  const { t } = useTranslation('portal');
  const offers = useOffers();
  return (
    <div className="page">
      <h1>{t('offers.title')}</h1>
      <p>{t('offers.intro')}</p>
      <ReadState state={offers} retry={offers.retry}>
        {(list) =>
          list.length === 0 ? (
            <p>{t('offers.none')}</p>
          ) : (
            <ul className="portal-cards portal-cards--grid">
              {list.map((o) => (
                <li key={o.OFFER_NO}>
                  <OfferCard offer={o} />
                </li>
              ))}
            </ul>
          )
        }
      </ReadState>
    </div>
  );
}

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
        <Link to="/motor-claim/1" className="btn btn--primary">
          {t('claims:list.newMotor')}
        </Link>{' '}
        <Link to="/property-claim/any/1" className="btn btn--secondary">
          {t('claims:list.newProperty')}
        </Link>
      </p>
      <ReadState state={claims} retry={claims.retry}>
        {(list) => (list.length === 0 ? <p>{t('claims.none')}</p> : <ClaimList list={list} />)}
      </ReadState>
    </div>
  );
}
