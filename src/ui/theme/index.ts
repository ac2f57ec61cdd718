// The form theme: widgets keyed by the flow format's widget names, and the templates.
// Usage: <Form widgets={widgets} templates={templates} formContext={{ inputIssues }} …/>.

import type { RegistryWidgetsType, Widget as RjsfWidget, TemplatesType } from '@rjsf/utils';
import type { Widget } from '../../engine/flow/types';
import { CheckboxWidget, RadioWidget, SelectWidget, YesNoWidget } from '../widgets/ChoiceWidgets';
import { DateWidget } from '../widgets/DateWidget';
import { FileWidget } from '../widgets/FileWidget';
import { CardExpiryWidget, PhoneWidget, TimeWidget } from '../widgets/MaskedWidgets';
import { CurrencyWidget, NumberWidget } from '../widgets/NumberWidgets';
import { HiddenWidget, PasswordWidget, TextareaWidget } from '../widgets/OtherWidgets';
import { PhotoSlotsWidget } from '../widgets/PhotoSlotsWidget';
import {
  DigitsWidget,
  EmailWidget,
  IbanWidget,
  PlateWidget,
  TextWidget,
  UppercaseWidget,
} from '../widgets/TextWidgets';
import { ArrayFieldItemTemplate, ArrayFieldTemplate } from './ArrayFieldTemplate';
import { BaseInputTemplate } from './BaseInputTemplate';
import {
  AddButton,
  ClearButton,
  CopyButton,
  MoveDownButton,
  MoveUpButton,
  RemoveButton,
  SubmitButton,
} from './buttons';
import { ErrorListTemplate } from './ErrorListTemplate';
import { FieldErrorTemplate } from './FieldErrors';
import { FieldHelpTemplate, FieldTemplate } from './FieldTemplate';
import { ObjectFieldTemplate } from './ObjectFieldTemplate';

// Typed by the flow format's Widget union, so a widget name added there fails to compile here.
const byName: Record<Widget, RjsfWidget> = {
  text: TextWidget,
  textarea: TextareaWidget,
  email: EmailWidget,
  number: NumberWidget,
  currency: CurrencyWidget,
  select: SelectWidget,
  radio: RadioWidget,
  yesno: YesNoWidget,
  checkbox: CheckboxWidget,
  date: DateWidget,
  time: TimeWidget,
  plate: PlateWidget,
  phone: PhoneWidget,
  iban: IbanWidget,
  uppercase: UppercaseWidget,
  cardExpiry: CardExpiryWidget,
  digits: DigitsWidget,
  password: PasswordWidget,
  file: FileWidget,
  photoSlots: PhotoSlotsWidget,
  hidden: HiddenWidget,
};

export const widgets: RegistryWidgetsType = byName;

export type ThemeTemplates = Partial<Omit<TemplatesType, 'ButtonTemplates'>> & {
  ButtonTemplates?: Partial<TemplatesType['ButtonTemplates']>;
};

export const templates: ThemeTemplates = {
  FieldTemplate,
  FieldErrorTemplate,
  FieldHelpTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  BaseInputTemplate,
  ErrorListTemplate,
  ButtonTemplates: {
    SubmitButton,
    AddButton,
    RemoveButton,
    CopyButton,
    MoveUpButton,
    MoveDownButton,
    ClearButton,
  },
};

export { createInputIssues, type InputIssue, type InputIssues } from './inputIssues';
