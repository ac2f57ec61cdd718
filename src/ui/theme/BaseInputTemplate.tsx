// RJSF's basic <input>, for any core widget that renders through it: our TextInput with the
// same label, ARIA and styling as the theme's own widgets.

import type { BaseInputTemplateProps } from '@rjsf/utils';
import { TextInput, type TextInputProps } from '../widgets/TextInput';

function inputKind(type: string | undefined): Pick<TextInputProps, 'type' | 'inputMode'> {
  switch (type) {
    case 'email':
      return { type: 'email', inputMode: 'email' };
    case 'password':
      return { type: 'password' };
    case 'tel':
      return { type: 'tel', inputMode: 'tel' };
    case 'url':
      return { type: 'text', inputMode: 'url' };
    case 'number':
    case 'integer':
      return { type: 'text', inputMode: 'decimal' };
    default:
      return { type: 'text' };
  }
}

export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, value, options, onChange, onChangeOverride, onBlur, onFocus, schema } = props;
  const text = value === undefined || value === null ? '' : String(value);
  return (
    <TextInput
      widget={props}
      {...inputKind(props.type)}
      text={text}
      onText={(next) => onChange(next === '' ? options.emptyValue : next)}
      onRawChange={onChangeOverride}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
    />
  );
}
