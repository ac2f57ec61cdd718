// Numbers typed as text (no <input type="number">: it ignores the UI language's separators and
// changes value on mouse-wheel): whole-euro amounts with grouping, and plain numbers.

import type { WidgetProps } from '@rjsf/utils';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmountInput } from '../../engine/money';
import { checkAmountText, filterAmountTyping } from '../format/amount';
import { checkNumberText, filterNumberTyping, numberToText } from '../format/number';
import { useWidgetLang } from './common';
import { TextInput } from './TextInput';
import { type HeldCheck, useHeldText } from './useHeldText';

function amountOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return undefined;
}

const amountSignificant = (ch: string) => /[\d.,€\s]/.test(ch);

/** Whole euro: "12.500" (el) / "12,500" (en) when not focused, plain digits while editing. */
export function CurrencyWidget(props: WidgetProps) {
  const { t } = useTranslation('ui');
  const { id, value } = props;
  const lang = useWidgetLang(props.options);
  const toText = useCallback(
    (v: unknown) => {
      const n = amountOf(v);
      return n === undefined ? '' : formatAmountInput(n, lang);
    },
    [lang],
  );
  const check = useCallback((text: string): HeldCheck<number> => {
    const result = checkAmountText(text);
    return result.kind === 'invalid' ? { kind: 'issue', key: 'currency.invalid' } : result;
  }, []);
  const held = useHeldText<number>({ widget: props, toText, check });
  const focused = useRef(false);

  // Grouping follows the language; regroup what is shown when it changes.
  const { show } = held;
  const shownLang = useRef(lang);
  useEffect(() => {
    if (shownLang.current === lang) return;
    shownLang.current = lang;
    const n = amountOf(value);
    if (!focused.current && n !== undefined) show(formatAmountInput(n, lang));
  }, [lang, value, show]);

  const unitId = `${id}__unit`;
  return (
    <>
      <TextInput
        widget={props}
        text={held.text}
        issue={held.issue}
        onText={held.type}
        onFocus={() => {
          focused.current = true;
          props.onFocus(id, value);
        }}
        focusText={() => {
          const n = amountOf(value);
          if (n === undefined || checkAmountText(held.text).kind !== 'ok') return undefined;
          show(String(n));
          return String(n);
        }}
        onBlur={() => {
          focused.current = false;
          const result = checkAmountText(held.text);
          held.blur(result.kind === 'ok' ? formatAmountInput(result.value, lang) : undefined);
        }}
        format={filterAmountTyping}
        significant={amountSignificant}
        inputMode="numeric"
        autoComplete="off"
        prefix={lang === 'en' ? '€' : undefined}
        suffix={lang === 'el' ? '€' : undefined}
        describedBy={[unitId]}
      />
      <span id={unitId} className="visually-hidden">
        {t('currency.unit')}
      </span>
    </>
  );
}

function isIntegerSchema(schema: WidgetProps['schema']): boolean {
  return schema.type === 'integer' || (Array.isArray(schema.type) && schema.type.includes('integer'));
}

export function NumberWidget(props: WidgetProps) {
  const integer = isIntegerSchema(props.schema);
  const check = useCallback(
    (text: string): HeldCheck<number> => {
      const result = checkNumberText(text, integer);
      return result.kind === 'invalid'
        ? { kind: 'issue', key: integer ? 'number.integer' : 'number.invalid' }
        : result;
    },
    [integer],
  );
  const held = useHeldText<number>({ widget: props, toText: numberToText, check });
  const format = useCallback((raw: string) => filterNumberTyping(raw, integer), [integer]);
  return (
    <TextInput
      widget={props}
      text={held.text}
      issue={held.issue}
      onText={held.type}
      onBlur={() => held.blur()}
      onFocus={() => props.onFocus(props.id, props.value)}
      format={format}
      significant={(ch) => format(ch) !== ''}
      inputMode={integer ? 'numeric' : 'decimal'}
    />
  );
}
