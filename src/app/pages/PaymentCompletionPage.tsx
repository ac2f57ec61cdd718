// /payment-completion/{orderId}: the card provider returns here. The order status is polled
// (GET /zcp/paymeth/ORDSTAT) until it is no longer PENDING, a bounded number of times; an order
// the service does not know stops the polling at once. A paid policy clears the flows' saved
// answers, so the next quote starts afresh; a failed payment keeps them for the retry.

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isZcpError } from '../../api/errors';
import type { OrderStatusAnswer } from '../../api/types';
import { getOrderStatus } from '../../api/zcp';
import { formatEuro } from '../../engine/money';
import { currentLanguage } from '../../i18n';
import { isProduct, paymentRetryPath, productFromId, withQuery } from '../../shell/routeTable';
import { clearStoredFlows, payingFlow } from '../../ui/flow/flowStorage';
import { FailedLoad } from '../components/FailedLoad';
import { CallCentre } from '../layout/CallCentre';
import { currentTheme, themeQuery } from '../state/theme';

export const POLL_INTERVAL_MS = 2_000;

/** A sentence compared without case and closing punctuation. */
const sentence = (text: string) =>
  text
    .trim()
    .replace(/[.!;·]+$/u, '')
    .toLocaleLowerCase();
export const MAX_TRIES = 15;

type View =
  | { kind: 'checking' }
  | { kind: 'done'; answer: OrderStatusAnswer }
  | { kind: 'stillPending'; answer: OrderStatusAnswer }
  | { kind: 'unreadable' }
  // The service will not show this order to this browser (it lacks the offer's cookie: another
  // browser, or another host name of the site): asking again here cannot help.
  | { kind: 'elsewhere' };

export interface PaymentCompletionPageProps {
  pollIntervalMs?: number;
  maxTries?: number;
}

export function PaymentCompletionPage({
  pollIntervalMs = POLL_INTERVAL_MS,
  maxTries = MAX_TRIES,
}: PaymentCompletionPageProps) {
  const { t } = useTranslation(['pages', 'common']);
  const { id = '' } = useParams();
  const [view, setView] = useState<View>({ kind: 'checking' });
  const [round, setRound] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` restarts the polling on "check again".
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last: OrderStatusAnswer | null = null;
    setView({ kind: 'checking' });
    const poll = async (tries: number) => {
      let answer: OrderStatusAnswer | false = false;
      let final = false;
      try {
        answer = await getOrderStatus(id);
      } catch (e) {
        // An order the service does not know (or refuses) will not appear by asking again;
        // network trouble, timeouts and 5xx may pass, so those keep polling.
        final = isZcpError(e) && e.status >= 400 && e.status < 500 && e.status !== 408 && e.status !== 429;
      }
      if (!live) return;
      if (final) {
        setView(last ? { kind: 'stillPending', answer: last } : { kind: 'elsewhere' });
        return;
      }
      if (answer !== false) last = answer;
      if (answer !== false && answer.STATUS !== 'PENDING') {
        if (answer.STATUS === 'SUCCESS' || answer.STATUS === 'SUCCESS_PENDING') clearStoredFlows();
        setView({ kind: 'done', answer });
        return;
      }
      if (tries + 1 >= maxTries) {
        setView(last ? { kind: 'stillPending', answer: last } : { kind: 'unreadable' });
        return;
      }
      timer = setTimeout(() => void poll(tries + 1), pollIntervalMs);
    };
    void poll(0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [id, round, maxTries, pollIntervalMs]);

  const checkAgain = () => setRound((n) => n + 1);

  if (view.kind === 'checking') {
    return (
      <div className="page page--narrow">
        <h1>{t('completion.checkingTitle')}</h1>
        <p role="status">{t('completion.checkingText')}</p>
        <span className="loader__spinner" aria-hidden="true" />
      </div>
    );
  }

  if (view.kind === 'elsewhere') {
    return (
      <div className="page page--narrow">
        <h1>{t('completion.elsewhereTitle')}</h1>
        <p role="status">{t('completion.elsewhereText')}</p>
        <p>{t('completion.elsewhereWhat')}</p>
        <p className="notice notice--warning">{t('completion.elsewhereDoNotPay')}</p>
        <p>
          <Link to="/">{t('common:nav.backHome')}</Link>
        </p>
        <CallCentre />
      </div>
    );
  }

  if (view.kind === 'unreadable') {
    return (
      <div className="page page--narrow">
        <h1>{t('completion.unreadableTitle')}</h1>
        <FailedLoad message={t('completion.unreadableText')} onRetry={checkAgain} />
        <CallCentre />
      </div>
    );
  }

  const { answer } = view;
  const product = productFromId(answer.PRODUCT_ID, payingFlow());
  const amount = Number.isFinite(answer.AMOUNT) ? formatEuro(answer.AMOUNT, currentLanguage()) : '';

  if (view.kind === 'stillPending') {
    return (
      <div className="page page--narrow">
        <h1>{t('completion.pendingTitle')}</h1>
        <p role="status">{t('completion.pendingText')}</p>
        <button type="button" className="btn btn--primary" onClick={checkAgain}>
          {t('completion.checkAgain')}
        </button>
        <CallCentre />
      </div>
    );
  }

  if (answer.STATUS === 'SUCCESS' || answer.STATUS === 'SUCCESS_PENDING') {
    const pending = answer.STATUS === 'SUCCESS_PENDING';
    return (
      <div className="page page--narrow">
        <h1>{pending ? t('completion.successPendingTitle') : t('completion.successTitle')}</h1>
        <p role="status">{pending ? t('completion.successPendingText') : t('completion.successText')}</p>
        <dl className="summary">
          {answer.CONTRACT_NO ? (
            <>
              <dt>{t('completion.contractNo')}</dt>
              <dd>{answer.CONTRACT_NO}</dd>
            </>
          ) : null}
          <dt>{t('completion.offerNo')}</dt>
          <dd>{answer.OFFER_NO}</dd>
          {amount ? (
            <>
              <dt>{t('completion.amount')}</dt>
              <dd>{amount}</dd>
            </>
          ) : null}
        </dl>
        <p>{t('completion.emailNote')}</p>
        <p>
          <Link className="btn btn--primary" to="/">
            {t('common:nav.backHome')}
          </Link>
        </p>
      </div>
    );
  }

  const contactQuery = new URLSearchParams({ offer: answer.OFFER_NO });
  if (product && isProduct(product)) contactQuery.set('product', product);
  const title = t('completion.failedTitle');
  // The service's message often repeats the title word for word; then the general text says more.
  const detail =
    answer.MESSAGE && sentence(answer.MESSAGE) !== sentence(title)
      ? answer.MESSAGE
      : t('completion.failedText');
  return (
    <div className="page page--narrow">
      <h1>{title}</h1>
      <p role="alert">{detail}</p>
      <p>{t('completion.notCharged')}</p>
      <div className="actions">
        <Link
          className="btn btn--primary"
          to={product ? paymentRetryPath(product, themeQuery(currentTheme())) : '/'}
        >
          {t('completion.retry')}
        </Link>
        <Link className="btn btn--secondary" to={withQuery('/contact', contactQuery.toString())}>
          {t('completion.contactMe')}
        </Link>
      </div>
      <CallCentre />
    </div>
  );
}
