// A stored offer reopened from its e-mailed link (/{product}/offer/1?offer=…&product=…&token=…):
// read through GET /zcp/offer/detail, which re-rates it today. A changed premium is put to the
// visitor first (spec §4: continue with the new price?); then the flow goes on where the offer was
// stored, on the payment step, with the offer's answers. A wrong, foreign or expired link gets a
// clear message and a way to start again, never someone else's offer.

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { isZcpError } from '../../api/errors';
import type { OfferDetail } from '../../api/types';
import { getOfferDetail } from '../../api/zcp';
import type { Flow, Quote } from '../../engine/flow/types';
import { offerResumeKey, substepPositions } from '../../engine/machine/createFlowMachine';
import { DelayedLoader } from '../layout/Loader';
import type { FlowActor } from './flowActors';
import { PremiumChanged } from './Pauses';
import { RenewalFacts } from './RenewalFacts';

// `price`: the premium the customer already accepted (the portal's offers asked them), so a
// changed premium equal to it is not asked again.
const LINK_PARAMS = ['offer', 'product', 'token', 'price'];

type Problem = 'notFound' | 'expired' | 'failed';

function quoteOf(detail: OfferDetail): Quote {
  const { DATA_CHANGED: _c, DATES_CHANGED: _d, PREVIOUS_AMOUNT: _p, RENEWAL: _r, ...quote } = detail;
  return quote;
}

export function OfferReopen(props: { flow: Flow; actor: FlowActor; onRestart: () => void }) {
  const { flow, actor } = props;
  const { t, i18n } = useTranslation('flow');
  const lang = i18n.language === 'en' ? 'en' : 'el';
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const offerNo = params.get('offer') ?? '';
  const productId = params.get('product') ?? flow.product?.productId ?? '';
  const token = params.get('token') ?? undefined;
  const acceptedPrice = params.get('price');
  const [detail, setDetail] = useState<OfferDetail | null>(null);
  // A renewal shows its period, premium and facts to confirm first (and no "premium changed").
  const [renewal, setRenewal] = useState<OfferDetail | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [attempt, setAttempt] = useState(0);

  // The link's own parameters go once the offer is in the flow; the variant's (?ref=) stay.
  const withoutLink = () => {
    const rest = new URLSearchParams(search);
    for (const name of LINK_PARAMS) rest.delete(name);
    const query = rest.toString();
    return `${pathname}${query ? `?${query}` : ''}`;
  };
  const resume = (found: OfferDetail, at: string | undefined) => {
    if (at) actor.send({ type: 'RESUME', quote: quoteOf(found), at });
    navigate(withoutLink(), { replace: true });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per link (and per retry)
  useEffect(() => {
    let live = true;
    setProblem(null);
    getOfferDetail(offerNo, productId, token, { quiet: true })
      .then((found) => {
        if (!live) return;
        const current = String(Number(found.CS_POLICY.PREMIUM_AFTER_DISC_AMOUNT ?? 0));
        if (found.RENEWAL) setRenewal(found);
        else if (found.DATA_CHANGED === 'X' && acceptedPrice !== current) setDetail(found);
        else resume(found, offerResumeKey(flow));
      })
      .catch((error) => {
        if (!live) return;
        if (isZcpError(error) && error.hasCode('OFFER_EXPIRED')) setProblem('expired');
        else if (isZcpError(error) && (error.status === 404 || error.status === 400)) setProblem('notFound');
        else setProblem('failed');
      });
    return () => {
      live = false;
    };
  }, [offerNo, productId, token, attempt]);

  if (problem) {
    return (
      <section className="notice notice--error" role="alert" aria-labelledby="offer-link-title">
        <h2 id="offer-link-title">{t(`offerLink.${problem}.title`)}</h2>
        <p>{t(`offerLink.${problem}.text`, { offerNo })}</p>
        <div className="actions">
          {problem === 'failed' && (
            <button type="button" className="btn btn--primary" onClick={() => setAttempt((n) => n + 1)}>
              {t('retry')}
            </button>
          )}
          <button
            type="button"
            className={`btn ${problem === 'failed' ? 'btn--secondary' : 'btn--primary'}`}
            onClick={props.onRestart}
          >
            {t('offerLink.startAgain')}
          </button>
        </div>
      </section>
    );
  }
  if (renewal?.RENEWAL) {
    return (
      <RenewalFacts
        flow={flow}
        quote={quoteOf(renewal)}
        contractNo={renewal.RENEWAL.CONTRACT_NO}
        reconfirm={renewal.RENEWAL.RECONFIRM}
        onConfirm={() => resume(renewal, offerResumeKey(flow))}
        onChange={() => resume(renewal, substepPositions(flow)[0]?.key)}
      />
    );
  }
  if (detail) {
    return (
      <PremiumChanged
        previous={detail.PREVIOUS_AMOUNT}
        current={Number(detail.CS_POLICY.PREMIUM_AFTER_DISC_AMOUNT ?? 0)}
        lang={lang}
        onConfirm={() => resume(detail, offerResumeKey(flow))}
        // Not at the new price: back to the start with the offer's answers, to change them.
        onReject={() => resume(detail, substepPositions(flow)[0]?.key)}
      />
    );
  }
  return <DelayedLoader />;
}
