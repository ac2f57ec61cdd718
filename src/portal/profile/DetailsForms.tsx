// Profile: basic details (identity read-only, e-mail, gender, profession, phones), the contact
// address with district → city → postcode lists, and consents. Each section saves on its own.

import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CsUser, updateCustomer } from '../../api/portal';
import { ymdToDisplay } from '../../engine/dates';
import { fieldRules } from '../../engine/rules/fieldRules';
import type { Option } from '../../ui/components/fields';
import { SelectField, showErrorsAndFocus, TextField } from '../../ui/components/fields';
import { labelOf, useDependentLov } from '../lov';
import { setCustomer } from '../state/customer';
import { SaveOutcome, saveProblem, useRuleText } from './common';

type Outcome = { ok: boolean; key: string } | null;

function useSave(kind: Parameters<typeof updateCustomer>[0], user: CsUser) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const save = async (fields: Partial<CsUser>) => {
    setBusy(true);
    setOutcome(null);
    try {
      setCustomer((await updateCustomer(kind, user.CUSTOMER_NO, fields)).CS_USER);
      setOutcome({ ok: true, key: 'profile.saved' });
    } catch (error) {
      setOutcome({ ok: false, key: saveProblem(error) });
    } finally {
      setBusy(false);
    }
  };
  return { busy, outcome, save };
}

export function BasicDetailsForm({ user, lovs }: { user: CsUser; lovs: Record<string, Option[]> }) {
  const { t } = useTranslation(['portal', 'validation']);
  const ruleText = useRuleText();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({
    EMAIL: user.EMAIL,
    GENDER: user.GENDER,
    PROFESSION: user.PROFESSION,
    HOME_PHONE_NUMBER: user.HOME_PHONE_NUMBER,
    WORK_PHONE_NUMBER: user.WORK_PHONE_NUMBER,
  });
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const { busy, outcome, save } = useSave('custUpdBasic', user);
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const phone = (v: string) => (v.trim() === '' ? null : ruleText(fieldRules.cypriot_phone(v)));
    const next = {
      EMAIL:
        values.EMAIL.trim() === ''
          ? t('validation:required')
          : ruleText(fieldRules.email(values.EMAIL.trim())),
      HOME_PHONE_NUMBER: phone(values.HOME_PHONE_NUMBER),
      WORK_PHONE_NUMBER: phone(values.WORK_PHONE_NUMBER),
    };
    if (Object.values(next).some(Boolean)) {
      showErrorsAndFocus(() => setErrors(next), formRef.current ?? document);
      return;
    }
    setErrors({});
    void save({
      ...values,
      EMAIL: values.EMAIL.trim(),
      HOME_PHONE_NUMBER: values.HOME_PHONE_NUMBER.replace(/\s+/g, ''),
      WORK_PHONE_NUMBER: values.WORK_PHONE_NUMBER.replace(/\s+/g, ''),
    });
  };

  return (
    <section className="profile__section" aria-labelledby="profile-basic">
      <h2 id="profile-basic">{t('profile.basic.title')}</h2>
      <dl className="summary">
        <dt>{t('profile.fields.name')}</dt>
        <dd>
          {user.FIRST_NAME} {user.LAST_NAME}
        </dd>
        <dt>{t('profile.fields.birthDate')}</dt>
        <dd>{ymdToDisplay(user.BIRTHDATE) || '–'}</dd>
        <dt>{t('profile.fields.identity')}</dt>
        <dd>{user.ID}</dd>
        <dt>{t('profile.fields.customerNo')}</dt>
        <dd>{user.CUSTOMER_NO}</dd>
      </dl>
      <p className="profile__note">{t('profile.basic.identityNote')}</p>
      <form ref={formRef} className="form" noValidate onSubmit={submit} aria-busy={busy}>
        <TextField
          label={t('profile.fields.email')}
          type="email"
          value={values.EMAIL}
          onValueChange={set('EMAIL')}
          error={errors.EMAIL}
          required
          autoComplete="email"
          maxLength={80}
        />
        <SelectField
          label={t('profile.fields.gender')}
          value={values.GENDER}
          onValueChange={set('GENDER')}
          options={lovs.GENDER ?? []}
          placeholder={t('profile.choose')}
        />
        <SelectField
          label={t('profile.fields.profession')}
          value={values.PROFESSION}
          onValueChange={set('PROFESSION')}
          options={lovs.PROFESSION ?? []}
          placeholder={t('profile.choose')}
        />
        <h3>{t('profile.phones.title')}</h3>
        <TextField
          label={t('profile.fields.homePhone')}
          type="tel"
          value={values.HOME_PHONE_NUMBER}
          onValueChange={set('HOME_PHONE_NUMBER')}
          error={errors.HOME_PHONE_NUMBER}
          autoComplete="tel"
          inputMode="tel"
        />
        <TextField
          label={t('profile.fields.workPhone')}
          type="tel"
          value={values.WORK_PHONE_NUMBER}
          onValueChange={set('WORK_PHONE_NUMBER')}
          error={errors.WORK_PHONE_NUMBER}
          inputMode="tel"
        />
        <SaveOutcome outcome={outcome} />
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {t('profile.save')}
          </button>
        </div>
      </form>
    </section>
  );
}

