// @vitest-environment jsdom
// Terms are shown before they are accepted (issue 17, item 3): every product's payment step has a
// box accepting its documents that must be read first (field `readFirst`), and on property the box
// "I received and read the information document and the terms" stays disabled, so a tick is
// refused, until the product summary and the terms were opened.

import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { act, cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { useState } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import elFields from '../../../locales/el/fields.json';
import elFlow from '../../../locales/el/flow.json';
import elProperty from '../../../locales/el/property.json';
import elUi from '../../../locales/el/ui.json';
import enFields from '../../../locales/en/fields.json';
import enFlow from '../../../locales/en/flow.json';
import enProperty from '../../../locales/en/property.json';
import enUi from '../../../locales/en/ui.json';
import { type FlowBundle, localizeRules } from '../../../src/engine/flow/bundle';
import { loadFlowBundles } from '../../../src/engine/flow/files';
import { formDataFor, substepSchema, substepUiSchema } from '../../../src/engine/flow/forms';
import type { Flow, Quote, Substep } from '../../../src/engine/flow/types';
import { productCatalog } from '../../../src/generated/products';
import { templates, widgets } from '../../../src/ui/theme';
import type { ReadFirstDocuments } from '../../../src/ui/widgets/documents';

const validator = customizeValidator();
let bundles: FlowBundle[];

beforeAll(async () => {
  bundles = await loadFlowBundles();
});
afterEach(cleanup);

function makeI18n(lng: 'el' | 'en') {
  const i18n = i18next.createInstance();
  i18n.use(initReactI18next).init({
    lng,
    fallbackLng: false,
    resources: {
      el: { ui: elUi, flow: elFlow, fields: elFields, property: elProperty },
      en: { ui: enUi, flow: enFlow, fields: enFields, property: enProperty },
    },
    ns: ['property', 'fields', 'flow', 'validation', 'ui'],
    defaultNS: 'property',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return i18n;
}

function paymentSubstep(flow: Flow): Substep {
  const found = flow.steps.flatMap((s) => s.substeps).find((u) => u.kind === 'payment');
  if (!found) throw new Error(`${flow.id} has no payment substep`);
  return found;
}

describe('every product accepts its terms only after reading them', () => {
  for (const product of productCatalog) {
    it(`${product.key}: the payment step's acceptance box is required and readFirst`, () => {
      const bundle = bundles.find((b) => b.flow.id === product.key)!;
      const fields = paymentSubstep(bundle.flow).fields ?? [];
      const readFirst = fields.filter((f) => f.readFirst);
      expect(readFirst.map((f) => f.id).length, product.key).toBeGreaterThan(0);
      for (const f of readFirst) {
        expect(f.widget ?? 'checkbox').toBe('checkbox');
        expect(f.required).toBe(true);
      }
      // There is something to read: the product's texts (PRODUCT_SUMMARY, TERMS, IPID …).
      expect(bundle.rules.ET_TEXTS.length, product.key).toBeGreaterThan(0);
    });
  }
});

/** The property payment form as FlowRunner draws it: the documents opened are kept like the runner keeps them. */
function PropertyPayment({
  flow,
  substep,
  lang,
  texts,
  onData,
}: {
  flow: Flow;
  substep: Substep;
  lang: 'el' | 'en';
  texts: { TEXT_NAME: string; TEXT: string }[];
  onData: (data: Record<string, unknown>) => void;
}) {
  const i18n = makeI18n(lang);
  const t = (key: string, values?: Record<string, unknown>) => i18n.t(key, values);
  const quote: Quote = { CS_PROPERTY: { SAME_ADDRESS: '1' } };
  const [formData, setFormData] = useState<Record<string, unknown>>(formDataFor(substep, quote));
  const [opened, setOpened] = useState<string[]>([]);
  const documents: ReadFirstDocuments = {
    items: texts.map((x) => ({ name: x.TEXT_NAME, text: x.TEXT, title: t(`flow:documents.${x.TEXT_NAME}`) })),
    opened,
    onOpen: (name) => setOpened((list) => (list.includes(name) ? list : [...list, name])),
  };
  const uiSchema = substepUiSchema(flow, substep, quote, {
    lang,
    t,
    lovOptions: () => [],
    today: '2026-03-05',
  });
  return (
    <I18nextProvider i18n={i18n}>
      <Form
        schema={substepSchema(flow, substep) as RJSFSchema}
        uiSchema={uiSchema}
        formData={formData}
        validator={validator}
        widgets={widgets}
        templates={templates}
        formContext={{ documents }}
        noHtml5Validate
        showErrorList={false}
        onChange={(e) => {
          setFormData(e.formData as Record<string, unknown>);
          onData(e.formData as Record<string, unknown>);
        }}
      />
    </I18nextProvider>
  );
}

function openDocument(title: string) {
  const summary = screen.getByText(title, { selector: 'summary' });
  const details = summary.closest('details')!;
  act(() => {
    details.open = true;
    details.dispatchEvent(new Event('toggle'));
  });
}

describe('property: the pre-contract information box waits for the documents', () => {
  for (const lang of ['el', 'en'] as const) {
    it(`refuses the tick until the product summary and the terms were opened (${lang})`, () => {
      const bundle = bundles.find((b) => b.flow.id === 'property')!;
      const substep = paymentSubstep(bundle.flow);
      const texts = localizeRules(bundle.rules, lang).ET_TEXTS;
      const flowText = lang === 'el' ? elFlow : enFlow;
      let data: Record<string, unknown> = {};
      render(
        <PropertyPayment
          flow={bundle.flow}
          substep={substep}
          lang={lang}
          texts={texts}
          onData={(d) => {
            data = d;
          }}
        />,
      );
      const box = document.getElementById('root_CONS_PRECONTR_INFO') as HTMLInputElement;
      expect(box).toBeTruthy();
      expect(box.disabled).toBe(true);
      expect(screen.getByText(flowText.documents.readFirst)).toBeTruthy();
      // The documents are offered beside the box, one per product text.
      expect(document.querySelectorAll('.read-first__document')).toHaveLength(texts.length);

      // A tick before reading is refused (a disabled box takes no click, as in a browser).
      act(() => box.click());
      expect(box.checked).toBe(false);
      expect(data.CONS_PRECONTR_INFO).not.toBe(true);

      // One document is not enough.
      openDocument(flowText.documents.PRODUCT_SUMMARY);
      expect(box.disabled).toBe(true);
      openDocument(flowText.documents.TERMS);
      expect(box.disabled).toBe(false);
      expect(screen.getByText(flowText.documents.allRead)).toBeTruthy();

      act(() => box.click());
      expect(box.checked).toBe(true);
      expect(data.CONS_PRECONTR_INFO).toBe(true);
    });
  }

  it('the other declarations need no documents', () => {
    const bundle = bundles.find((b) => b.flow.id === 'property')!;
    const substep = paymentSubstep(bundle.flow);
    render(
      <PropertyPayment
        flow={bundle.flow}
        substep={substep}
        lang="el"
        texts={localizeRules(bundle.rules, 'el').ET_TEXTS}
        onData={() => {}}
      />,
    );
    for (const id of ['CONS_VALID_DATA', 'CONS_GDPR']) {
      const box = document.getElementById(`root_${id}`) as HTMLInputElement;
      expect(box.disabled, id).toBe(false);
    }
    // The documents are listed once, beside the box that accepts them.
    expect(document.querySelectorAll('.read-first')).toHaveLength(1);
  });
});
