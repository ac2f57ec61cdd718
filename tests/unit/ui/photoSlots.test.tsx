// @vitest-environment jsdom
// The claim wizards' photo slots refuse, when chosen, what the service would refuse after the claim
// is filed: a file that is not a photo, and a HEIC photo the browser cannot turn into a JPEG (the
// service's image library cannot read HEVC-coded HEIC; Safari converts, jsdom like Chrome cannot).

import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import enUi from '../../../locales/en/ui.json';
import { templates, widgets } from '../../../src/ui/theme';
import { isHeic } from '../../../src/ui/widgets/resizePhoto';

const validator = customizeValidator();
const schema: RJSFSchema = {
  type: 'object',
  properties: { PHOTOS: { type: 'array', items: { type: 'string' } } },
};
const uiSchema: UiSchema = {
  PHOTOS: {
    'ui:widget': 'photoSlots',
    'ui:options': {
      pendingKey: 'photo-slots-test',
      slots: [{ id: 'INCIDENT_1', kind: 'photo', required: true, label: 'Photo of the damage' }],
    },
  },
};

function renderSlots() {
  const i18n = i18next.createInstance();
  i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { ui: enUi } },
    ns: ['ui'],
    defaultNS: 'ui',
    initAsync: false,
  });
  const changes: unknown[] = [];
  render(
    <I18nextProvider i18n={i18n}>
      <Form
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        widgets={widgets}
        templates={templates}
        noHtml5Validate
        showErrorList={false}
        onChange={(e) => changes.push(e.formData)}
      />
    </I18nextProvider>,
  );
  return changes;
}

/** The slots any change of the form filled. */
const chosen = (changes: unknown[]) =>
  changes.flatMap((c) => ((c as { PHOTOS?: string[] }).PHOTOS ?? []) as string[]);

async function choose(file: File) {
  await act(async () => {
    fireEvent.change(screen.getByLabelText(/Photo of the damage/), { target: { files: [file] } });
  });
}

describe('photo slots', () => {
  afterEach(cleanup);

  it('refuses a HEIC photo the browser cannot convert, saying what to do, and keeps nothing', async () => {
    const changes = renderSlots();
    await choose(new File([new Uint8Array(64)], 'IMG_4410.HEIC', { type: 'image/heic' }));
    expect(await screen.findByText(enUi.photos.heicUnreadable)).toBeTruthy();
    expect(chosen(changes)).toEqual([]);
  });

  it('refuses a file that is not a photo', async () => {
    const changes = renderSlots();
    await choose(new File(['plate'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText(enUi.photos.wrongType.photo)).toBeTruthy();
    expect(chosen(changes)).toEqual([]);
  });

  it('knows HEIC by type or, without one, by name', () => {
    expect(isHeic(new File([], 'a.jpg', { type: 'image/heif' }))).toBe(true);
    expect(isHeic(new File([], 'IMG_1.heic'))).toBe(true);
    expect(isHeic(new File([], 'IMG_1.jpg', { type: 'image/jpeg' }))).toBe(false);
  });
});
