// @vitest-environment jsdom
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { createRef } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import elUi from '../../../locales/el/ui.json';
import enUi from '../../../locales/en/ui.json';
import { templates, widgets } from '../../../src/ui/theme';

const validator = customizeValidator();

function makeI18n(lng: 'el' | 'en') {
  const i18n = i18next.createInstance();
  i18n.use(initReactI18next).init({
    lng,
    fallbackLng: 'el',
    resources: { el: { ui: elUi }, en: { ui: enUi } },
    ns: ['ui'],
    defaultNS: 'ui',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return i18n;
}

interface Setup {
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  formData?: Record<string, unknown>;
  extraErrors?: Record<string, unknown>;
  lang?: 'el' | 'en';
  liveValidate?: boolean;
}

function renderForm({ schema, uiSchema, formData = {}, extraErrors, lang = 'el', liveValidate }: Setup) {
  const changes: Record<string, unknown>[] = [];
  const ref = createRef<Form>();
  const utils = render(
    <I18nextProvider i18n={makeI18n(lang)}>
      <Form
        ref={ref}
        schema={schema}
        uiSchema={uiSchema}
        formData={formData}
        validator={validator}
        widgets={widgets}
        templates={templates}
        extraErrors={extraErrors as never}
        liveValidate={liveValidate}
        noHtml5Validate
        showErrorList={false}
        onChange={(e) => changes.push(e.formData as Record<string, unknown>)}
        onError={() => {}}
      />
    </I18nextProvider>,
  );
  const validate = () => {
    let valid: boolean | undefined;
    act(() => {
      valid = ref.current?.validateForm();
    });
    return valid;
  };
  return { ...utils, ref, changes, validate, data: () => changes[changes.length - 1] ?? formData };
}

afterEach(cleanup);

describe('FieldTemplate', () => {
  const schema: RJSFSchema = {
    type: 'object',
    required: ['name'],
    properties: { name: { type: 'string' }, note: { type: 'string' } },
  };
  const uiSchema = {
    name: { 'ui:widget': 'uppercase', 'ui:title': 'Επώνυμο', 'ui:help': 'Όπως στην ταυτότητα' },
    note: { 'ui:widget': 'text', 'ui:title': 'Σημείωση' },
  };

  it('labels the control, marks required, and links the help', () => {
    renderForm({ schema, uiSchema });
    const input = screen.getByLabelText(/Επώνυμο/) as HTMLInputElement;
    expect(input.required).toBe(true);
    const label = document.querySelector(`label[for="${input.id}"]`);
    expect(label?.querySelector('.field__required')?.getAttribute('aria-hidden')).toBe('true');
    const help = screen.getByText('Όπως στην ταυτότητα');
    expect(input.getAttribute('aria-describedby')).toBe(help.closest('[id]')?.id);
    expect(input.getAttribute('aria-invalid')).toBeNull();
    const note = screen.getByLabelText('Σημείωση') as HTMLInputElement;
    expect(note.required).toBe(false);
    expect(note.getAttribute('aria-describedby')).toBeNull();
  });

  it('shows the error, sets aria-invalid, links the error and marks the wrapper invalid', () => {
    renderForm({ schema, uiSchema, extraErrors: { name: { __errors: ['Το επώνυμο είναι υποχρεωτικό.'] } } });
    const input = screen.getByLabelText(/Επώνυμο/);
    const error = screen.getByText('Το επώνυμο είναι υποχρεωτικό.').closest('.field__error') as HTMLElement;
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
    expect(error.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(input.closest('.field')?.classList.contains('field--invalid')).toBe(true);
    expect(input.closest('.field__control')?.classList.contains('field__control--invalid')).toBe(true);
    const note = screen.getByLabelText('Σημείωση');
    expect(note.getAttribute('aria-invalid')).toBeNull();
    expect(note.closest('.field')?.classList.contains('field--invalid')).toBe(false);
  });

  it('shows schema errors from live validation at the field and none in a list', () => {
    const form = renderForm({
      schema: { type: 'object', properties: { age: { type: 'integer', maximum: 70 } } },
      uiSchema: { age: { 'ui:widget': 'number', 'ui:title': 'Ηλικία' } },
      liveValidate: true,
    });
    const input = screen.getByLabelText('Ηλικία');
    fireEvent.change(input, { target: { value: '71' } });
    expect(form.data().age).toBe(71);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.querySelectorAll('.field__error')).toHaveLength(1);
    expect(document.querySelector('.errors, .panel-danger')).toBeNull();
  });

  it('renders no submit button and no fieldset chrome at the root', () => {
    const { container } = renderForm({ schema, uiSchema });
    expect(container.querySelector('button[type="submit"]')).toBeNull();
    expect(container.querySelector('fieldset')).toBeNull();
    const grid = container.querySelector('.form-grid');
    expect(grid?.children).toHaveLength(2);
  });

  it('makes long widgets span the grid row and keeps short ones in a cell', () => {
    const { container } = renderForm({
      schema: {
        type: 'object',
        properties: {
          a: { type: 'string' },
          b: { type: 'string' },
          c: { type: 'boolean' },
          d: { type: 'string' },
        },
      },
      uiSchema: {
        a: { 'ui:widget': 'text' },
        b: { 'ui:widget': 'textarea' },
        c: { 'ui:widget': 'checkbox' },
        d: { 'ui:widget': 'text', 'ui:options': { width: 'full' } },
      },
    });
    const cells = [...(container.querySelector('.form-grid')?.children ?? [])];
    expect(cells.map((c) => c.classList.contains('field--wide'))).toEqual([false, true, true, true]);
  });
});

describe('ArrayFieldTemplate', () => {
  const schema: RJSFSchema = {
    type: 'object',
    properties: {
      guns: {
        type: 'array',
        title: 'Όπλα',
        minItems: 1,
        maxItems: 3,
        items: {
          type: 'object',
          properties: { MAKE: { type: 'string' }, VALUE: { type: 'integer' } },
        },
      },
    },
  };
  const uiSchema: UiSchema = {
    guns: {
      'ui:options': { itemLabel: 'Όπλο', addLabel: 'Προσθήκη όπλου' },
      items: {
        MAKE: { 'ui:widget': 'text', 'ui:title': 'Κατασκευαστής' },
        VALUE: { 'ui:widget': 'currency', 'ui:title': 'Αξία' },
      },
    },
  };

  it('numbers the item cards and names each remove button after its card', () => {
    renderForm({
      schema,
      uiSchema,
      formData: { guns: [{ MAKE: 'Beretta', VALUE: 1200 }, { MAKE: 'Benelli' }] },
    });
    const list = screen.getByRole('list');
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByRole('heading', { name: 'Όπλο 1' })).toBeTruthy();
    expect(within(cards[1]).getByRole('group', { name: 'Όπλο 2' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Αφαίρεση: Όπλο 2' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Όπλα' })).toBeTruthy();
    expect((screen.getAllByLabelText('Αξία')[0] as HTMLInputElement).value).toBe('1.200');
  });

  it('adds an item, focuses its first field and announces it; disables Add at maxItems', () => {
    const form = renderForm({ schema, uiSchema, formData: { guns: [{ MAKE: 'Beretta' }] } });
    const add = screen.getByRole('button', { name: 'Προσθήκη όπλου' }) as HTMLButtonElement;
    fireEvent.click(add);
    expect((form.data().guns as unknown[]).length).toBe(2);
    const makes = screen.getAllByLabelText('Κατασκευαστής');
    expect(document.activeElement).toBe(makes[1]);
    expect(screen.getByText('Προστέθηκε: Όπλο 2')).toBeTruthy();
    expect(add.disabled).toBe(false);
    fireEvent.click(add);
    expect((form.data().guns as unknown[]).length).toBe(3);
    expect(add.disabled).toBe(true);
    expect(screen.getByText('Έχετε φτάσει το μέγιστο των 3.')).toBeTruthy();
    expect(add.getAttribute('aria-describedby')).toBe(screen.getByText(/μέγιστο/).id);
  });

  it('removes the chosen item, moves focus to the card that took its place, and keeps minItems', () => {
    const form = renderForm({
      schema,
      uiSchema,
      formData: { guns: [{ MAKE: 'Beretta' }, { MAKE: 'Benelli' }, { MAKE: 'Browning' }] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Αφαίρεση: Όπλο 2' }));
    expect(form.data().guns).toEqual([{ MAKE: 'Beretta' }, { MAKE: 'Browning' }]);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Όπλο 2' }));
    expect(screen.getByText('Αφαιρέθηκε: Όπλο 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Αφαίρεση: Όπλο 2' }));
    expect(form.data().guns).toEqual([{ MAKE: 'Beretta' }]);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Όπλο 1' }));
    // At minItems (1) the last card cannot be removed.
    expect(screen.queryByRole('button', { name: /Αφαίρεση/ })).toBeNull();
  });

  it('shows an error of the whole list under it and links it to the list', () => {
    renderForm({
      schema,
      uiSchema,
      formData: { guns: [{ MAKE: 'Beretta', VALUE: 1200 }] },
      extraErrors: { guns: { __errors: ['Το άθροισμα των αξιών δεν ισούται με το σύνολο.'] } },
    });
    const group = screen.getByRole('group', { name: 'Όπλα' });
    const error = screen.getByText(/Το άθροισμα/).closest('.field__error') as HTMLElement;
    expect(group.getAttribute('aria-describedby')).toBe(error.id);
    expect(group.closest('.field')?.classList.contains('field--invalid')).toBe(true);
  });

  it('shows an empty state and a default item name in English', () => {
    renderForm({
      schema: {
        type: 'object',
        properties: { kids: { type: 'array', items: { type: 'object', properties: {} } } },
      },
      lang: 'en',
    });
    expect(screen.getByText('Nothing has been added yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('heading', { name: 'Item 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove: Item 1' })).toBeTruthy();
  });
});

describe('a full substep form', () => {
  const schema: RJSFSchema = {
    type: 'object',
    required: ['FIRST_NAME', 'BIRTH_DATE', 'PLATE', 'VALUE', 'MOBILE', 'DISTRICT', 'RESIDENT', 'CONSENT'],
    properties: {
      FIRST_NAME: { type: 'string', maxLength: 40 },
      ID_NUMBER: { type: 'string', maxLength: 10 },
      BIRTH_DATE: { type: 'string' },
      PLATE: { type: 'string' },
      VALUE: { type: 'integer', maximum: 70000 },
      MOBILE: { type: 'string' },
      EMAIL: { type: 'string' },
      DISTRICT: { type: 'string' },
      RESIDENT: { type: 'string' },
      CONSENT: { type: 'boolean' },
    },
  };
  const districts = [
    { value: 'LEF', label: 'Λευκωσία' },
    { value: 'LEM', label: 'Λεμεσός' },
  ];
  const uiSchema: UiSchema = {
    'ui:order': [
      'FIRST_NAME',
      'ID_NUMBER',
      'BIRTH_DATE',
      'PLATE',
      'VALUE',
      'MOBILE',
      'EMAIL',
      'DISTRICT',
      'RESIDENT',
      'CONSENT',
    ],
    FIRST_NAME: {
      'ui:widget': 'uppercase',
      'ui:title': 'Όνομα',
      'ui:options': { lang: 'el', autoComplete: 'given-name' },
    },
    ID_NUMBER: { 'ui:widget': 'digits', 'ui:title': 'Αριθμός ταυτότητας', 'ui:options': { lang: 'el' } },
    BIRTH_DATE: {
      'ui:widget': 'date',
      'ui:title': 'Ημερομηνία γέννησης',
      'ui:options': { lang: 'el', min: '1956-03-05', max: '2008-03-05' },
    },
    PLATE: { 'ui:widget': 'plate', 'ui:title': 'Αριθμός εγγραφής', 'ui:options': { lang: 'el' } },
    VALUE: { 'ui:widget': 'currency', 'ui:title': 'Αξία οχήματος', 'ui:options': { lang: 'el' } },
    MOBILE: { 'ui:widget': 'phone', 'ui:title': 'Κινητό', 'ui:options': { lang: 'el' } },
    EMAIL: { 'ui:widget': 'email', 'ui:title': 'Email', 'ui:options': { lang: 'el' } },
    DISTRICT: {
      'ui:widget': 'select',
      'ui:title': 'Επαρχία',
      'ui:options': { lang: 'el', options: districts },
    },
    RESIDENT: { 'ui:widget': 'yesno', 'ui:title': 'Μόνιμος κάτοικος Κύπρου;', 'ui:options': { lang: 'el' } },
    CONSENT: { 'ui:widget': 'checkbox', 'ui:title': 'Αποδέχομαι τους όρους', 'ui:options': { lang: 'el' } },
  };

  it('renders every field with its label, fills in, and validates with ajv8', () => {
    const form = renderForm({ schema, uiSchema, formData: { BIRTH_DATE: '0000-00-00' } });
    const byLabel = (name: RegExp | string) => screen.getByLabelText(name) as HTMLInputElement;
    const grid = document.querySelector('.form-grid');
    expect(grid?.children).toHaveLength(10);

    // No inline styles anywhere (the CSP forbids them).
    expect(form.container.querySelectorAll('[style]')).toHaveLength(0);
    // The zero date was cleared, so "required" sees it as missing.
    expect(form.data().BIRTH_DATE).toBeUndefined();

    // Nothing filled in: the schema says what is missing, at each field.
    expect(form.validate()).toBe(false);
    expect(byLabel(/^Όνομα/).getAttribute('aria-invalid')).toBe('true');
    expect(byLabel(/Ημερομηνία γέννησης/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('radiogroup', { name: /Μόνιμος κάτοικος/ }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(byLabel('Email').getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(byLabel(/^Όνομα/), { target: { value: 'Ανδρέας' } });
    fireEvent.blur(byLabel(/^Όνομα/));
    fireEvent.change(byLabel('Αριθμός ταυτότητας'), { target: { value: '1234567' } });
    fireEvent.change(byLabel(/Ημερομηνία γέννησης/), { target: { value: '14071985' } });
    fireEvent.change(byLabel(/Αριθμός εγγραφής/), { target: { value: 'kxa 123' } });
    fireEvent.blur(byLabel(/Αριθμός εγγραφής/));
    fireEvent.focus(byLabel(/Αξία οχήματος/));
    fireEvent.change(byLabel(/Αξία οχήματος/), { target: { value: '18500' } });
    fireEvent.blur(byLabel(/Αξία οχήματος/));
    fireEvent.change(byLabel(/Κινητό/), { target: { value: '99123456' } });
    fireEvent.change(byLabel('Email'), { target: { value: 'andreas@example.cy' } });
    fireEvent.blur(byLabel('Email'));
    fireEvent.change(byLabel(/Επαρχία/), { target: { value: 'LEM' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Ναι' }));
    fireEvent.click(byLabel(/Αποδέχομαι/));

    expect(form.data()).toEqual({
      FIRST_NAME: 'ΑΝΔΡΕΑΣ',
      ID_NUMBER: '1234567',
      BIRTH_DATE: '1985-07-14',
      PLATE: 'KXA123',
      VALUE: 18500,
      MOBILE: '99123456',
      EMAIL: 'andreas@example.cy',
      DISTRICT: 'LEM',
      RESIDENT: '1',
      CONSENT: true,
    });
    expect(byLabel(/Αξία οχήματος/).value).toBe('18.500');
    expect(byLabel(/Ημερομηνία γέννησης/).value).toBe('14/07/1985');
    expect(form.validate()).toBe(true);

    // Over the schema maximum: ajv's error shows at the field.
    fireEvent.focus(byLabel(/Αξία οχήματος/));
    fireEvent.change(byLabel(/Αξία οχήματος/), { target: { value: '75000' } });
    fireEvent.blur(byLabel(/Αξία οχήματος/));
    expect(form.validate()).toBe(false);
    expect(byLabel(/Αξία οχήματος/).getAttribute('aria-invalid')).toBe('true');
    expect(
      byLabel(/Αξία οχήματος/)
        .closest('.field')
        ?.classList.contains('field--invalid'),
    ).toBe(true);
    expect(byLabel(/^Όνομα/).getAttribute('aria-invalid')).toBeNull();
  });
});
