// /my-contract/{contractId}: one of the customer's contracts (spec §2, §3 Contract detail): the
// summary, the cover plan, the insured object (fields per product from contractObjectFields.json), the
// payment method (card masked with its expiry, IBAN masked), the policy schedule PDF, the ways
// to the endorsements and payment-method screens, and a motor contract's certificate of insurance.

import { Fragment, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import {
  type ContractDetail,
  getContractDetail,
  getPolicySchedule,
  type PaymentData,
} from '../../api/contracts';
import { isZcpError } from '../../api/errors';
import { paymentMethodLabel } from '../../engine/paymentMethod';
import { PdfDownload } from '../components/PdfDownload';
import { ReadState } from '../components/ReadState';
import { CertificateSection } from '../contracts/CertificateSection';
import { maskIban } from '../contracts/iban';
import { ProductName, StatusBadge } from '../contracts/parts';
import { endorsementsPath, paymentMethodPath } from '../contracts/paths';
import { RenewalNotice } from '../contracts/Renewal';
import { WithdrawalSection } from '../contracts/Withdrawal';
import { showDate, showEuro } from '../format';
import { type LovOptions, labelOf, useLovs } from '../lov';
import { CaseTimeline } from '../progress/CaseTimeline';
import { CONTRACTS_PATH } from '../routePaths';
import type { Loaded } from '../state/portalData';
import { useContracts } from '../state/portalData';
import '../contracts/contracts.css';

type DetailState = Loaded<ContractDetail> | { status: 'notFound' };

function useContractDetail(contractNo: string): DetailState & { retry: () => void } {
  const { i18n } = useTranslation();
  const contracts = useContracts();
  const [state, setState] = useState<DetailState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const entry =
    contracts.status === 'ready' ? contracts.data.find((c) => c.CONTRACT_NO === contractNo) : undefined;
  const productId = entry?.PRODUCT_ID;
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again per language and retry
  useEffect(() => {
    if (contracts.status !== 'ready') return;
    if (!productId) {
      setState({ status: 'notFound' });
      return;
    }
    let live = true;
    setState({ status: 'loading' });
    getContractDetail(contractNo, productId, { quiet: true }).then(
      (data) => live && setState({ status: 'ready', data }),
      (error) => {
        if (!live) return;
        setState(isZcpError(error) && error.status === 403 ? { status: 'notFound' } : { status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [contracts.status, contractNo, productId, attempt, i18n.language]);
  if (contracts.status !== 'ready') return { ...contracts };
  return { ...state, retry: () => setAttempt((n) => n + 1) };
}

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="portal-card__facts">
      {items.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

function PaymentFacts({ payment, banks }: { payment: PaymentData; banks: LovOptions | undefined }) {
  const { t } = useTranslation('contracts');
  const items: [string, ReactNode][] = [
    [
      t('detail.method'),
      t(`detail.methods.${paymentMethodLabel(payment)}`, { defaultValue: payment.PAYMENT_METHOD }),
    ],
  ];
  if (payment.PAYMENT_METHOD === 'CARD') {
    if (payment.CARD_NUMBER) items.push([t('detail.card'), payment.CARD_NUMBER]);
    if (payment.CARD_EXPIRY) items.push([t('detail.cardExpiry'), payment.CARD_EXPIRY]);
  }
  if (payment.PAYMENT_METHOD === 'DIRECT_DEBIT') {
    if (payment.IBAN) items.push([t('detail.iban'), maskIban(payment.IBAN)]);
    if (payment.BANK) items.push([t('detail.bank'), labelOf(banks, payment.BANK)]);
    if (payment.ACCOUNT_HOLDER) items.push([t('detail.holder'), payment.ACCOUNT_HOLDER]);
  }
  return <Facts items={items} />;
}

function ScheduleDownload({ contractNo, productId }: { contractNo: string; productId: string }) {
  const { t, i18n } = useTranslation('contracts');
  return (
    <PdfDownload
      fetchPdf={() => getPolicySchedule(contractNo, productId)}
      fileName={`policy-schedule-${contractNo}-${i18n.language === 'en' ? 'en' : 'el'}.pdf`}
      texts={{
        button: t('detail.download'),
        busy: t('detail.downloading'),
        done: t('detail.downloaded'),
        failed: t('detail.downloadFailed'),
      }}
    />
  );
}

function Detail({ detail, onWithdrawn }: { detail: ContractDetail; onWithdrawn: () => void }) {
  const { t, i18n } = useTranslation('contracts');
  const c = detail.CS_CONTRACT;
  const payment = detail.CS_CUST_ENTITIES.CS_PAYMENT_DATA;
  // The bank of a direct debit is stored as its BIC: its name comes from the banks' list.
  const lists = useLovs(payment?.BANK ? ['CpBankList'] : [], i18n.language) ?? {};
  // The object's facts as the service words them, from the live configuration (as the schedule).
  const facts = detail.ET_OBJECT_FACTS ?? [];
  const euro = (n: number) => showEuro(n, i18n.language);
  return (
    <>
      <h1>{t('detail.title', { contractNo: c.CONTRACT_NO })}</h1>
      <p>
        <Link to={CONTRACTS_PATH}>{t('detail.back')}</Link>
      </p>
      {c.RENEWAL ? (
        <section
          className="contract-detail__section contract-detail__renewal"
          aria-labelledby="contract-renewal"
        >
          <h2 id="contract-renewal">{t('renewal.title')}</h2>
          <RenewalNotice renewal={c.RENEWAL} contractNo={c.CONTRACT_NO} expiry={c.EXPIRY_DATE} />
        </section>
      ) : null}
      <div className="contract-detail__sections">
        <section className="contract-detail__section" aria-labelledby="contract-summary">
          <h2 id="contract-summary">{t('detail.summary')}</h2>
          <Facts
            items={[
              [t('detail.product'), <ProductName key="p" code={c.PRODUCT_CODE} />],
              [t('detail.contractNo'), c.CONTRACT_NO],
              [t('detail.version'), String(c.CONTRACT_VERSION)],
              [t('detail.status'), <StatusBadge key="s" status={c.STATUS} />],
              [t('detail.start'), showDate(c.START_DATE)],
              [t('detail.expiry'), showDate(c.EXPIRY_DATE)],
              [t('detail.premiumBefore'), euro(c.ZZPREMIUM_BEFORE_DISC_AMOUNT)],
              [t('detail.premiumAfter'), euro(c.ZZPREMIUM_AFTER_DISC_AMOUNT)],
              [
                t('detail.balance'),
                c.ZZBALANCE_AMOUNT > 0 ? (
                  <span key="b" className="contracts__due">
                    {euro(c.ZZBALANCE_AMOUNT)}
                  </span>
                ) : (
                  t('detail.noBalance')
                ),
              ],
              [t('detail.instalments'), String(c.INSTALLMENT_NUMBER)],
            ]}
          />
        </section>
        <section className="contract-detail__section" aria-labelledby="contract-plan">
          <h2 id="contract-plan">{t('detail.plan')}</h2>
          <p>
            <strong>{c.PACKAGE_DESC}</strong>
          </p>
          {c.CT_COVERS.length > 0 ? (
            <>
              <h3>{t('detail.covers')}</h3>
              <ul className="contract-detail__covers">
                {c.CT_COVERS.map((cover) => (
                  <li key={cover.COVER_ID}>{cover.COVER_DESC}</li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
        <section className="contract-detail__section" aria-labelledby="contract-object">
          <h2 id="contract-object">{t('detail.object')}</h2>
          {detail.CS_OBJECT.OBJECT_DESC ? <p>{detail.CS_OBJECT.OBJECT_DESC}</p> : null}
          <Facts items={facts.map((f) => [f.LABEL, f.VALUE])} />
        </section>
        <section className="contract-detail__section" aria-labelledby="contract-payment">
          <h2 id="contract-payment">{t('detail.payment')}</h2>
          <PaymentFacts payment={payment} banks={lists.CpBankList} />
        </section>
      </div>
      <section className="contract-detail__section contract-detail__more" aria-labelledby="contract-actions">
        <h2 id="contract-actions">{t('detail.actions')}</h2>
        <ScheduleDownload contractNo={c.CONTRACT_NO} productId={c.PRODUCT_ID} />
        <div className="contract-detail__actions">
          <Link className="btn btn--secondary" to={endorsementsPath(c.CONTRACT_NO)}>
            {t('detail.endorsements')}
          </Link>
          <Link className="btn btn--secondary" to={paymentMethodPath(c.CONTRACT_NO)}>
            {t('detail.paymentMethod')}
          </Link>
        </div>
        <p className="list-count">{t('detail.effectiveNotice')}</p>
      </section>
      {(detail.CT_PAYMENT_REVIEWS ?? []).map((review) => (
        <section
          key={review.REF}
          className="contract-detail__section contract-detail__review"
          aria-labelledby={`review-${review.REF}`}
          data-review={review.REF}
        >
          <h2 id={`review-${review.REF}`}>{t('detail.paymentReview')}</h2>
          <p>{review.REASON_DESC}</p>
          <p>
            {t('detail.status')}:{' '}
            <span className={`status status--${review.STATUS.toLowerCase()}`}>{review.STATUS_DESC}</span>
          </p>
          <CaseTimeline history={review.ET_HISTORY} noteLabel={t('detail.reviewNote')} />
        </section>
      ))}
      {c.CERTIFICATE ? <CertificateSection contractNo={c.CONTRACT_NO} productId={c.PRODUCT_ID} /> : null}
      <WithdrawalSection contractNo={c.CONTRACT_NO} productId={c.PRODUCT_ID} onWithdrawn={onWithdrawn} />
    </>
  );
}

export function ContractDetailPage() {
  const { t } = useTranslation('contracts');
  const { contractId = '' } = useParams();
  const detail = useContractDetail(contractId);
  if (detail.status === 'notFound') {
    return (
      <div className="page">
        <h1>{t('detail.pageTitle')}</h1>
        <p role="alert">{t('detail.notFound')}</p>
        <p>
          <Link to={CONTRACTS_PATH}>{t('detail.back')}</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="page contract-detail">
      <ReadState state={detail} retry={detail.retry}>
        {(data) => <Detail detail={data} onWithdrawn={detail.status === 'ready' ? detail.retry : () => {}} />}
      </ReadState>
    </div>
  );
}
