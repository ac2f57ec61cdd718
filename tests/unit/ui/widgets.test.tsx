// @vitest-environment jsdom
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import elUi from '../../../locales/el/ui.json';
import enUi from '../../../locales/en/ui.json';
import { createInputIssues, type InputIssues, templates, widgets } from '../../../src/ui/theme';
import { HOLD_MS } from '../../../src/ui/widgets/TextInput';

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
  lang?: 'el' | 'en';
  inputIssues?: InputIssues;
}

/** Renders a real RJSF form with the theme; `data()` is the form data of the last change. */
function renderForm({ schema, uiSchema, formData = {}, lang = 'el', inputIssues }: Setup) {
  const changes: Record<string, unknown>[] = [];
  const utils = render(
    <I18nextProvider i18n={makeI18n(lang)}>
      <Form
        schema={schema}
        uiSchema={uiSchema}
        formData={formData}
        validator={validator}
        widgets={widgets}
        templates={templates}
        formContext={inputIssues ? { inputIssues } : undefined}
        noHtml5Validate
        showErrorList={false}
        onChange={(e) => changes.push(e.formData as Record<string, unknown>)}
      />
    </I18nextProvider>,
  );
  return { ...utils, changes, data: () => changes[changes.length - 1] ?? formData };
}

function one(
  widget: string,
  type: RJSFSchema['type'] = 'string',
  options: Record<string, unknown> = {},
  extra = {},
) {
  return {
    schema: { type: 'object', properties: { f: { type, ...extra } } } as RJSFSchema,
    uiSchema: { f: { 'ui:widget': widget, 'ui:title': 'Πεδίο', 'ui:options': { lang: 'el', ...options } } },
  };
}

/** Types character by character with the caret at the end, as a visitor would (focus them first to check the caret). */
function typeInto(input: HTMLElement, chars: string) {
  for (const ch of chars) {
    fireEvent.change(input, { target: { value: (input as HTMLInputElement).value + ch } });
  }
}

function field(): HTMLInputElement {
  return screen.getByLabelText(/Πεδίο|Field/) as HTMLInputElement;
}

afterEach(cleanup);