export function AddressForm({ user, districts }: { user: CsUser; districts: Option[] }) {
  const { t, i18n } = useTranslation(['portal', 'validation']);
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({
    DISTRICT: user.DISTRICT,
    CITY: user.CITY,
    ZIP_CODE: user.ZIP_CODE,
    STREET: user.STREET,
    HOUSE: user.HOUSE,
    APARTMENT: user.APARTMENT,
    BUILDING: user.BUILDING,
    PO_BOX: user.PO_BOX,
  });
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const { busy, outcome, save } = useSave('custUpdAddr', user);
  const cities = useDependentLov('DISTRICT', values.DISTRICT, 'CITY', i18n.language);
  const postcodes = useDependentLov('CITY', values.CITY, 'POSTAL_CODE', i18n.language);
  const set = (key: keyof typeof values) => (value: string) =>
    setValues((v) => {
      // A new district empties the city and the postcode; a new city empties the postcode.
      if (key === 'DISTRICT') return { ...v, DISTRICT: value, CITY: '', ZIP_CODE: '' };
      if (key === 'CITY') return { ...v, CITY: value, ZIP_CODE: '' };
      return { ...v, [key]: value };
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const required = (v: string) => (v.trim() === '' ? t('validation:required') : null);
    const next = {
      DISTRICT: required(values.DISTRICT),
      CITY: required(values.CITY),
      ZIP_CODE: required(values.ZIP_CODE),
      STREET: required(values.STREET),
    };
    if (Object.values(next).some(Boolean)) {
      showErrorsAndFocus(() => setErrors(next), formRef.current ?? document);
      return;
    }
    setErrors({});
    void save(values);
  };

  return (
    <section className="profile__section" aria-labelledby="profile-address">
      <h2 id="profile-address">{t('profile.address.title')}</h2>
      <form ref={formRef} className="form" noValidate onSubmit={submit} aria-busy={busy}>
        <SelectField
          label={t('profile.fields.district')}
          value={values.DISTRICT}
          onValueChange={set('DISTRICT')}
          options={districts}
          placeholder={t('profile.choose')}
          error={errors.DISTRICT}
          required
        />
        <SelectField
          label={t('profile.fields.city')}
          value={values.CITY}
          onValueChange={set('CITY')}
          options={
            cities ?? (values.CITY ? [{ value: values.CITY, label: labelOf(cities, values.CITY) }] : [])
          }
          placeholder={values.DISTRICT ? t('profile.choose') : t('profile.address.districtFirst')}
          error={errors.CITY}
          disabled={!values.DISTRICT}
          required
        />
        <SelectField
          label={t('profile.fields.postcode')}
          value={values.ZIP_CODE}
          onValueChange={set('ZIP_CODE')}
          options={postcodes ?? (values.ZIP_CODE ? [{ value: values.ZIP_CODE, label: values.ZIP_CODE }] : [])}
          placeholder={values.CITY ? t('profile.choose') : t('profile.address.cityFirst')}
          error={errors.ZIP_CODE}
          disabled={!values.CITY}
          required
        />
        <TextField
          label={t('profile.fields.street')}
          value={values.STREET}
          onValueChange={set('STREET')}
          error={errors.STREET}
          required
          maxLength={60}
          autoComplete="address-line1"
        />
        <TextField
          label={t('profile.fields.house')}
          value={values.HOUSE}
          onValueChange={set('HOUSE')}
          maxLength={10}
        />
        <TextField
          label={t('profile.fields.apartment')}
          value={values.APARTMENT}
          onValueChange={set('APARTMENT')}
          maxLength={10}
        />
        <TextField
          label={t('profile.fields.building')}
          value={values.BUILDING}
          onValueChange={set('BUILDING')}
          maxLength={60}
        />
        <TextField
          label={t('profile.fields.poBox')}
          value={values.PO_BOX}
          onValueChange={set('PO_BOX')}
          maxLength={10}
        />
        <SaveOutcome outcome={outcome} />
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {t('profile.save')}
          </button>
        </div>
      </form>
    </section>
  );
}

function Consent(props: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="checkbox">
      <input
        type="checkbox"
        className="checkbox__input"
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <span className="checkbox__label">{props.label}</span>
    </label>
  );
}

export function ConsentsForm({ user }: { user: CsUser }) {
  const { t } = useTranslation('portal');
  const [marketing, setMarketing] = useState(user.MARKETING_CONSENT);
  const [texts, setTexts] = useState(Boolean(user.SMS_CONSENT));
  const { busy, outcome, save } = useSave('custUpdConsent', user);
  return (
    <section className="profile__section" aria-labelledby="profile-consents">
      <h2 id="profile-consents">{t('profile.consents.title')}</h2>
      <ul className="profile__consents">
        <li>{t('profile.consents.email')}</li>
        <li>{t('profile.consents.gdpr')}</li>
      </ul>
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save({ MARKETING_CONSENT: marketing, SMS_CONSENT: texts });
        }}
        aria-busy={busy}
      >
        <Consent label={t('profile.consents.marketing')} checked={marketing} onChange={setMarketing} />
        <Consent label={t('profile.consents.sms')} checked={texts} onChange={setTexts} />
        <SaveOutcome outcome={outcome} />
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {t('profile.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
