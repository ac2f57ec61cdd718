// /my-requests: the customer's requests to the service team (spec §2 "requests (new-request
// form)"), newest first, as cards paged like the spec's data tables (3 a page by default; 5, 10,
// 25, 50 or 100 to choose), with the way to a new request.

import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useZcpRead } from '../../shell/hooks/useZcpRead';
import { SelectField } from '../../ui/components/fields';
import { ReadState } from '../components/ReadState';
import { showDate } from '../format';
import { CaseTimeline } from '../progress/CaseTimeline';
import { NEW_REQUEST_PATH } from '../routePaths';
import { getRequests, type RequestEntry, type WorkOrderEntry } from './api';
import './requests.css';

/** Spec §2: tables show 3 rows by default, with 5, 10, 25, 50 and 100 to choose from. */
export const PAGE_SIZES = [3, 5, 10, 25, 50, 100];

function RequestCard({ request }: { request: RequestEntry }) {
  const { t } = useTranslation('requests');
  return (
    <article className="portal-card" data-request={request.WORKORDER_ID}>
      <h3 className="portal-card__title">
        {request.SUBJECT}
        <span className="portal-card__number">{request.WORKORDER_ID}</span>
      </h3>
      <dl className="portal-card__facts">
        <dt>{t('list.status')}</dt>
        <dd>
          <span className={`status status--${request.STATUS.toLowerCase()}`}>{request.STATUS_DESC}</span>
        </dd>
        <dt>{t('list.contract')}</dt>
        <dd>{request.CONTRACT_NO || '–'}</dd>
        <dt>{t('list.type')}</dt>
        <dd>{request.TYPE_DESC}</dd>
        <dt>{t('list.category')}</dt>
        <dd>{request.CATEGORY_DESC}</dd>
        <dt>{t('list.filedOn')}</dt>
        <dd>{showDate(request.CREATED_ON)}</dd>
      </dl>
      <details className="request-message">
        <summary>{t('list.message')}</summary>
        <p>{request.MESSAGE}</p>
      </details>
      {(request.ET_HISTORY ?? []).length > 1 ? (
        <details className="request-message" open>
          <summary>{t('history.title')}</summary>
          <CaseTimeline history={request.ET_HISTORY ?? []} noteLabel={t('history.noteBy')} />
        </details>
      ) : null}
    </article>
  );
}

function WorkOrderCard({ order }: { order: WorkOrderEntry }) {
  const { t } = useTranslation('requests');
  return (
    <article
      className="portal-card"
      data-work-order={order.WORKORDER_ID}
      id={`work-order-${order.WORKORDER_ID}`}
    >
      <h3 className="portal-card__title">
        {order.TYPE_DESC || t('workOrders.otherChange')}
        <span className="portal-card__number">{order.WORKORDER_ID}</span>
      </h3>
      <dl className="portal-card__facts">
        <dt>{t('list.status')}</dt>
        <dd>
          <span className={`status status--${order.STATUS.toLowerCase()}`}>{order.STATUS_DESC}</span>
        </dd>
        <dt>{t('list.contract')}</dt>
        <dd>{order.CONTRACT_NO}</dd>
        <dt>{t('list.filedOn')}</dt>
        <dd>{showDate(order.CREATED_ON)}</dd>
      </dl>
      {order.ET_HISTORY.length > 0 ? (
        <details className="request-message" open={order.ET_HISTORY.length > 1}>
          <summary>{t('history.title')}</summary>
          <CaseTimeline history={order.ET_HISTORY} noteLabel={t('history.noteBy')} />
        </details>
      ) : null}
    </article>
  );
}

function RequestList({ list }: { list: RequestEntry[] }) {
  const { t } = useTranslation(['requests', 'portal']);
  const [size, setSize] = useState(PAGE_SIZES[0]);
  const [page, setPage] = useState(0);
  const navId = useId();
  const pages = Math.max(1, Math.ceil(list.length / size));
  const current = Math.min(page, pages - 1);
  const shown = list.slice(current * size, (current + 1) * size);
  return (
    <>
      <ul className="portal-cards portal-cards--grid">
        {shown.map((r) => (
          <li key={r.WORKORDER_ID}>
            <RequestCard request={r} />
          </li>
        ))}
      </ul>
      {list.length > PAGE_SIZES[0] ? (
        <nav className="pager" aria-labelledby={navId}>
          <span id={navId} className="visually-hidden">
            {t('portal:claims.pages')}
          </span>
          <SelectField
            label={t('requests:list.perPage')}
            value={String(size)}
            onValueChange={(v) => {
              setSize(Number(v) || PAGE_SIZES[0]);
              setPage(0);
            }}
            options={PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
            required
          />
          <button
            type="button"
            className="btn btn--secondary"
            disabled={current === 0}
            onClick={() => setPage(current - 1)}
          >
            {t('portal:claims.previous')}
          </button>
          <span role="status">{t('portal:claims.pageOf', { page: current + 1, pages })}</span>
          <button
            type="button"
            className="btn btn--secondary"
            disabled={current >= pages - 1}
            onClick={() => setPage(current + 1)}
          >
            {t('portal:claims.next')}
          </button>
        </nav>
      ) : null}
    </>
  );
}

export function RequestsPage() {
  const { t, i18n } = useTranslation('requests');
  const requests = useZcpRead(() => getRequests(), [i18n.language]);
  return (
    <div className="page">
      <h1>{t('list.title')}</h1>
      <p>{t('list.intro')}</p>
      <p>
        <Link to={NEW_REQUEST_PATH} className="btn btn--primary">
          {t('list.new')}
        </Link>
      </p>
      <ReadState state={requests} retry={requests.retry}>
        {(data) => (
          <>
            {data.CT_REQUESTS.length === 0 ? (
              <p>{t('list.none')}</p>
            ) : (
              <RequestList list={data.CT_REQUESTS} />
            )}
            {(data.CT_WORK_ORDERS ?? []).length > 0 ? (
              <section className="work-orders" aria-labelledby="work-orders-title">
                <h2 id="work-orders-title">{t('workOrders.title')}</h2>
                <p>{t('workOrders.intro')}</p>
                <ul className="portal-cards portal-cards--grid">
                  {(data.CT_WORK_ORDERS ?? []).map((w) => (
                    <li key={w.WORKORDER_ID}>
                      <WorkOrderCard order={w} />
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        )}
      </ReadState>
    </div>
  );
}
