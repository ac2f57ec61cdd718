// Free-text widgets whose value is the text itself, rewritten as it is typed: text, email,
// uppercase, digits, IBAN and plate.

import type { WidgetProps } from '@rjsf/utils';
import { normalizePlate } from '../../engine/rules/plate';
import { isAlphanumeric, isDigit } from '../format/caret';
import { compactIban, formatIbanTyping, IBAN_MAX_LENGTH } from '../format/iban';
import { TextInput } from './TextInput';

function textOf(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

function emit(props: WidgetProps, text: string) {
  props.onChange(text === '' ? props.options.emptyValue : text);
}

function blurHandler(props: WidgetProps) {
  return () => props.onBlur(props.id, props.value);
}

function focusHandler(props: WidgetProps) {
  return () => props.onFocus(props.id, props.value);
}

function schemaMaxLength(props: WidgetProps): number | undefined {
  return typeof props.schema.maxLength === 'number' ? props.schema.maxLength : undefined;
}

export function TextWidget(props: WidgetProps) {
  return (
    <TextInput
      holdWhileTyping
      widget={props}
      text={textOf(props.value)}
      onText={(text) => emit(props, text)}
      onBlur={blurHandler(props)}
      onFocus={focusHandler(props)}
      maxLength={schemaMaxLength(props)}
    />
  );
}

const withoutSpaces = (raw: string) => raw.replace(/\s+/g, '');

export function EmailWidget(props: WidgetProps) {
  return (
    <TextInput
      holdWhileTyping
      widget={props}
      type="email"
      inputMode="email"
      autoComplete={typeof props.options.autoComplete === 'string' ? props.options.autoComplete : 'email'}
      autoCapitalize="none"
      spellCheck={false}
      text={textOf(props.value)}
      format={withoutSpaces}
      onText={(text) => emit(props, text)}
      onBlur={blurHandler(props)}
      onFocus={focusHandler(props)}
      maxLength={schemaMaxLength(props)}
    />
  );
}

// Greek upper case drops the accents (ά → Α), as names are written on identity cards.
const upper = (raw: string) => raw.toLocaleUpperCase('el');

export function UppercaseWidget(props: WidgetProps) {
  return (
    <TextInput
      holdWhileTyping
      widget={props}
      autoCapitalize="characters"
      text={upper(textOf(props.value))}
      format={upper}
      onText={(text) => emit(props, text)}
      onBlur={blurHandler(props)}
      onFocus={focusHandler(props)}
      maxLength={schemaMaxLength(props)}
    />
  );
}

const onlyDigits = (raw: string) => raw.replace(/\D/g, '');

/** Identity card and passport numbers: digits only. */
export function DigitsWidget(props: WidgetProps) {
  return (
    <TextInput
      widget={props}
      inputMode="numeric"
      text={onlyDigits(textOf(props.value))}
      format={onlyDigits}
      significant={isDigit}
      onText={(text) => emit(props, text)}
      onBlur={blurHandler(props)}
      onFocus={focusHandler(props)}
      maxLength={schemaMaxLength(props)}
    />
  );
}

export function IbanWidget(props: WidgetProps) {
  const max = schemaMaxLength(props) ?? IBAN_MAX_LENGTH;
  const format = (raw: string) => formatIbanTyping(raw, max);
  return (
    <TextInput
      widget={props}
      autoCapitalize="characters"
      autoComplete="off"
      spellCheck={false}
      text={format(textOf(props.value))}
      format={format}
      significant={isAlphanumeric}
      onText={(text) => emit(props, compactIban(text, max))}
      onBlur={blurHandler(props)}
      onFocus={focusHandler(props)}
    />
  );
}

// While typing: upper case without spaces. On blur the full normalisation (Greek look-alike
// capitals to Latin, short numbers padded) so the visitor sees what will be checked.
const plateTyping = (raw: string) => raw.replace(/\s+/g, '').toLocaleUpperCase('el');
const notSpace = (ch: string) => !/\s/.test(ch);

export function PlateWidget(props: WidgetProps) {
  const text = plateTyping(textOf(props.value));
  return (
    <TextInput
      widget={props}
      autoCapitalize="characters"
      autoComplete="off"
      spellCheck={false}
      text={text}
      format={plateTyping}
      significant={notSpace}
      onText={(next) => emit(props, next)}
      onBlur={() => {
        const normalized = normalizePlate(text);
        if (normalized !== text) emit(props, normalized);
        props.onBlur(props.id, normalized === '' ? props.options.emptyValue : normalized);
      }}
      onFocus={focusHandler(props)}
    />
  );
}
