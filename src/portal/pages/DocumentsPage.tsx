// /my-documents (issue 28 item 5): every document the customer has received, newest first: the
// policy schedule of each contract version, endorsement confirmations, the withdrawal
// confirmation, claim acknowledgements and decisions, certificates. A filter by contract; each
// downloads as a PDF the service draws from the records (only the owner's: it checks each id).

import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CustomerDocument, getDocumentPdf, getDocuments } from '../../api/documents';
import { isZcpError } from '../../api/errors';
import { FormMessage, SelectField } from '../../ui/components/fields';
import { DelayedLoader } from '../../ui/layout/Loader';
import { showDate } from '../format';

type Load = { status: 'loading' } | { status: 'ready'; docs: CustomerDocument[] } | { status: 'failed' };

export function DocumentsPage() {
  const { t, i18n } = useTranslation(['portal', 'contracts', 'claims', 'endorsements', 'common']);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [contract, setContract] = useState('');
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState('');
  const headingId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: read again on retry
  useEffect(() => {
    let live = true;
    setLoad({ status: 'loading' });
    getDocuments().then(
      (docs) => live && setLoad({ status: 'ready', docs }),
      () => live && setLoad({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  const product = (flowId: string) => t(`common:products.${flowId}.name`, { defaultValue: flowId });
  const docs = load.status === 'ready' ? load.docs : [];
  const contracts = useMemo(() => {
    const seen = new Map<string, string>();
    for (const d of docs) if (!seen.has(d.CONTRACT_NO)) seen.set(d.CONTRACT_NO, d.FLOW_ID);
    return [...seen.entries()].sort(([a], [b]) => a.localeCompare(b));
  }, [docs]);
  const shown = contract ? docs.filter((d) => d.CONTRACT_NO === contract) : docs;

  const title = (d: CustomerDocument) =>
    t(`portal:documents.kinds.${d.KIND}`, {
      version: d.VERSION,
      claimNo: d.CLAIM_NO,
      change: t(`endorsements:types.${d.ENDORSEMENT_TYPE}.title`, { defaultValue: d.ENDORSEMENT_TYPE ?? '' }),
      status: t(`claims:statuses.${d.STATUS}`, { defaultValue: d.STATUS ?? '' }),
    });

  const download = async (d: CustomerDocument) => {
    if (busy) return;
    setBusy(d.DOC_ID);
    setNotice(null);
    try {
      const blob = await getDocumentPdf(d.DOC_ID);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `${d.DOC_ID.replace(/[^A-Za-z0-9-]+/g, '-').toLowerCase()}-${i18n.language === 'en' ? 'en' : 'el'}.pdf`;
      link.click();
      URL.revokeObjectURL(url);
      setNotice({ kind: 'success', text: t('portal:documents.downloaded') });
    } catch (error) {
      setNotice({
        kind: 'error',
        text:
          isZcpError(error) && error.firstMessage ? error.firstMessage : t('portal:documents.downloadFailed'),
      });
    } finally {
      setBusy('');
    }
  };

  return (
    <div className="page portal-page documents-page">
      <h1 id={headingId}>{t('portal:documents.title')}</h1>
      <p>{t('portal:documents.intro')}</p>
      {load.status === 'loading' ? <DelayedLoader /> : null}
      {load.status === 'failed' ? (
        <div role="alert" className="notice notice--error">
          <p>{t('portal:documents.failed')}</p>
          <button type="button" className="btn btn--secondary" onClick={() => setAttempt((n) => n + 1)}>
            {t('portal:documents.retry')}
          </button>
        </div>
      ) : null}
      {load.status === 'ready' ? (
        <>
          {contracts.length > 1 ? (
            <SelectField
              label={t('portal:documents.filter')}
              value={contract}
              onValueChange={setContract}
              options={[
                { value: '', label: t('portal:documents.all') },
                ...contracts.map(([no, flow]) => ({
                  value: no,
                  label: t('portal:documents.contractOption', { contractNo: no, product: product(flow) }),
                })),
              ]}
              required
            />
          ) : null}
          <p className="documents-page__count" aria-live="polite">
            {t('portal:documents.count', { count: shown.length })}
          </p>
          {notice ? <FormMessage kind={notice.kind}>{notice.text}</FormMessage> : null}
          {shown.length === 0 ? <p>{t('portal:documents.empty')}</p> : null}
          <ul className="documents-list" aria-labelledby={headingId}>
            {shown.map((d) => (
              <li key={d.DOC_ID} className="portal-card documents-list__item">
                <div className="documents-list__text">
                  <p className="documents-list__title">{title(d)}</p>
                  <p className="documents-list__meta">
                    {showDate(d.DATE)} · {d.CONTRACT_NO}, {product(d.FLOW_ID)}
                  </p>
                </div>
                <button
                  type="button"
                  className="btn btn--secondary documents-list__download"
                  onClick={() => download(d)}
                  disabled={busy !== ''}
                  aria-busy={busy === d.DOC_ID}
                >
                  {t('portal:documents.download')}
                  <span className="visually-hidden">
                    {' '}
                    {t('portal:documents.downloadLabel', { title: title(d), date: showDate(d.DATE) })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