describe('date widget', () => {
  it('formats "05032026" as "05/03/2026" while typing and stores 2026-03-05 only when complete', () => {
    const form = renderForm(one('date'));
    const input = field();
    expect(input.getAttribute('placeholder')).toBe('ηη/μμ/εεεε');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    typeInto(input, '0503');
    expect(input.value).toBe('05/03');
    expect(form.data().f).toBeUndefined();
    typeInto(input, '2026');
    expect(input.value).toBe('05/03/2026');
    expect(form.data().f).toBe('2026-03-05');
  });

  it('shows a stored Y-m-d as DD/MM/YYYY', () => {
    renderForm({ ...one('date'), formData: { f: '2026-03-05' } });
    expect(field().value).toBe('05/03/2026');
  });

  it('keeps incomplete text, stores nothing, and says so on blur', () => {
    const form = renderForm({ ...one('date'), formData: { f: '2026-03-05' } });
    const input = field();
    fireEvent.change(input, { target: { value: '05/03/20' } });
    expect(input.value).toBe('05/03/20');
    expect(form.data().f).toBeUndefined();
    // Not shown while typing …
    expect(screen.queryByText(/ολόκληρη την ημερομηνία/)).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
    fireEvent.blur(input);
    // … but after leaving the field, with the text still there.
    expect(screen.getByText(/Συμπληρώστε ολόκληρη την ημερομηνία/)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.value).toBe('05/03/20');
  });

  it('reports a complete but impossible date at once', () => {
    const form = renderForm(one('date'));
    const input = field();
    typeInto(input, '31022026');
    expect(input.value).toBe('31/02/2026');
    expect(form.data().f).toBeUndefined();
    expect(screen.getByText(/Αυτή η ημερομηνία δεν υπάρχει/)).toBeTruthy();
  });

  it('clears an invalid preloaded value', () => {
    const form = renderForm({ ...one('date'), formData: { f: '2026-02-30' } });
    expect(field().value).toBe('');
    expect(form.changes.length).toBeGreaterThan(0);
    expect(form.data().f).toBeUndefined();
  });

  it('treats the zero date as empty and clears it', () => {
    const form = renderForm({ ...one('date'), formData: { f: '0000-00-00' } });
    expect(field().value).toBe('');
    expect(form.data().f).toBeUndefined();
  });

  it('clears a preloaded value outside min/max but keeps one inside', () => {
    const opts = { min: '2026-03-01', max: '2026-03-31' };
    const outside = renderForm({ ...one('date', 'string', opts), formData: { f: '2026-04-15' } });
    expect(field().value).toBe('');
    expect(outside.data().f).toBeUndefined();
    cleanup();
    const inside = renderForm({ ...one('date', 'string', opts), formData: { f: '2026-03-15' } });
    expect(field().value).toBe('15/03/2026');
    expect(inside.changes).toEqual([]);
  });

  it('shows the min/max error for a typed date outside the bounds', () => {
    const form = renderForm(one('date', 'string', { min: '2026-03-01', max: '2026-03-31' }));
    const input = field();
    typeInto(input, '28022026');
    expect(form.data().f).toBeUndefined();
    expect(screen.getByText('Η ημερομηνία δεν μπορεί να είναι πριν από τις 01/03/2026.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '01/04/2026' } });
    expect(screen.getByText('Η ημερομηνία δεν μπορεί να είναι μετά τις 31/03/2026.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '31/03/2026' } });
    expect(form.data().f).toBe('2026-03-31');
    expect(screen.queryByText(/δεν μπορεί/)).toBeNull();
  });

  it('reports held text to the form-level registry until it becomes a value', () => {
    const inputIssues = createInputIssues();
    renderForm({ ...one('date'), inputIssues });
    const input = field();
    typeInto(input, '0503');
    expect(inputIssues.pending()).toEqual([input.id]);
    // A continue without blur (Enter) reveals the held-back message.
    act(() => {
      expect(inputIssues.revealAll()).toBe(input.id);
    });
    expect(screen.getByText(/Συμπληρώστε ολόκληρη την ημερομηνία/)).toBeTruthy();
    typeInto(input, '2026');
    expect(inputIssues.pending()).toEqual([]);
  });

  it('hides the schema "required" error while a date is being typed', () => {
    const schema: RJSFSchema = { type: 'object', required: ['f'], properties: { f: { type: 'string' } } };
    render(
      <I18nextProvider i18n={makeI18n('el')}>
        <Form
          schema={schema}
          uiSchema={{ f: { 'ui:widget': 'date', 'ui:title': 'Πεδίο' } }}
          validator={validator}
          widgets={widgets}
          templates={templates}
          extraErrors={{ f: { __errors: ['Υποχρεωτικό πεδίο'] } } as never}
          showErrorList={false}
        />
      </I18nextProvider>,
    );
    const input = field();
    expect(screen.getByText('Υποχρεωτικό πεδίο')).toBeTruthy();
    typeInto(input, '05');
    expect(screen.queryByText('Υποχρεωτικό πεδίο')).toBeNull();
  });
});

describe('currency widget', () => {
  it('emits 12500 for "12500" and shows "12.500 €" in Greek once the field is left', async () => {
    const form = renderForm(one('currency', 'integer'));
    const input = field();
    fireEvent.focus(input);
    typeInto(input, '12500');
    expect(input.value).toBe('12500');
    expect(form.data().f).toBe(12500);
    fireEvent.blur(input);
    expect(input.value).toBe('12.500');
    expect(screen.getByText('€')).toBeTruthy();
    // Editing shows plain digits again, with what was selected still selected.
    input.setSelectionRange(0, input.value.length);
    await act(async () => input.focus());
    expect(input.value).toBe('12500');
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 5]);
  });

  it('groups with commas in English and reads either style', () => {
    const form = renderForm({ ...one('currency', 'integer', { lang: 'en' }), lang: 'en' });
    const input = screen.getByLabelText('Πεδίο') as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '12.500' } });
    expect(form.data().f).toBe(12500);
    fireEvent.blur(input);
    expect(input.value).toBe('12,500');
  });

  it('shows a preloaded amount grouped', () => {
    renderForm({ ...one('currency', 'integer'), formData: { f: 1250000 } });
    expect(field().value).toBe('1.250.000');
  });

  it('refuses an ambiguous decimal amount instead of guessing', () => {
    const form = renderForm({ ...one('currency', 'integer'), formData: { f: 100 } });
    const input = field();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '12,5' } });
    expect(form.data().f).toBeUndefined();
    fireEvent.blur(input);
    expect(input.value).toBe('12,5');
    expect(screen.getByText(/ολόκληρα ευρώ/)).toBeTruthy();
  });

  it('drops letters as they are typed', () => {
    const form = renderForm(one('currency', 'integer'));
    const input = field();
    typeInto(input, '1a2');
    expect(input.value).toBe('12');
    expect(form.data().f).toBe(12);
  });
});

