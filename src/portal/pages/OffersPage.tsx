// /my-offers (spec §2, §4): the customer's open offers per category (every product except cyber:
// the service leaves cyber out), each with its save date, expiry and premium. Opening one reads it
// re-rated today (GET /zcp/offer/detail, the customer's own offers only); when its premium changed
// the customer is asked whether to continue with the new price (§8). Continuing opens the
// product's purchase flow through the offer's link, where OfferReopen loads the offer into the
// machine (RESUME) on its payment step; an answered price is passed along so it is not asked twice.

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { getOwnOfferDetail } from '../../api/contracts';
import { isZcpError } from '../../api/errors';
import type { OfferDetail } from '../../api/types';
import { Dialog } from '../../ui/components/Dialog';
import { DelayedLoader } from '../../ui/layout/Loader';
import { OfferCard } from '../components/Cards';
import { ReadState } from '../components/ReadState';
import { ProductName } from '../contracts/parts';
import { type Offer, offerFlowLink } from '../contracts/paths';
import { productKey, showDate, showEuro } from '../format';
import { useOffers } from '../state/portalData';
import '../contracts/contracts.css';

type Read =
  | { status: 'loading' }
  | { status: 'ready'; detail: OfferDetail }
  | { status: 'notFound' | 'expired' | 'failed' };

function OfferDialog({ offer, onClose }: { offer: Offer; onClose: () => void }) {
  const { t, i18n } = useTranslation('contracts');
  const flowNs = productKey(offer.PRODUCT_CODE);
  const { t: tf, ready: flowReady } = useTranslation(flowNs, { useSuspense: false });
  const navigate = useNavigate();
  const [read, setRead] = useState<Read>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per offer and retry
  useEffect(() => {
    let live = true;
    setRead({ status: 'loading' });
    getOwnOfferDetail(offer.OFFER_NO, offer.PRODUCT_ID).then(
      (detail) => live && setRead({ status: 'ready', detail }),
      (error) => {
        if (!live) return;
        if (isZcpError(error) && error.hasCode('OFFER_EXPIRED')) setRead({ status: 'expired' });
        else if (isZcpError(error) && error.status === 404) setRead({ status: 'notFound' });
        else setRead({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [offer.OFFER_NO, offer.PRODUCT_ID, attempt]);

  const euro = (n: unknown) => showEuro(Number(n), i18n.language);
  const title = t('offers.detailTitle', { offerNo: offer.OFFER_NO });

  if (read.status === 'loading') {
    return (
      <Dialog title={title} onClose={onClose} closeLabel={t('offers.close')}>
        <p role="status">{t('offers.loading')}</p>
        <DelayedLoader />
      </Dialog>
    );
  }
  if (read.status !== 'ready') {
    return (
      <Dialog title={title} onClose={onClose} closeLabel={t('offers.close')}>
        <p role="alert">{t(`offers.${read.status}`)}</p>
        <div className="form__actions">
          {read.status === 'failed' ? (
            <button type="button" className="btn btn--primary" onClick={() => setAttempt((n) => n + 1)}>
              {t('offers.retry')}
            </button>
          ) : null}
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            {t('offers.close')}
          </button>
        </div>
      </Dialog>
    );
  }

  const policy = read.detail.CS_POLICY;
  const current = Number(policy.PREMIUM_AFTER_DISC_AMOUNT ?? 0);
  const changed = read.detail.DATA_CHANGED === 'X';
  const packageDesc = typeof policy.PACKAGE_DESC === 'string' ? policy.PACKAGE_DESC : '';
  const plan =
    flowReady && packageDesc ? tf(packageDesc, { defaultValue: String(policy.PACKAGE_ID ?? '') }) : '';
  const go = () => navigate(offerFlowLink(offer, changed ? current : undefined));

  return (
    <Dialog
      title={changed ? t('offers.changedTitle') : title}
      onClose={onClose}
      closeLabel={t('offers.close')}
      role={changed ? 'alertdialog' : 'dialog'}
    >
      <dl className="portal-card__facts offer-detail__facts">
        <dt>{t('columns.product')}</dt>
        <dd>
          <ProductName code={offer.PRODUCT_CODE} /> · {offer.OFFER_NO}
        </dd>
        {offer.OBJECT_DESC ? (
          <>
            <dt>{t('columns.object')}</dt>
            <dd>{offer.OBJECT_DESC}</dd>
          </>
        ) : null}
        {plan ? (
          <>
            <dt>{t('offers.plan')}</dt>
            <dd>{plan}</dd>
          </>
        ) : null}
        <dt>{t('offers.start')}</dt>
        <dd>{showDate(String(policy.START_DATE ?? ''))}</dd>
        <dt>{t('offers.expires')}</dt>
        <dd>{showDate(offer.EXPIRY_DATE)}</dd>
        {changed ? (
          <>
            <dt>{t('offers.premiumBefore')}</dt>
            <dd>{euro(read.detail.PREVIOUS_AMOUNT)}</dd>
          </>
        ) : null}
        <dt>{t('offers.premiumNow')}</dt>
        <dd>
          <strong>{euro(current)}</strong>
        </dd>
      </dl>
      {changed ? (
        <p className="notice notice--warning">
          {t('offers.changedQuestion', {
            previous: euro(read.detail.PREVIOUS_AMOUNT),
            current: euro(current),
          })}
        </p>
      ) : null}
      <div className="form__actions">
        <button type="button" className="btn btn--primary" onClick={go} data-autofocus>
          {changed ? t('offers.continueNew') : t('offers.continue')}
        </button>
        <button type="button" className="btn btn--secondary" onClick={onClose}>
          {changed ? t('offers.notNow') : t('offers.close')}
        </button>
      </div>
    </Dialog>
  );
}

function OfferCategories({ list }: { list: Offer[] }) {
  // An offer named in the address (a dashboard card's link) opens at once.
  const [search, setSearch] = useSearchParams();
  const named = search.get('offer');
  const [open, setOpenState] = useState<Offer | null>(() => list.find((o) => o.OFFER_NO === named) ?? null);
  const setOpen = (offer: Offer | null) => {
    setOpenState(offer);
    if (!offer && named) setSearch({}, { replace: true });
  };
  const categories = [...new Set(list.map((o) => o.PRODUCT_CODE))];
  return (
    <>
      {categories.map((code) => (
        <section key={code} className="offers__category" aria-labelledby={`offers-${code}`}>
          <h2 id={`offers-${code}`}>
            <ProductName code={code} />
          </h2>
          <ul className="portal-cards portal-cards--grid">
            {list
              .filter((o) => o.PRODUCT_CODE === code)
              .map((o) => (
                <li key={o.OFFER_NO}>
                  <OfferCard offer={o} onOpen={() => setOpen(o)} />
                </li>
              ))}
          </ul>
        </section>
      ))}
      {open ? <OfferDialog offer={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

export function OffersPage() {
  const { t } = useTranslation('contracts');
  const offers = useOffers();
  return (
    <div className="page offers">
      <h1>{t('offers.title')}</h1>
      <p>{t('offers.intro')}</p>
      <ReadState state={offers} retry={offers.retry}>
        {(list) => (list.length === 0 ? <p>{t('offers.none')}</p> : <OfferCategories list={list} />)}
      </ReadState>
    </div>
  );
}
