// The send-offer substep (motor, property): what the e-mail will hold (the chosen package, its
// covers and the premium) and how long the offer stands. Continue runs the substep's effects: the
// e-mail confirmation, then the quotation with CS_USER_EXTRAS.SEND_VIA_MAIL "X", which makes the
// service store the offer and mail it.

import { useTranslation } from 'react-i18next';
import { qualify } from '../../engine/flow/expand';
import type { Flow, Quote } from '../../engine/flow/types';
import { CONFIRMED_EMAIL_PATH } from '../../engine/machine/effects';
import { formatEuro } from '../../engine/money';
import { getPath } from '../../engine/paths';
import { premiumOf } from '../../engine/quote';
import type { RatedCover } from '../../engine/rating/types';

export interface SendOfferSubstepProps {
  flow: Flow;
  quote: Quote;
  lang: 'el' | 'en';
}

const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** The confirmed e-mail address, or '' while it still has to be confirmed. */
export function confirmedEmail(quote: Quote): string {
  return getPath(quote, CONFIRMED_EMAIL_PATH) === 'X' ? text(getPath(quote, 'CS_CONFIRMATION.EMAIL')) : '';
}

export function SendOfferSubstep({ flow, quote, lang }: SendOfferSubstepProps) {
  const { t } = useTranslation('flow');
  // The covers of the chosen package: the included ones and the optional ones added.
  const spec = flow.steps.flatMap((s) => s.substeps).find((s) => s.packages)?.packages;
  const packageId = text(getPath(quote, 'CS_POLICY.PACKAGE_ID'));
  const list = spec?.coversPath ? getPath(quote, spec.coversPath) : undefined;
  const covers = (Array.isArray(list) ? (list as RatedCover[]) : []).filter(
    (c) => c.PACKAGE_ID === packageId && c.ZZSELECTED_IND === 'X',
  );
  const packageDesc = text(getPath(quote, 'CS_POLICY.PACKAGE_DESC'));
  const email = confirmedEmail(quote);
  const premium = premiumOf(quote, flow.product?.premiumPath);

  return (
    <div className="send-offer">
      <p>{t('sendOffer.text', { days: flow.product?.offerValidityDays ?? 30 })}</p>
      <dl className="send-offer__summary">
        {packageDesc && (
          <>
            <dt>{t('sendOffer.package')}</dt>
            <dd>{t(qualify(flow, packageDesc))}</dd>
          </>
        )}
        {premium > 0 && (
          <>
            <dt>{flow.product && t(qualify(flow, flow.product.premiumWording.label))}</dt>
            <dd>{formatEuro(premium, lang)}</dd>
          </>
        )}
        {email && (
          <>
            <dt>{t('sendOffer.email')}</dt>
            <dd>{email}</dd>
          </>
        )}
      </dl>
      {covers.length > 0 && (
        <section aria-labelledby="send-offer-covers">
          <h2 id="send-offer-covers" className="send-offer__heading">
            {t('sendOffer.covers')}
          </h2>
          <ul className="send-offer__covers">
            {covers.map((c) => (
              <li key={c.COVER_ID}>{t(qualify(flow, c.COVER_DESC))}</li>
            ))}
          </ul>
        </section>
      )}
      <p className="send-offer__next">
        {email ? t('sendOffer.willSend', { email }) : t('sendOffer.confirmFirst')}
      </p>
    </div>
  );
}
