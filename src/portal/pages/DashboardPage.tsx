// The logged-in home (/my-dashboard): a greeting by the time of day in Cyprus, the insurer's
// announcements, and a summary of the customer's contracts, offers and claims with links.

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getAnnouncements } from '../../api/zcp';
import { greetingPeriod, nowPartsInNicosia } from '../../engine/dates';
import { useZcpRead } from '../../shell/hooks/useZcpRead';
import { ClaimCard, ContractCard, OfferCard } from '../components/Cards';
import { ReadState } from '../components/ReadState';
import { CLAIMS_PATH, CONTRACTS_PATH, OFFERS_PATH } from '../routePaths';
import { useCustomer } from '../state/customer';
import { useClaims, useContracts, useOffers } from '../state/portalData';
import { openPurchaseDialog } from '../state/purchaseDialog';

const SHOWN = 3;
/** Claims the count's "open" covers: filed and not yet settled, rejected or closed. */
// Claims still moving (not rejected or paid).
const OPEN_CLAIMS = ['SUBMITTED', 'IN_REVIEW', 'MORE_INFO', 'APPROVED'];

function Summary({
  id,
  title,
  count,
  to,
  allLabel,
  children,
}: {
  id: string;
  title: string;
  count: string;
  to: string;
  allLabel: string;
  children: React.ReactNode;
}) {
  return (
    <section className="dashboard__section" aria-labelledby={id}>
      <div className="dashboard__head">
        <h2 id={id}>{title}</h2>
        <p className="dashboard__count">{count}</p>
      </div>
      {children}
      <p>
        <Link to={to}>{allLabel}</Link>
      </p>
    </section>
  );
}

export function DashboardPage() {
  const { t, i18n } = useTranslation('portal');
  const customer = useCustomer();
  const contracts = useContracts();
  const offers = useOffers();
  const claims = useClaims();
  const announcements = useZcpRead(() => getAnnouncements(), [i18n.language]);
  const period = greetingPeriod(nowPartsInNicosia(new Date()).hour);
  const firstName = customer.status === 'ready' ? customer.user.FIRST_NAME : '';

  return (
    <div className="page dashboard">
      <h1>{t(`dashboard.greeting.${period}`)}</h1>
      {firstName ? <p className="dashboard__welcome">{t('dashboard.welcome', { name: firstName })}</p> : null}
      {announcements.status === 'ready' && announcements.data.CT_ANNOUNCEMENTS.length > 0 ? (
        <section className="dashboard__announcements" aria-labelledby="dashboard-news">
          <h2 id="dashboard-news">{t('dashboard.announcements')}</h2>
          {announcements.data.CT_ANNOUNCEMENTS.map((a) => (
            <div key={a.ID} className={`notice notice--${a.LEVEL === 'warning' ? 'warning' : 'info'}`}>
              <h3>{a.TITLE}</h3>
              <p>{a.TEXT}</p>
            </div>
          ))}
        </section>
      ) : null}

      <div className="dashboard__grid">
        <Summary
          id="dashboard-contracts"
          title={t('dashboard.contracts')}
          count={
            contracts.status === 'ready'
              ? t('dashboard.contractsCount', {
                  // "in force": the status of that name only, not those pending a review.
                  count: contracts.data.filter((c) => c.STATUS === 'ACTIVE').length,
                })
              : ''
          }
          to={CONTRACTS_PATH}
          allLabel={t('dashboard.allContracts')}
        >
          <ReadState state={contracts} retry={contracts.retry}>
            {(list) =>
              list.length === 0 ? (
                <p>{t('contracts.none')}</p>
              ) : (
                <ul className="portal-cards">
                  {list.slice(0, SHOWN).map((c) => (
                    <li key={`${c.CONTRACT_NO}-${c.CONTRACT_VERSION}`}>
                      <ContractCard contract={c} />
                    </li>
                  ))}
                </ul>
              )
            }
          </ReadState>
        </Summary>

        <Summary
          id="dashboard-offers"
          title={t('dashboard.offers')}
          count={offers.status === 'ready' ? t('dashboard.offersCount', { count: offers.data.length }) : ''}
          to={OFFERS_PATH}
          allLabel={t('dashboard.allOffers')}
        >
          <ReadState state={offers} retry={offers.retry}>
            {(list) =>
              list.length === 0 ? (
                <p>{t('offers.none')}</p>
              ) : (
                <ul className="portal-cards">
                  {list.slice(0, SHOWN).map((o) => (
                    <li key={o.OFFER_NO}>
                      <OfferCard offer={o} />
                    </li>
                  ))}
                </ul>
              )
            }
          </ReadState>
        </Summary>

        <Summary
          id="dashboard-claims"
          title={t('dashboard.claims')}
          count={
            claims.status === 'ready'
              ? t('dashboard.claimsCount', {
                  count: claims.data.filter((c) => OPEN_CLAIMS.includes(c.STATUS)).length,
                })
              : ''
          }
          to={CLAIMS_PATH}
          allLabel={t('dashboard.allClaims')}
        >
          <ReadState state={claims} retry={claims.retry}>
            {(list) =>
              list.length === 0 ? (
                <p>{t('claims.none')}</p>
              ) : (
                <ul className="portal-cards">
                  {list.slice(0, SHOWN).map((c) => (
                    <li key={c.CLAIM_NO}>
                      <ClaimCard claim={c} />
                    </li>
                  ))}
                </ul>
              )
            }
          </ReadState>
        </Summary>
      </div>

      <section className="dashboard__buy" aria-labelledby="dashboard-buy">
        <h2 id="dashboard-buy">{t('dashboard.buyTitle')}</h2>
        <p>{t('dashboard.buyText')}</p>
        <button type="button" className="btn btn--primary" onClick={openPurchaseDialog}>
          {t('menu.purchase')}
        </button>
      </section>
    </div>
  );
}
