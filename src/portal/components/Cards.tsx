// One contract, offer or claim as a card: the facts a customer looks for first.

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ClaimEntry, ContractEntry, OfferEntry } from '../../api/portal';
import { isExpiringSoon } from '../../ui/components/ExpiringSoonNotice';
import { claimWizardLink } from '../claimWizards';
import { ProductName, StatusBadge } from '../contracts/parts';
import { RenewalNotice } from '../contracts/Renewal';
import { showDate, showEuro } from '../format';

/** A contract's detail page. */
export const contractPath = (contractNo: string) => `/my-contract/${encodeURIComponent(contractNo)}`;

/** /my-offers with one offer opened, as its button there opens it. */
export const offerPath = (offerNo: string) => `/my-offers?offer=${encodeURIComponent(offerNo)}`;

export function ContractCard({ contract }: { contract: ContractEntry }) {
  const { t, i18n } = useTranslation(['portal', 'contracts']);
  const due = contract.ZZBALANCE_AMOUNT > 0;
  const claimLink = claimWizardLink(contract);
  return (
    <article className="portal-card" data-contract={contract.CONTRACT_NO}>
      <h3 className="portal-card__title">
        <ProductName code={contract.PRODUCT_CODE} />
        <span className="portal-card__number">{contract.CONTRACT_NO}</span>
      </h3>
      {contract.OBJECT_DESC ? <p className="portal-card__object">{contract.OBJECT_DESC}</p> : null}
      <dl className="portal-card__facts">
        <dt>{t('contracts.status')}</dt>
        <dd>
          <StatusBadge status={contract.STATUS} />
        </dd>
        <dt>{t('contracts.period')}</dt>
        <dd>
          {showDate(contract.START_DATE)} – {showDate(contract.EXPIRY_DATE)}
        </dd>
        <dt>{t('contracts.premium')}</dt>
        <dd>{showEuro(contract.ZZPREMIUM_AFTER_DISC_AMOUNT, i18n.language)}</dd>
        {due ? (
          <>
            <dt>{t('contracts.balance')}</dt>
            <dd className="portal-card__due">{showEuro(contract.ZZBALANCE_AMOUNT, i18n.language)}</dd>
          </>
        ) : null}
      </dl>
      <RenewalNotice
        renewal={contract.RENEWAL}
        contractNo={contract.CONTRACT_NO}
        expiry={contract.EXPIRY_DATE}
      />
      {claimLink ? (
        <p className="portal-card__actions">
          <Link to={claimLink}>{t('contracts.fileClaim')}</Link>
        </p>
      ) : null}
      <Link className="portal-card__link" to={contractPath(contract.CONTRACT_NO)}>
        {t('contracts:list.openContract', { contractNo: contract.CONTRACT_NO })}
      </Link>
    </article>
  );
}

/**
 * An offer: what it insures, when it was saved and expires, its premium. /my-offers passes `onOpen`
 * for the button that reads it re-rated today; elsewhere (the dashboard) the card links to it there.
 */
export function OfferCard({ offer, onOpen }: { offer: OfferEntry; onOpen?: () => void }) {
  const { t, i18n } = useTranslation('contracts');
  const soon = isExpiringSoon(offer.EXPIRY_DATE);
  return (
    <article className="portal-card" data-offer={offer.OFFER_NO}>
      <h3 className="portal-card__title">
        <ProductName code={offer.PRODUCT_CODE} />
        <span className="portal-card__number">{offer.OFFER_NO}</span>
      </h3>
      {offer.RENEWAL_OF ? (
        <p className="portal-card__object">{t('renewal.offerOf', { contractNo: offer.RENEWAL_OF })}</p>
      ) : null}
      {offer.OBJECT_DESC ? <p className="portal-card__object">{offer.OBJECT_DESC}</p> : null}
      <dl className="portal-card__facts">
        <dt>{t('offers.saved')}</dt>
        <dd>{showDate(offer.SAVE_DATE)}</dd>
        <dt>{t('offers.expires')}</dt>
        <dd>
          {showDate(offer.EXPIRY_DATE)}
          {soon ? <span className="status status--warning"> {t('offers.expiringSoon')}</span> : null}
        </dd>
        <dt>{t('offers.premium')}</dt>
        <dd>{showEuro(offer.PREMIUM, i18n.language)}</dd>
      </dl>
      {offer.DATA_CHANGED ? <p className="notice notice--warning">{t('offers.dataChanged')}</p> : null}
      {onOpen ? (
        <button
          type="button"
          className="btn btn--secondary"
          onClick={onOpen}
          aria-label={t('offers.openOffer', { offerNo: offer.OFFER_NO })}
        >
          {t('offers.open')}
        </button>
      ) : (
        <Link className="portal-card__link" to={offerPath(offer.OFFER_NO)}>
          {t('offers.openOffer', { offerNo: offer.OFFER_NO })}
        </Link>
      )}
    </article>
  );
}

export function ClaimCard({ claim }: { claim: ClaimEntry }) {
  const { t, i18n } = useTranslation(['portal', 'claims']);
  return (
    <article className="portal-card" data-claim={claim.CLAIM_NO}>
      <h3 className="portal-card__title">
        <ProductName code={claim.PRODUCT_CODE} />
        <span className="portal-card__number">{claim.CLAIM_NO}</span>
      </h3>
      {claim.CAUSE_DESC || claim.LOCATION ? (
        <p className="portal-card__object">
          {[claim.CAUSE_DESC, claim.LOCATION].filter(Boolean).join(' · ')}
        </p>
      ) : null}
      <dl className="portal-card__facts">
        <dt>{t('claims.status')}</dt>
        <dd>
          <span className={`status status--${claim.STATUS.toLowerCase()}`}>
            {t(`claims:statuses.${claim.STATUS}`, { defaultValue: claim.STATUS_DESC ?? claim.STATUS })}
          </span>
        </dd>
        <dt>{t('claims.incident')}</dt>
        <dd>
          {showDate(claim.INCIDENT_DATE)}
          {claim.INCIDENT_TIME ? ` ${claim.INCIDENT_TIME}` : ''}
        </dd>
        <dt>{t('claims.contract')}</dt>
        <dd>{claim.CONTRACT_NO}</dd>
        {typeof claim.CLAIMED_AMOUNT === 'number' ? (
          <>
            <dt>{t('claims.amount')}</dt>
            <dd>{showEuro(claim.CLAIMED_AMOUNT, i18n.language)}</dd>
          </>
        ) : null}
        <dt>{t('claims.submitted')}</dt>
        <dd>{showDate(claim.SUBMITTED_ON)}</dd>
        <dt>{t('claims:list.compensation')}</dt>
        <dd>
          {t(`claims:compensation.${claim.COMPENSATION_TYPE ?? ''}`, {
            defaultValue: claim.COMPENSATION_TYPE,
          })}
        </dd>
        <dt>{t('claims:list.payment')}</dt>
        <dd>
          {t(`claims:paymentStatus.${claim.PAYMENT_STATUS ?? 'NONE'}`, {
            defaultValue: claim.PAYMENT_STATUS,
          })}
        </dd>
      </dl>
      <Link className="portal-card__link" to={`/my-claims/${encodeURIComponent(claim.CLAIM_NO)}`}>
        {t('claims:list.open', { claimNo: claim.CLAIM_NO })}
      </Link>
    </article>
  );
}
