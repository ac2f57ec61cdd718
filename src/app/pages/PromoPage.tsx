// /promo: a promo code (PROMO_CODE_CP) or a reference code (PROMO_CODE_TIS), with the optional
// agent code and district. The code is checked by POST /zcp/promo/validate (204 valid, 422 wrong);
// a valid code is kept for the flows (getPromo) and the visitor returns where they came from.

import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isZcpError } from '../../api/errors';
import { getLovMulti, validatePromo } from '../../api/zcp';
import { useZcpRead } from '../../shell/hooks/useZcpRead';
import { FormMessage, SelectField, showErrorsAndFocus, TextField } from '../../ui/components/fields';
import { safeReturnPath } from '../../ui/state/emailValidation';
import { useFormPresence } from '../../ui/state/formPresence';
import { FailedLoad } from '../components/FailedLoad';
import { useBackAction } from '../hooks/useBackAction';
import { clearPromo, type PromoCodeKind, setPromo, usePromo } from '../state/promo';

const DISTRICT_LOV = 'DISTRICT';
const MAX_CODE_LENGTH = 20;
const KINDS: readonly PromoCodeKind[] = ['PROMO_CODE_CP', 'PROMO_CODE_TIS'];

type Problem = 'required' | 'wrong' | 'failed' | null;

export function PromoPage() {
  const { t, i18n } = useTranslation(['pages', 'validation']);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const back = useBackAction('/');
  const current = usePromo();
  const [kind, setKind] = useState<PromoCodeKind>(
    current?.PROMO_CODE_TIS ? 'PROMO_CODE_TIS' : 'PROMO_CODE_CP',
  );
  const [code, setCode] = useState(current?.PROMO_CODE_CP ?? current?.PROMO_CODE_TIS ?? '');
  const [agentCode, setAgentCode] = useState(current?.AGENT_CODE ?? '');
  const [district, setDistrict] = useState(current?.DISTRICT ?? '');
  const [problem, setProblem] = useState<Problem>(null);
  useFormPresence(Boolean(code.trim() || agentCode.trim() || district));
  const [busy, setBusy] = useState(false);
  const districts = useZcpRead(() => getLovMulti([DISTRICT_LOV], 'PROMO'), [i18n.language]);

  const returnTo = params.get('returnTo');
  const leave = () => (returnTo ? navigate(safeReturnPath(returnTo)) : back());

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const value = code.trim().toUpperCase();
    if (!value) {
      showErrorsAndFocus(() => setProblem('required'), event.currentTarget);
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      await validatePromo(value, { quiet: true });
      setPromo({ [kind]: value, AGENT_CODE: agentCode, DISTRICT: district });
      leave();
    } catch (e) {
      setProblem(isZcpError(e) && e.status === 422 ? 'wrong' : 'failed');
    } finally {
      setBusy(false);
    }
  };

  const districtOptions =
    districts.status === 'ready'
      ? (districts.data.find((l) => l.LOV_NAME === DISTRICT_LOV)?.LOV_VALUE ?? []).map((v) => ({
          value: v.VALUE,
          label: v.TEXT,
        }))
      : [];

  return (
    <div className="page page--narrow">
      <h1>{t('promo.title')}</h1>
      <p>{t('promo.intro')}</p>
      {current ? (
        <FormMessage kind="info">
          {t('promo.current', { code: current.PROMO_CODE_CP ?? current.PROMO_CODE_TIS ?? '' })}{' '}
          <button type="button" className="btn btn--link" onClick={clearPromo}>
            {t('promo.remove')}
          </button>
        </FormMessage>
      ) : null}
      <form className="form" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <fieldset className="form-group">
          <legend className="field__label">{t('promo.kind')}</legend>
          <div className="choices choices--radio">
            {KINDS.map((k) => (
              <label key={k} className="choice">
                <input
                  className="choice__input"
                  type="radio"
                  name="promo-kind"
                  value={k}
                  checked={kind === k}
                  onChange={() => setKind(k)}
                />
                <span className="choice__label">
                  {k === 'PROMO_CODE_CP' ? t('promo.kindPromo') : t('promo.kindReference')}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          label={kind === 'PROMO_CODE_CP' ? t('promo.code') : t('promo.referenceCode')}
          required
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={MAX_CODE_LENGTH}
          value={code}
          onValueChange={(v) => setCode(v.toUpperCase())}
          error={problem === 'required' ? t('validation:required') : null}
        />
        <TextField
          label={t('promo.agentCode')}
          autoComplete="off"
          value={agentCode}
          onValueChange={setAgentCode}
        />
        {districts.status === 'failed' ? (
          <FailedLoad message={t('promo.districtsFailed')} onRetry={districts.retry} />
        ) : (
          <SelectField
            label={t('promo.district')}
            value={district}
            options={districtOptions}
            placeholder={t('promo.districtPlaceholder')}
            disabled={districts.status === 'loading'}
            onValueChange={setDistrict}
          />
        )}
        {problem === 'wrong' ? <FormMessage kind="error">{t('promo.wrong')}</FormMessage> : null}
        {problem === 'failed' ? <FormMessage kind="error">{t('promo.failed')}</FormMessage> : null}
        <div className="actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {t('promo.apply')}
          </button>
          <button type="button" className="btn btn--secondary" onClick={leave}>
            {t('promo.cancel')}
          </button>
        </div>
      </form>
    </div>
  );
}
