// /contact: the call-back request. We call back within two working days (spec §1).

import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { ContactAnswer, ContactProduct } from '../../api/types';
import { sendContactRequest } from '../../api/zcp';
import { ymdToDisplay } from '../../engine/dates';
import { fieldRules } from '../../engine/rules/fieldRules';
import { currentLanguage } from '../../i18n';
import { isProduct, PRODUCTS } from '../../shell/routeTable';
import {
  FormMessage,
  SelectField,
  showErrorsAndFocus,
  TextAreaField,
  TextField,
} from '../../ui/components/fields';
import { useFormPresence } from '../../ui/state/formPresence';
import { CallCentre } from '../layout/CallCentre';
import { useAppError } from '../state/errorState';

export const MESSAGE_MAX_LENGTH = 1024;

/** Half-hour slots within the call centre's hours (Friday closes at 14:00, so 14:00 is the last). */
export const CALL_TIMES: readonly string[] = [
  '07:30',
  '08:00',
  '08:30',
  '09:00',
  '09:30',
  '10:00',
  '10:30',
  '11:00',
  '11:30',
  '12:00',
  '12:30',
  '13:00',
  '13:30',
  '14:00',
];

interface Values {
  fullName: string;
  phone: string;
  email: string;
  /** HH:MM, or '' for any time. */
  time: string;
  product: ContactProduct;
  message: string;
}

const OFFER_NO = /^OF\d{1,12}$/;
const CHECK_NUMBER = /^\d{1,4}$/;

function productFromQuery(value: string): ContactProduct {
  return isProduct(value) ? (value.toUpperCase() as ContactProduct) : '';
}

type Errors = Partial<Record<keyof Values, string>>;

function validate(v: Values): Errors {
  const errors: Errors = {};
  const rule = (result: true | string) => (result === true ? undefined : result);
  if (v.fullName.trim().length < 2) errors.fullName = 'validation:required';
  errors.phone =
    v.phone.trim() === '' ? 'validation:required' : rule(fieldRules.cypriot_phone(v.phone.trim()));
  errors.email = v.email.trim() === '' ? 'validation:required' : rule(fieldRules.email(v.email.trim()));
  if (!v.product) errors.product = 'validation:required';
  errors.message = rule(fieldRules.max_length(v.message, MESSAGE_MAX_LENGTH));
  for (const key of Object.keys(errors) as (keyof Values)[]) if (!errors[key]) delete errors[key];
  return errors;
}

export function ContactPage() {
  const { t } = useTranslation(['pages', 'common', 'validation']);
  const [params] = useSearchParams();
  const appError = useAppError();
  const [values, setValues] = useState<Values>({
    fullName: '',
    phone: '',
    email: '',
    time: '',
    product: productFromQuery(params.get('product') ?? appError?.product ?? ''),
    message: '',
  });
  // The language switch warns only when something typed would be lost (the product comes from the link).
  useFormPresence([values.fullName, values.phone, values.email, values.time, values.message].some(Boolean));
  const [errors, setErrors] = useState<Errors>({});
  const [state, setState] = useState<'editing' | 'sending' | 'failed'>('editing');
  const [sent, setSent] = useState<ContactAnswer | null>(null);
  const offerNo = params.get('offer') ?? '';
  // A call-back from a referral says which rule stopped the quote (spec: ERROR_TEXT_TYPE, CHECK_NUMBER).
  const checkNumber = params.get('check') ?? '';
  const referralType = /^\d{1,2}$/.test(params.get('type') ?? '') ? params.get('type') : appError?.code;

  const set =
    <K extends keyof Values>(key: K) =>
    (value: Values[K]) =>
      setValues((v) => ({ ...v, [key]: value }));
  const errorText = (key: keyof Values) => (errors[key] ? t(errors[key], { p0: MESSAGE_MAX_LENGTH }) : null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state === 'sending') return;
    const found = validate(values);
    if (Object.keys(found).length > 0) {
      showErrorsAndFocus(() => setErrors(found), event.currentTarget);
      return;
    }
    setErrors({});
    setState('sending');
    try {
      const answer = await sendContactRequest(
        {
          FULL_NAME: values.fullName.trim(),
          MOB_PHONE_NO: values.phone.replace(/\s+/g, ''),
          MAIL_ADDRESS: values.email.trim(),
          PREFERRED_TIME: values.time,
          PRODUCT: values.product,
          MESSAGE: values.message.trim(),
          LANGUAGE: currentLanguage(),
          ...(referralType ? { ERROR_TEXT_TYPE: referralType } : {}),
          ...(CHECK_NUMBER.test(checkNumber) ? { CHECK_NUMBER: checkNumber } : {}),
          ...(OFFER_NO.test(offerNo) ? { OFFER_NO: offerNo } : {}),
        },
        { quiet: true },
      );
      setSent(answer);
      setState('editing');
    } catch {
      setState('failed');
    }
  };

  if (sent) {
    const due = ymdToDisplay(sent.DUE_DATE);
    return (
      <div className="page page--narrow">
        <h1>{t('contact.sentTitle')}</h1>
        <FormMessage kind="success">{t('contact.sentText')}</FormMessage>
        <dl className="summary">
          <dt>{t('contact.reference')}</dt>
          <dd>{sent.REFERENCE}</dd>
          {due ? (
            <>
              <dt>{t('contact.dueDate')}</dt>
              <dd>{due}</dd>
            </>
          ) : null}
        </dl>
        <p>
          <Link to="/">{t('common:nav.backHome')}</Link>
        </p>
      </div>
    );
  }

  return (
    <div className="page page--narrow">
      <h1>{t('contact.title')}</h1>
      <p>{t('contact.intro')}</p>
      <form className="form" noValidate onSubmit={onSubmit} aria-busy={state === 'sending'}>
        <TextField
          label={t('contact.fullName')}
          autoComplete="name"
          required
          value={values.fullName}
          onValueChange={set('fullName')}
          error={errorText('fullName')}
        />
        <TextField
          label={t('contact.phone')}
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          required
          hint={t('contact.phoneHint')}
          value={values.phone}
          onValueChange={set('phone')}
          error={errorText('phone')}
        />
        <TextField
          label={t('contact.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={values.email}
          onValueChange={set('email')}
          error={errorText('email')}
        />
        <SelectField
          label={t('contact.time')}
          required
          value={values.time}
          options={[
            { value: '', label: t('contact.anyTime') },
            ...CALL_TIMES.map((time) => ({ value: time, label: time })),
          ]}
          onValueChange={set('time')}
        />
        <SelectField
          label={t('contact.product')}
          required
          value={values.product}
          placeholder={t('contact.productPlaceholder')}
          options={[
            ...PRODUCTS.map((p) => ({ value: p.toUpperCase(), label: t(`common:products.${p}.name`) })),
            { value: 'OTHER', label: t('contact.productOther') },
          ]}
          onValueChange={(v) => set('product')(v as ContactProduct)}
          error={errorText('product')}
        />
        <TextAreaField
          label={t('contact.message')}
          rows={5}
          maxLength={MESSAGE_MAX_LENGTH}
          value={values.message}
          onValueChange={set('message')}
          error={errorText('message')}
          hint={
            <span className="field__counter">
              {t('contact.counter', { length: values.message.length, max: MESSAGE_MAX_LENGTH })}
            </span>
          }
        />
        {state === 'failed' ? <FormMessage kind="error">{t('contact.failed')}</FormMessage> : null}
        <div className="actions">
          <button type="submit" className="btn btn--primary" disabled={state === 'sending'}>
            {t('contact.submit')}
          </button>
        </div>
      </form>
      <CallCentre />
    </div>
  );
}
