// The certificate of insurance on a motor contract's page (issue 28 item 6): download it (a PDF
// with a QR code the police or a garage scan to check it), or revoke its code when a copy is lost.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getCertificate, revokeCertificate } from '../../api/contracts';
import { PdfDownload } from '../components/PdfDownload';

type Revoke = 'idle' | 'asking' | 'busy' | 'done' | 'failed';

export function CertificateSection({ contractNo, productId }: { contractNo: string; productId: string }) {
  const { t, i18n } = useTranslation('contracts');
  const [revoke, setRevoke] = useState<Revoke>('idle');
  const lang = i18n.language === 'en' ? 'en' : 'el';
  const onRevoke = async () => {
    setRevoke('busy');
    try {
      await revokeCertificate(contractNo, productId);
      setRevoke('done');
    } catch {
      setRevoke('failed');
    }
  };
  return (
    <section
      className="contract-detail__section contract-detail__more"
      aria-labelledby="contract-certificate"
    >
      <h2 id="contract-certificate">{t('certificate.title')}</h2>
      <p>{t('certificate.intro')}</p>
      <PdfDownload
        fetchPdf={() => getCertificate(contractNo, productId)}
        fileName={`certificate-of-insurance-${contractNo}-${lang}.pdf`}
        texts={{
          button: t('certificate.download'),
          busy: t('detail.downloading'),
          done: t('certificate.downloaded'),
          failed: t('certificate.downloadFailed'),
        }}
      />
      {revoke === 'asking' ? (
        <div className="contract-detail__confirm" role="group" aria-labelledby="certificate-revoke-question">
          <p id="certificate-revoke-question">{t('certificate.revokeQuestion')}</p>
          <div className="contract-detail__actions">
            <button type="button" className="btn btn--primary" onClick={onRevoke}>
              {t('certificate.revokeYes')}
            </button>
            <button type="button" className="btn btn--secondary" onClick={() => setRevoke('idle')}>
              {t('certificate.revokeNo')}
            </button>
          </div>
        </div>
      ) : (
        <p>
          <button
            type="button"
            className="btn btn--link"
            onClick={() => setRevoke('asking')}
            disabled={revoke === 'busy'}
          >
            {t('certificate.revoke')}
          </button>
        </p>
      )}
      <p role="status" className={revoke === 'failed' ? 'notice notice--error' : 'list-count'}>
        {revoke === 'done'
          ? t('certificate.revoked')
          : revoke === 'failed'
            ? t('certificate.revokeFailed')
            : ''}
      </p>
    </section>
  );
}
