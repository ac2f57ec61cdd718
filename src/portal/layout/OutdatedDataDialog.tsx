// OUTDATED_DATA (spec §4): after login, once the lists of values have loaded (so the district and
// city read as names, not codes), the customer is asked to confirm their details or update them.
// Confirming sends custUpdProfile with nothing changed, which clears the flag; updating opens the
// profile, where the same confirmation waits at the top.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { updateCustomer } from '../../api/portal';
import { Dialog } from '../../ui/components/Dialog';
import { FormMessage } from '../../ui/components/fields';
import { labelOf, useDependentLov, useLovs } from '../lov';
import { PROFILE_PATH } from '../routePaths';
import { setCustomer, useCustomer } from '../state/customer';
import { onSessionEnd, useSession } from '../state/session';

let postponed = false;
onSessionEnd(() => {
  postponed = false;
});

export function OutdatedDataDialog() {
  const { t, i18n } = useTranslation('portal');
  const session = useSession();
  const customer = useCustomer();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [, rerender] = useState(0);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const user = customer.status === 'ready' ? customer.user : null;
  const outdated = Boolean(user?.OUTDATED_DATA) && !postponed && pathname !== PROFILE_PATH;
  const lovs = useLovs(outdated ? ['DISTRICT'] : [], i18n.language);
  const cities = useDependentLov('DISTRICT', outdated ? (user?.DISTRICT ?? '') : '', 'CITY', i18n.language);

  if (!session || !user || !outdated || lovs === null || cities === null) return null;

  const confirm = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const answer = await updateCustomer('custUpdProfile', user.CUSTOMER_NO, {});
      setCustomer(answer.CS_USER);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const edit = () => {
    postponed = true;
    rerender((n) => n + 1);
    navigate(PROFILE_PATH);
  };

  const address = [
    [user.STREET, user.HOUSE].filter(Boolean).join(' '),
    user.APARTMENT ? t('outdated.apartment', { number: user.APARTMENT }) : '',
    [user.ZIP_CODE, labelOf(cities, user.CITY)].filter(Boolean).join(' '),
    labelOf(lovs.DISTRICT, user.DISTRICT),
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <Dialog title={t('outdated.title')} className="dialog--wide">
      <p>{t('outdated.intro')}</p>
      <dl className="summary">
        <dt>{t('profile.fields.name')}</dt>
        <dd>
          {user.FIRST_NAME} {user.LAST_NAME}
        </dd>
        <dt>{t('profile.fields.email')}</dt>
        <dd>{user.EMAIL || '–'}</dd>
        <dt>{t('profile.fields.mobile')}</dt>
        <dd>{user.TELEPHONE}</dd>
        <dt>{t('profile.fields.homePhone')}</dt>
        <dd>{user.HOME_PHONE_NUMBER || '–'}</dd>
        <dt>{t('profile.address.title')}</dt>
        <dd>{address || '–'}</dd>
      </dl>
      {failed ? <FormMessage kind="error">{t('errors.saveFailed')}</FormMessage> : null}
      <div className="dialog__actions">
        <button type="button" className="btn btn--secondary" onClick={edit}>
          {t('outdated.edit')}
        </button>
        <button
          type="button"
          className="btn btn--primary"
          data-autofocus=""
          disabled={busy}
          aria-busy={busy}
          onClick={() => void confirm()}
        >
          {t('outdated.confirm')}
        </button>
      </div>
    </Dialog>
  );
}
