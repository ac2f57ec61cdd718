// Fixed-shape inputs that hold their text until it is a whole value: time (HH:MM), card expiry
// (MM/YY) and Cypriot phone numbers ("99 123456", stored as digits).

import type { WidgetProps } from '@rjsf/utils';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { todayInNicosia } from '../../engine/dates';
import { checkExpiryText, expiryToText, formatExpiryTyping } from '../format/cardExpiry';
import { isDigit } from '../format/caret';
import { checkPhoneText, formatPhoneTyping, phoneToText } from '../format/phone';
import { checkTimeText, formatTimeTyping, timeToText } from '../format/timeInput';
import { optionString } from './common';
import { TextInput } from './TextInput';
import { type HeldCheck, useHeldText } from './useHeldText';

export function TimeWidget(props: WidgetProps) {
  const { t } = useTranslation('ui');
  const check = useCallback((text: string): HeldCheck<string> => {
    const result = checkTimeText(text);
    if (result.kind === 'incomplete') return { kind: 'issue', key: 'time.incomplete' };
    if (result.kind === 'invalid') return { kind: 'issue', key: 'time.invalid', eager: true };
    return result;
  }, []);
  const held = useHeldText<string>({ widget: props, toText: timeToText, check });
  return (
    <TextInput
      widget={props}
      text={held.text}
      issue={held.issue}
      onText={held.type}
      onBlur={() => held.blur()}
      onFocus={() => props.onFocus(props.id, props.value)}
      format={formatTimeTyping}
      significant={isDigit}
      inputMode="numeric"
      autoComplete="off"
      placeholder={optionString(props.options, 'placeholder') ?? t('time.placeholder')}
    />
  );
}

export function CardExpiryWidget(props: WidgetProps) {
  const { t } = useTranslation('ui');
  const check = useCallback((text: string): HeldCheck<string> => {
    const result = checkExpiryText(text, todayInNicosia());
    if (result.kind === 'incomplete') return { kind: 'issue', key: 'cardExpiry.incomplete' };
    if (result.kind === 'invalid') return { kind: 'issue', key: 'cardExpiry.invalid', eager: true };
    if (result.kind === 'expired') return { kind: 'issue', key: 'cardExpiry.expired', eager: true };
    return result;
  }, []);
  const held = useHeldText<string>({ widget: props, toText: expiryToText, check });
  return (
    <TextInput
      widget={props}
      text={held.text}
      issue={held.issue}
      onText={held.type}
      onBlur={() => held.blur()}
      onFocus={() => props.onFocus(props.id, props.value)}
      format={formatExpiryTyping}
      significant={isDigit}
      inputMode="numeric"
      autoComplete={optionString(props.options, 'autoComplete') ?? 'cc-exp'}
      placeholder={optionString(props.options, 'placeholder') ?? t('cardExpiry.placeholder')}
    />
  );
}

const phoneSignificant = (ch: string) => isDigit(ch) || ch === '+';

export function PhoneWidget(props: WidgetProps) {
  const { t } = useTranslation('ui');
  const check = useCallback((text: string): HeldCheck<string> => {
    const result = checkPhoneText(text);
    if (result.kind === 'incomplete') return { kind: 'issue', key: 'phone.incomplete' };
    if (result.kind === 'invalid') return { kind: 'issue', key: 'phone.invalid', eager: true };
    if (result.kind === 'foreign') return { kind: 'issue', key: 'phone.foreign', eager: true };
    return result;
  }, []);
  const held = useHeldText<string>({ widget: props, toText: phoneToText, check });
  return (
    <TextInput
      widget={props}
      type="tel"
      text={held.text}
      issue={held.issue}
      onText={held.type}
      onBlur={() => held.blur()}
      onFocus={() => props.onFocus(props.id, props.value)}
      format={formatPhoneTyping}
      significant={phoneSignificant}
      inputMode="tel"
      placeholder={optionString(props.options, 'placeholder') ?? t('phone.placeholder')}
    />
  );
}
