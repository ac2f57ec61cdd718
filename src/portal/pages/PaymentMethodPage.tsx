// /my-contract/{contractId}/payment-method-details (spec §2, issue 14 item 5): the contract's
// current payment method, its pending balance with a card payment, and the change itself, which is
// the `paymethod` flow run by the engine. The card provider returns here with ?ORDER_ID=, whose
// outcome (card registered, balance paid, or not) is read from ORDSTAT.

import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { callZcp, getOrderStatus } from '../../api/zcp';
import type { PaymentRedirect } from '../../engine/machine/services';
import { paymentMethodLabel } from '../../engine/paymentMethod';
import { TextField } from '../../ui/components/fields';
import { PaymentRedirectForm } from '../../ui/flow/Pauses';
import { DelayedLoader } from '../../ui/layout/Loader';
import { ReadState } from '../components/ReadState';
import { showDate, showEuro } from '../format';
import { CONTRACTS_PATH } from '../routePaths';
import { useContracts } from '../state/portalData';
import { currentSession } from '../state/session';
import { PortalFlowPage } from './PortalFlowPage';

interface PaymentData {
  PAYMENT_METHOD: 'CARD' | 'DIRECT_DEBIT' | 'CASH';
  CARD_NUMBER: string;
  CARD_EXPIRY: string;
  BINDING_ID?: string;
  IBAN: string;
}

interface Options {
  CONTRACT_NO: string;
  PRODUCT_ID: string;
  CS_PAYMENT_DATA: PaymentData & { EFFECTIVE_DATE?: string };
  CHANGE_AVAILABLE: boolean;
  ZZBALANCE_AMOUNT: number;
  DIRECT_DEBIT_AVAILABLE: boolean;
}

type Outcome = { purpose: string; status: string } | null;

const POLLS = 10;
const POLL_MS = 1500;

/** The provider's answer for the order it returned with; polled while it is still pending. */
function useOrderOutcome(orderId: string | null): Outcome {
  const [outcome, setOutcome] = useState<Outcome>(null);
  useEffect(() => {
    if (!orderId) return;
    let live = true;
    let tries = 0;
    const ask = () =>
      getOrderStatus(orderId, { quiet: true }).then(
        (answer) => {
          if (!live) return;
          const a = answer as unknown as { PURPOSE?: string; STATUS: string };
          setOutcome({ purpose: a.PURPOSE ?? 'CARD_REGISTRATION', status: a.STATUS });
          if (a.STATUS === 'PENDING' && ++tries < POLLS) setTimeout(ask, POLL_MS);
        },
        () => live && setOutcome({ purpose: 'CARD_REGISTRATION', status: 'FAILED' }),
      );
    void ask();
    return () => {
      live = false;
    };
  }, [orderId]);
  return outcome;
}

function CurrentMethod({ options }: { options: Options }) {
  const { t } = useTranslation('paymethod');
  const [data, setData] = useState(options.CS_PAYMENT_DATA);
  return (
    <section className="card" aria-labelledby="paymethod-current">
      <h2 id="paymethod-current">{t('current.title')}</h2>
      <p>
        {t(`current.${paymentMethodLabel(data)}`, {
          number: data.CARD_NUMBER,
          expiry: data.CARD_EXPIRY,
          iban: data.IBAN,
        })}
      </p>
      {data.EFFECTIVE_DATE && <p>{t('current.effective', { date: showDate(data.EFFECTIVE_DATE) })}</p>}
      {data.PAYMENT_METHOD === 'CARD' && data.BINDING_ID && options.CHANGE_AVAILABLE ? (
        <CardExpiry options={options} bindingId={data.BINDING_ID} onSaved={setData} />
      ) : null}
    </section>
  );
}

/** A renewed card keeps its number: the customer gives the new expiry (CHGEXPDATE), nothing else. */
function CardExpiry({
  options,
  bindingId,
  onSaved,
}: {
  options: Options;
  bindingId: string;
  onSaved: (data: Options['CS_PAYMENT_DATA']) => void;
}) {
  const { t } = useTranslation(['paymethod', 'ui']);
  const [expiry, setExpiry] = useState('');
  const [error, setError] = useState('');
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const save = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    setError('');
    setBusy(true);
    callZcp('POST', 'jcc/ChgExpDate/CHGEXPDATE', {
      CUSTOMER_NO: currentSession()?.CUSTOMER_NO ?? '',
      CONTRACT_NO: options.CONTRACT_NO,
      PRODUCT_ID: options.PRODUCT_ID,
      BINDING_ID: bindingId,
      NEW_EXPIRY: expiry.trim(),
    })
      .then(
        (answer) => {
          onSaved((answer as { CS_PAYMENT_DATA: Options['CS_PAYMENT_DATA'] }).CS_PAYMENT_DATA);
          setExpiry('');
          setSaved(true);
        },
        (failure: { body?: { MESSAGES?: { MSGTEXT?: string }[] } }) =>
          setError(failure.body?.MESSAGES?.[0]?.MSGTEXT ?? t('errors.expiry')),
      )
      .finally(() => setBusy(false));
  };
  return (
    <form className="paymethod__expiry" onSubmit={save} noValidate>
      <TextField
        label={t('expiry.label')}
        hint={t('expiry.hint')}
        value={expiry}
        onValueChange={setExpiry}
        error={error || undefined}
        inputMode="numeric"
        autoComplete="cc-exp"
        placeholder={t('ui:cardExpiry.placeholder')}
        maxLength={7}
      />
      <button type="submit" className="btn btn--secondary" disabled={busy || expiry.trim() === ''}>
        {t('expiry.save')}
      </button>
      {saved && (
        <p className="notice notice--success" role="status">
          {t('expiry.saved')}
        </p>
      )}
    </form>
  );
}

