// /email-validation: the page form of <EmailValidation>. It reads what the flow asked for
// (requestEmailValidation) or ?email=&returnTo=, and returns there once the address is confirmed.

import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { HOME_PATH } from '../../shell/routeTable';
import { EmailValidation } from '../../ui/components/EmailValidation';
import {
  finishEmailValidation,
  getEmailValidationRequest,
  safeReturnPath,
} from '../../ui/state/emailValidation';
import { useFormPresence } from '../../ui/state/formPresence';
import { peekBackTarget } from '../routeHistory';

export function EmailValidationPage() {
  const { t } = useTranslation('pages');
  useFormPresence();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const request = getEmailValidationRequest();
  const initialEmail = request?.email ?? params.get('email') ?? '';
  const returnTo = safeReturnPath(request?.returnTo ?? params.get('returnTo'), '');

  const onValidated = () => {
    finishEmailValidation();
    navigate(returnTo || peekBackTarget('/email-validation', HOME_PATH));
  };

  return (
    <div className="page page--narrow">
      <h1>{t('emailValidation.title')}</h1>
      <p>{t('emailValidation.intro')}</p>
      <EmailValidation initialEmail={initialEmail} onValidated={onValidated} />
    </div>
  );
}
