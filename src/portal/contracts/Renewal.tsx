// A contract's renewal as the service reports it (RENEWAL, issue 28 item 2): "Renew" while the
// offer can be paid (it opens in the product's purchase flow, at the facts to confirm and then
// the payment), the contract that continues it once paid, or why it did not continue.

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { RenewalEntry } from '../../api/portal';
import { CALL_CENTRE_PHONE } from '../../ui/callCentre';
import { showDate, showEuro } from '../format';

/** The contract's detail page (the same path the cards link to). */
const contractPage = (contractNo: string) => `/my-contract/${encodeURIComponent(contractNo)}`;

export function RenewalNotice({
  renewal,
  contractNo,
  expiry,
}: {
  renewal?: RenewalEntry | null;
  contractNo: string;
  /** The contract's own last day of cover. */
  expiry: string;
}) {
  const { t, i18n } = useTranslation('contracts');
  if (!renewal) return null;
  const values = {
    amount: showEuro(renewal.PREMIUM, i18n.language),
    start: showDate(renewal.START_DATE),
    end: showDate(renewal.EXPIRY_DATE),
    contractNo: renewal.NEW_CONTRACT_NO,
    phone: CALL_CENTRE_PHONE,
  };
  if (renewal.STATUS === 'OFFERED' && renewal.LINK) {
    return (
      <div className="renewal renewal--offered" data-renewal="OFFERED">
        <p>{t('renewal.offered', values)}</p>
        <Link
          className="btn btn--primary"
          to={renewal.LINK}
          aria-label={t('renewal.renewContract', { contractNo })}
        >
          {t('renewal.renew')}
        </Link>
      </div>
    );
  }
  if (renewal.STATUS === 'RENEWED') {
    return (
      <p className="renewal renewal--renewed" data-renewal="RENEWED">
        {t('renewal.renewed', values)}{' '}
        <Link to={contractPage(renewal.NEW_CONTRACT_NO)}>
          {t('renewal.openRenewed', { contractNo: renewal.NEW_CONTRACT_NO })}
        </Link>
      </p>
    );
  }
  const key = renewal.STATUS === 'REFERRED' ? 'referred' : 'expired';
  return (
    <p className={`renewal renewal--${key}`} data-renewal={renewal.STATUS}>
      {t(`renewal.${key}`, { ...values, end: showDate(expiry) })}
    </p>
  );
}

/** The renewal in a table's status cell: "Renew" while it can be paid, else a few words. */
export function RenewalMark({ renewal, contractNo }: { renewal?: RenewalEntry | null; contractNo: string }) {
  const { t } = useTranslation('contracts');
  if (!renewal) return null;
  if (renewal.STATUS === 'OFFERED') {
    if (!renewal.LINK) return null;
    return (
      <Link
        className="renewal-mark"
        data-renewal="OFFERED"
        to={renewal.LINK}
        aria-label={t('renewal.renewContract', { contractNo })}
      >
        {t('renewal.renew')}
      </Link>
    );
  }
  const text = t(`renewal.short.${renewal.STATUS}`, { contractNo: renewal.NEW_CONTRACT_NO });
  return renewal.STATUS === 'RENEWED' ? (
    <Link className="renewal-mark" data-renewal="RENEWED" to={contractPage(renewal.NEW_CONTRACT_NO)}>
      {text}
    </Link>
  ) : (
    <span className="renewal-mark" data-renewal={renewal.STATUS}>
      {text}
    </span>
  );
}