function Balance({ options }: { options: Options }) {
  const { t, i18n } = useTranslation('paymethod');
  const [redirect, setRedirect] = useState<PaymentRedirect | null>(null);
  const [failed, setFailed] = useState('');
  if (!(options.ZZBALANCE_AMOUNT > 0)) return null;
  if (redirect) return <PaymentRedirectForm redirect={redirect} flowId="paymethod" />;
  const pay = () =>
    callZcp('POST', 'jcc/JCCFunc/REGPAY', {
      CONTRACT_NO: options.CONTRACT_NO,
      PRODUCT_ID: options.PRODUCT_ID,
      LANGUAGE: i18n.language === 'en' ? 'en' : 'el',
    }).then(
      (answer) => setRedirect((answer as { ES_RETURN_DATA: PaymentRedirect }).ES_RETURN_DATA),
      (error: { body?: { MESSAGES?: { MSGTEXT?: string }[] } }) =>
        setFailed(error.body?.MESSAGES?.[0]?.MSGTEXT ?? t('order.BALANCE.FAILED')),
    );
  return (
    <section className="card" aria-labelledby="paymethod-balance">
      <h2 id="paymethod-balance">{t('balance.title')}</h2>
      <p>{t('balance.text', { amount: showEuro(options.ZZBALANCE_AMOUNT, i18n.language) })}</p>
      <button type="button" className="btn btn--primary" onClick={pay}>
        {t('balance.pay')}
      </button>
      {failed && (
        <p className="field__error" role="alert">
          {failed}
        </p>
      )}
    </section>
  );
}

function PaymentMethod({ contractNo, productId }: { contractNo: string; productId: string }) {
  const { t, i18n } = useTranslation('paymethod');
  const [search] = useSearchParams();
  const outcome = useOrderOutcome(search.get('ORDER_ID'));
  const [options, setOptions] = useState<Options | 'failed' | null>(null);
  const settled = outcome?.status ?? '';
  // Read again once the provider's outcome is known: the card or the paid balance shows at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `settled` is the trigger
  useEffect(() => {
    let live = true;
    callZcp('GET', `paymeth/options/${encodeURIComponent(contractNo)}/${encodeURIComponent(productId)}`).then(
      (answer) => live && setOptions(answer as Options),
      () => live && setOptions('failed'),
    );
    return () => {
      live = false;
    };
  }, [contractNo, productId, settled]);

  if (options === null) return <DelayedLoader />;
  if (options === 'failed') return <p role="alert">{t('portal:errors.loadFailed')}</p>;
  return (
    <>
      {outcome && (
        <p
          className={`notice ${outcome.status === 'FAILED' ? 'notice--error' : 'notice--info'}`}
          role={outcome.status === 'FAILED' ? 'alert' : 'status'}
        >
          {t(`order.${outcome.purpose}.${outcome.status === 'SUCCESS_PENDING' ? 'SUCCESS' : outcome.status}`)}
        </p>
      )}
      <CurrentMethod options={options} />
      <Balance options={options} />
      {options.CHANGE_AVAILABLE ? (
        <PortalFlowPage
          flowId="paymethod"
          headingLevel={2}
          values={{
            'CS_PAYMETH.CONTRACT_NO': options.CONTRACT_NO,
            'CS_PAYMETH.PRODUCT_ID': options.PRODUCT_ID,
            'CS_PAYMETH.LANGUAGE': i18n.language === 'en' ? 'en' : 'el',
            'CS_PAYMETH.PAYMENT_METHOD': '',
            'CS_PAYMETH.ACCOUNT_HOLDER_CONFIRMED': false,
          }}
        />
      ) : (
        <p className="notice notice--warning" role="status">
          {t('refusals.PAYMETH_UNAVAILABLE')}
        </p>
      )}
    </>
  );
}

export function PaymentMethodPage() {
  const { t } = useTranslation('paymethod');
  const { contractId = '' } = useParams();
  const contracts = useContracts();
  return (
    <div className="page page--paymethod">
      <h1>{t('title')}</h1>
      <p>
        <Link to={`/my-contract/${encodeURIComponent(contractId)}`}>{t('back')}</Link>
      </p>
      <ReadState state={contracts} retry={contracts.retry}>
        {(list) => {
          const entry = list.find((c) => c.CONTRACT_NO === contractId);
          if (!entry)
            return (
              <p role="alert">
                {t('portal:errors.loadFailed')} <Link to={CONTRACTS_PATH}>{t('portal:contracts.title')}</Link>
              </p>
            );
          return <PaymentMethod contractNo={entry.CONTRACT_NO} productId={String(entry.PRODUCT_ID)} />;
        }}
      </ReadState>
    </div>
  );
}