describe('text-like widgets', () => {
  it('plate: upper case without spaces while typing, normalised on blur', () => {
    const form = renderForm(one('plate'));
    const input = field();
    typeInto(input, 'κχ 5');
    expect(input.value).toBe('ΚΧ5');
    fireEvent.blur(input);
    expect(form.data().f).toBe('KX005');
    expect(input.value).toBe('KX005');
  });

  it('iban: groups of four on screen, compact upper case stored', () => {
    const form = renderForm(one('iban'));
    const input = field();
    typeInto(input, 'cy17002001280000001200527600');
    expect(input.value).toBe('CY17 0020 0128 0000 0012 0052 7600');
    expect(form.data().f).toBe('CY17002001280000001200527600');
  });

  it('iban: an edit in the middle keeps the caret after the typed character', () => {
    renderForm({ ...one('iban'), formData: { f: 'CY170020' } });
    const input = field();
    input.focus();
    // A "0" typed after "CY1" (caret now at 4): the groups reflow, the caret stays after the 0.
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setValue?.call(input, 'CY1017 0020');
    input.setSelectionRange(4, 4);
    fireEvent.input(input);
    expect(input.value).toBe('CY10 1700 20');
    expect(input.selectionStart).toBe(4);
  });

  it('iban: shows a stored value grouped', () => {
    renderForm({ ...one('iban'), formData: { f: 'GR1601101250000000012300695' } });
    expect(field().value).toBe('GR16 0110 1250 0000 0001 2300 695');
  });

  it('phone: "99 123456" on screen, digits stored, +357 stripped', () => {
    const form = renderForm(one('phone'));
    const input = field();
    typeInto(input, '+35799123456');
    expect(input.value).toBe('+357 99 123456');
    expect(form.data().f).toBe('99123456');
    fireEvent.change(input, { target: { value: '9912' } });
    expect(input.value).toBe('99 12');
    expect(form.data().f).toBeUndefined();
    fireEvent.blur(input);
    expect(screen.getByText(/8 ψηφία/)).toBeTruthy();
  });

  it('uppercase: forced capitals, Greek accents dropped', () => {
    const form = renderForm(one('uppercase'));
    typeInto(field(), 'Παπαδόπουλος');
    expect(field().value).toBe('ΠΑΠΑΔΟΠΟΥΛΟΣ');
    fireEvent.blur(field());
    expect(form.data().f).toBe('ΠΑΠΑΔΟΠΟΥΛΟΣ');
  });

  it('digits: anything but digits is dropped', () => {
    const form = renderForm(one('digits'));
    typeInto(field(), '12a-34 5');
    expect(form.data().f).toBe('12345');
  });

  it('cardExpiry: MM/YY with the slash inserted; month 13 is refused at once', () => {
    const form = renderForm(one('cardExpiry'));
    const input = field();
    typeInto(input, '0899');
    expect(input.value).toBe('08/99');
    expect(form.data().f).toBe('08/99');
    fireEvent.change(input, { target: { value: '13/99' } });
    expect(form.data().f).toBeUndefined();
    expect(screen.getByText(/από 01 έως 12/)).toBeTruthy();
  });

  it('time: HH:MM', () => {
    const form = renderForm(one('time'));
    typeInto(field(), '0930');
    expect(field().value).toBe('09:30');
    expect(form.data().f).toBe('09:30');
  });

  it('email: spaces cannot be typed; clearing stores nothing', () => {
    const form = renderForm(one('email'));
    const input = field();
    // Focused, as when typing: email inputs have no selection API, so the caret is left alone.
    input.focus();
    typeInto(input, 'maria @example.cy');
    fireEvent.blur(input);
    expect(form.data().f).toBe('maria@example.cy');
    expect(input.getAttribute('type')).toBe('email');
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    expect(form.data().f).toBeUndefined();
  });

  it('number: integers as numbers, text that is not a number is held', () => {
    const form = renderForm(one('number', 'integer'));
    const input = field();
    typeInto(input, '42');
    expect(form.data().f).toBe(42);
    fireEvent.change(input, { target: { value: '-' } });
    expect(form.data().f).toBeUndefined();
  });

  it('password: show / hide toggle', () => {
    renderForm(one('password'));
    const input = field();
    expect(input.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Εμφάνιση κωδικού' }));
    expect(input.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Απόκρυψη κωδικού' }));
    expect(input.type).toBe('password');
  });

  it('textarea: live counter against maxLength', () => {
    renderForm(one('textarea', 'string', {}, { maxLength: 1024 }));
    const area = field();
    fireEvent.change(area, { target: { value: 'x'.repeat(124) } });
    expect(screen.getByText('124/1024')).toBeTruthy();
    expect(area.getAttribute('maxlength')).toBe('1024');
    expect(area.getAttribute('aria-describedby')).toContain('__counter');
  });
});

describe('choice widgets', () => {
  const options = [
    { value: '1', label: 'Λευκωσία' },
    { value: '2', label: 'Λεμεσός' },
    { value: '3', label: 'Λάρνακα' },
  ];

  it('select: translated placeholder, options from ui:options, integer values as numbers', () => {
    const form = renderForm(one('select', 'integer', { options }));
    const select = field();
    expect(screen.getByRole('option', { name: 'Επιλέξτε…' })).toBeTruthy();
    fireEvent.change(select, { target: { value: '2' } });
    expect(form.data().f).toBe(2);
    fireEvent.change(select, { target: { value: '' } });
    expect(form.data().f).toBeUndefined();
  });

  it('radio: a labelled radiogroup that stores the option value', () => {
    const form = renderForm(one('radio', 'string', { options }));
    const group = screen.getByRole('radiogroup', { name: 'Πεδίο' });
    expect(group).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Λάρνακα'));
    expect(form.data().f).toBe('3');
  });

  it('yesno: "1" / "2", with arrow keys moving and selecting (wrapping), Home and End', () => {
    const form = renderForm({ ...one('yesno'), formData: { f: '1' } });
    const yes = screen.getByRole('radio', { name: 'Ναι' }) as HTMLInputElement;
    const no = screen.getByRole('radio', { name: 'Όχι' }) as HTMLInputElement;
    expect(screen.getByRole('radiogroup', { name: 'Πεδίο' })).toBeTruthy();
    expect(yes.checked).toBe(true);
    yes.focus();
    fireEvent.keyDown(yes, { key: 'ArrowRight' });
    expect(form.data().f).toBe('2');
    expect(document.activeElement).toBe(no);
    expect(no.checked).toBe(true);
    fireEvent.keyDown(no, { key: 'ArrowDown' });
    expect(form.data().f).toBe('1');
    expect(document.activeElement).toBe(yes);
    fireEvent.keyDown(yes, { key: 'ArrowUp' });
    expect(form.data().f).toBe('2');
    fireEvent.keyDown(no, { key: 'Home' });
    expect(form.data().f).toBe('1');
    fireEvent.keyDown(yes, { key: 'End' });
    expect(form.data().f).toBe('2');
  });

  it('yesno: other keys do nothing, and a disabled group ignores arrows', () => {
    const form = renderForm({
      ...one('yesno'),
      uiSchema: { f: { 'ui:widget': 'yesno', 'ui:title': 'Πεδίο', 'ui:disabled': true } },
      formData: { f: '1' },
    });
    const yes = screen.getByRole('radio', { name: 'Ναι' });
    fireEvent.keyDown(yes, { key: 'ArrowRight' });
    fireEvent.keyDown(yes, { key: 'a' });
    expect(form.changes).toEqual([]);
  });

  it('yesno on a boolean field stores true / false', () => {
    const form = renderForm(one('yesno', 'boolean'));
    fireEvent.click(screen.getByRole('radio', { name: 'Όχι' }));
    expect(form.data().f).toBe(false);
    fireEvent.click(screen.getByRole('radio', { name: 'Ναι' }));
    expect(form.data().f).toBe(true);
  });

  it('checkbox: a consent with its own label; unticking a required box stores nothing', () => {
    const schema: RJSFSchema = { type: 'object', required: ['c'], properties: { c: { type: 'boolean' } } };
    const uiSchema = {
      c: { 'ui:widget': 'checkbox', 'ui:title': 'Συμφωνώ με την επεξεργασία των δεδομένων μου' },
    };
    const form = renderForm({ schema, uiSchema });
    const box = screen.getByLabelText(/Συμφωνώ/) as HTMLInputElement;
    fireEvent.click(box);
    expect(form.data().c).toBe(true);
    fireEvent.click(box);
    expect(form.data().c).toBeUndefined();
  });

  it('hidden: renders nothing and keeps the value', () => {
    const schema: RJSFSchema = {
      type: 'object',
      properties: { h: { type: 'string' }, t: { type: 'string' } },
    };
    const uiSchema = { h: { 'ui:widget': 'hidden' }, t: { 'ui:title': 'Πεδίο' } };
    const form = renderForm({ schema, uiSchema, formData: { h: 'secret', t: '' } });
    expect(document.querySelector('[id="root_h"]')).toBeNull();
    typeInto(field(), 'a');
    fireEvent.blur(field());
    expect(form.data()).toEqual({ h: 'secret', t: 'a' });
  });
});

describe('free text is held while typed', () => {
  it('the input shows each keystroke; the form hears the text when typing pauses', () => {
    vi.useFakeTimers();
    try {
      const form = renderForm(one('text'));
      typeInto(field(), 'Ανδρέας');
      expect(field().value).toBe('Ανδρέας');
      expect(form.data().f).toBeUndefined();
      act(() => vi.advanceTimersByTime(HOLD_MS));
      expect(form.data().f).toBe('Ανδρέας');
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaving the field or pressing Enter hands the text over at once', () => {
    const form = renderForm(one('text'));
    typeInto(field(), 'Λεμεσός');
    fireEvent.blur(field());
    expect(form.data().f).toBe('Λεμεσός');
    typeInto(field(), ' 3041');
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(form.data().f).toBe('Λεμεσός 3041');
  });
});
