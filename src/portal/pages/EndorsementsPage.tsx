// /my-contract/{contractId}/endorsements (spec §2, protected): the changes the contract's product
// offers, each opening its flow (flows/endorsement-home, flows/endorsement-motor) on this page with
// ?change=<kind>. A change that cannot be made online says why (the service's text) and, when the
// insurer can still make it, offers a call-back that records a work order.

import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { callZcp } from '../../api/zcp';
import { formatEuro } from '../../engine/money';
import { DelayedLoader } from '../../ui/layout/Loader';
import { REQUESTS_PATH } from '../routePaths';
import { PortalFlowPage } from './PortalFlowPage';

interface EndorsementEntry {
  ENDORSEMENT_TYPE: string;
  FLOW_ID: string;
  AVAILABLE: boolean;
  CODE?: string;
  MSGTEXT?: string;
  CALL_BACK?: boolean;
}

interface EndorsementsAnswer {
  CS_CONTRACT: { CONTRACT_NO: string; PRODUCT_ID: string; ZZPREMIUM_AFTER_DISC_AMOUNT: number };
  CS_OBJECT: { OBJECT_DESC?: string };
  CT_ENDORSEMENTS: EndorsementEntry[];
}

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: EndorsementsAnswer };

function useEndorsements(contractNo: string) {
  const [state, setState] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const { i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again on retry and in the new language
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    callZcp('GET', `contract/endorsements/${encodeURIComponent(contractNo)}`, undefined, { quiet: true })
      .then((data) => live && setState({ status: 'ready', data: data as EndorsementsAnswer }))
      .catch(() => live && setState({ status: 'failed' }));
    return () => {
      live = false;
    };
  }, [contractNo, attempt, i18n.language]);
  return { state, retry: useCallback(() => setAttempt((n) => n + 1), []) };
}

function CallBack({ contract, type }: { contract: EndorsementsAnswer['CS_CONTRACT']; type: string }) {
  const { t } = useTranslation('endorsements');
  const [state, setState] = useState<'idle' | 'sending' | 'failed' | { id: string }>('idle');
  if (typeof state === 'object')
    return (
      <p className="notice notice--success" role="status">
        {t('list.callBackDone', { id: state.id })}
      </p>
    );
  const send = () => {
    setState('sending');
    callZcp('POST', 'workorder/CrtWorkOrder', {
      CONTRACT_NO: contract.CONTRACT_NO,
      PRODUCT_ID: contract.PRODUCT_ID,
      ENDORSEMENT_TYPE: type,
      CALL_BACK: 'X',
    })
      .then((answer) => setState({ id: String((answer as { WORKORDER_ID?: string }).WORKORDER_ID ?? '') }))
      .catch(() => setState('failed'));
  };
  return (
    <>
      {state === 'failed' && (
        <p className="field-error" role="alert">
          {t('list.callBackFailed')}
        </p>
      )}
      <button type="button" className="btn btn--secondary" onClick={send} disabled={state === 'sending'}>
        {state === 'sending' ? t('list.callBackSending') : t('list.callBack')}
      </button>
    </>
  );
}

function EndorsementList({ data }: { data: EndorsementsAnswer }) {
  const { t, i18n } = useTranslation(['endorsements', 'portal']);
  const lang = i18n.language === 'en' ? 'en' : 'el';
  const contract = data.CS_CONTRACT;
  return (
    <>
      <h1 tabIndex={-1}>{t('list.title', { contractNo: contract.CONTRACT_NO })}</h1>
      {data.CS_OBJECT.OBJECT_DESC ? <p>{t('list.object', { object: data.CS_OBJECT.OBJECT_DESC })}</p> : null}
      <p>{t('list.premium', { amount: formatEuro(contract.ZZPREMIUM_AFTER_DISC_AMOUNT, lang) })}</p>
      <p>{t('list.intro')}</p>
      {data.CT_ENDORSEMENTS.length === 0 ? (
        <p className="notice notice--info">{t('list.none')}</p>
      ) : (
        <ul className="portal-cards portal-cards--grid endorsement-list">
          {data.CT_ENDORSEMENTS.map((e) => (
            <li key={e.ENDORSEMENT_TYPE}>
              <section className="portal-card" aria-labelledby={`endorsement-${e.ENDORSEMENT_TYPE}`}>
                <h2 className="portal-card__title" id={`endorsement-${e.ENDORSEMENT_TYPE}`}>
                  {t(`types.${e.ENDORSEMENT_TYPE}.title`)}
                </h2>
                <p>{t(`types.${e.ENDORSEMENT_TYPE}.text`)}</p>
                {e.AVAILABLE ? (
                  <Link
                    className="btn btn--primary"
                    to={`?change=${e.ENDORSEMENT_TYPE}`}
                    aria-describedby={`endorsement-${e.ENDORSEMENT_TYPE}`}
                  >
                    {t('list.open')}
                  </Link>
                ) : (
                  <>
                    <p className="notice notice--warning">
                      <strong>{t('list.unavailable')}.</strong> {e.MSGTEXT}
                    </p>
                    {e.CODE === 'OPEN_ENDORSEMENT' && (
                      <p>
                        <Link to={REQUESTS_PATH}>{t('list.seeOpenChange')}</Link>
                      </p>
                    )}
                    {e.CALL_BACK && <CallBack contract={contract} type={e.ENDORSEMENT_TYPE} />}
                  </>
                )}
              </section>
            </li>
          ))}
        </ul>
      )}
      <p className="notice notice--info">{t('list.effective')}</p>
      <p>
        <Link to={`/my-contract/${encodeURIComponent(contract.CONTRACT_NO)}`}>{t('list.back')}</Link>
      </p>
    </>
  );
}

export function EndorsementsPage() {
  const { contractId = '' } = useParams();
  const [search] = useSearchParams();
  const change = search.get('change') ?? '';
  const { t } = useTranslation('endorsements');
  const { state, retry } = useEndorsements(contractId);

  if (state.status === 'loading') return <DelayedLoader />;
  if (state.status === 'failed')
    return (
      <div className="portal-page failed-load" role="alert">
        <p>{t('list.loadFailed')}</p>
        <button type="button" className="btn btn--secondary" onClick={retry}>
          {t('list.retry')}
        </button>
      </div>
    );
  const chosen = state.data.CT_ENDORSEMENTS.find((e) => e.ENDORSEMENT_TYPE === change && e.AVAILABLE);
  if (chosen) {
    const contract = state.data.CS_CONTRACT;
    return (
      <div className="portal-page endorsement-flow">
        <PortalFlowPage
          key={`${contract.CONTRACT_NO}-${chosen.ENDORSEMENT_TYPE}`}
          flowId={chosen.FLOW_ID}
          values={{
            'CS_CONTRACT.CONTRACT_NO': contract.CONTRACT_NO,
            'CS_CONTRACT.PRODUCT_ID': contract.PRODUCT_ID,
            'CS_ENDORSEMENT.ENDORSEMENT_TYPE': chosen.ENDORSEMENT_TYPE,
          }}
        />
        <p>
          <Link to="?" onClick={retry}>
            {t('list.backToList')}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="portal-page">
      <EndorsementList data={state.data} />
    </div>
  );
}
