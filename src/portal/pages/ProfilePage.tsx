// /my-profile (spec §2, §3): basic details, contact address, phones, change mobile, change
// password, consents, passkeys; and, while OUTDATED_DATA is set, the confirmation at the top.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateCustomer } from '../../api/portal';
import { FormMessage } from '../../ui/components/fields';
import { DelayedLoader } from '../../ui/layout/Loader';
import { useFormPresence } from '../../ui/state/formPresence';
import { useLovs } from '../lov';
import { AddressForm, BasicDetailsForm, ConsentsForm } from '../profile/DetailsForms';
import {
  ChangeMobileForm,
  ChangePasswordForm,
  PasskeysSection,
  TwoFactorSection,
} from '../profile/SecurityForms';
import { setCustomer, useCustomer } from '../state/customer';

function ConfirmDetails({ customerNo }: { customerNo: string }) {
  const { t } = useTranslation('portal');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <div className="notice notice--warning profile__outdated" role="status">
      <p>{t('outdated.profileText')}</p>
      {failed ? <FormMessage kind="error">{t('errors.saveFailed')}</FormMessage> : null}
      <button
        type="button"
        className="btn btn--primary"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setFailed(false);
          try {
            setCustomer((await updateCustomer('custUpdProfile', customerNo, {})).CS_USER);
          } catch {
            setFailed(true);
          } finally {
            setBusy(false);
          }
        }}
      >
        {t('outdated.confirm')}
      </button>
    </div>
  );
}

export function ProfilePage() {
  const { t, i18n } = useTranslation('portal');
  const customer = useCustomer();
  const lovs = useLovs(['DISTRICT', 'GENDER', 'PROFESSION'], i18n.language);
  useFormPresence();

  let body: React.ReactNode;
  if (customer.status === 'failed')
    body = (
      <div className="failed-load" role="alert">
        <p>{t('errors.loadFailed')}</p>
        <button type="button" className="btn btn--secondary" onClick={customer.retry}>
          {t('errors.retry')}
        </button>
      </div>
    );
  else if (customer.status !== 'ready' || lovs === null) body = <DelayedLoader />;
  else {
    const user = customer.user;
    body = (
      <>
        {user.OUTDATED_DATA ? <ConfirmDetails customerNo={user.CUSTOMER_NO} /> : null}
        <BasicDetailsForm user={user} lovs={lovs} />
        <AddressForm user={user} districts={lovs.DISTRICT ?? []} />
        <ChangeMobileForm user={user} />
        <ChangePasswordForm user={user} />
        <PasskeysSection />
        <TwoFactorSection />
        <ConsentsForm user={user} />
      </>
    );
  }
  return (
    <div className="page profile">
      <h1>{t('profile.title')}</h1>
      {body}
    </div>
  );
}
