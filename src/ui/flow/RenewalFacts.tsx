// A renewal offer reopened (issue 28 item 2): before the payment step, the customer sees the new
// period and premium and the answers the product asks to be confirmed again (product.renewal.
// reconfirm: a motor policy's vehicle value, drivers and claims), each with its question's label
// and the answer as the flow shows it. "Still true" goes on to pay; "Something changed" reopens
// the flow from its first question with every answer kept, to be corrected and priced again.

import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ymdToDisplay } from '../../engine/dates';
import { qualify } from '../../engine/flow/expand';
import type { Field, Flow, Quote } from '../../engine/flow/types';
import { formatEuro } from '../../engine/money';
import { getPath } from '../../engine/paths';
import { useLovs } from './useLovs';

function fieldAt(flow: Flow, path: string): Field | undefined {
  for (const step of flow.steps)
    for (const sub of step.substeps) {
      const found = sub.fields?.find((f) => f.path === path);
      if (found) return found;
    }
  return undefined;
}

export function RenewalFacts(props: {
  flow: Flow;
  quote: Quote;
  contractNo: string;
  reconfirm: string[];
  onConfirm: () => void;
  onChange: () => void;
}) {
  const { flow, quote } = props;
  const { t, i18n } = useTranslation(['flow', 'ui']);
  const lang = i18n.language === 'en' ? 'en' : 'el';
  const lovs = useLovs(flow, quote, lang);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const shown = (field: Field, raw: unknown): string => {
    const value = String(raw);
    if (field.widget === 'yesno') return t(value === '1' ? 'ui:yesno.yes' : 'ui:yesno.no');
    if (field.widget === 'currency') return formatEuro(Number(raw), lang);
    const option = field.options?.find((o) => o.value === value);
    if (option) return t(qualify(flow, option.label));
    if (field.lov) return lovs.options(field.lov)?.find((o) => o.value === value)?.label ?? value;
    return value;
  };
  const facts = props.reconfirm.flatMap((path) => {
    const field = fieldAt(flow, path);
    const raw = getPath(quote, path);
    if (!field || raw === undefined || raw === null || raw === '') return [];
    return [
      { path, label: t(qualify(flow, field.label ?? `fields.${field.id}.label`)), value: shown(field, raw) },
    ];
  });
  const policy = (quote.CS_POLICY ?? {}) as Record<string, unknown>;
  return (
    <section className="notice notice--info renewal-facts" aria-labelledby="renewal-title">
      <h2 id="renewal-title" tabIndex={-1} ref={heading}>
        {t('renewal.title', { contractNo: props.contractNo })}
      </h2>
      <p>
        {t('renewal.text', {
          start: ymdToDisplay(policy.START_DATE),
          end: ymdToDisplay(policy.END_DATE),
          amount: formatEuro(Number(policy.PREMIUM_AFTER_DISC_AMOUNT ?? 0), lang),
        })}
      </p>
      {facts.length > 0 && (
        <>
          <p>{t('renewal.confirmFacts')}</p>
          <dl className="renewal-facts__list">
            {facts.map((f) => (
              <div key={f.path} data-fact={f.path}>
                <dt>{f.label}</dt>
                <dd>{f.value}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
      <div className="actions">
        <button type="button" className="btn btn--primary" onClick={props.onConfirm}>
          {t('renewal.confirm')}
        </button>
        <button type="button" className="btn btn--secondary" onClick={props.onChange}>
          {t('renewal.change')}
        </button>
      </div>
    </section>
  );
}
