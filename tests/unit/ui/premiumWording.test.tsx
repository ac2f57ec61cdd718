// @vitest-environment jsdom
// The premium is named by each product's flow: a trip is priced per trip, a year's cover per year.

import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FlowBundle } from '../../../src/engine/flow/bundle';
import { loadFlowBundles } from '../../../src/engine/flow/files';
import { i18next, initI18n } from '../../../src/i18n';
import { PackagesSubstep } from '../../../src/ui/flow/PackagesSubstep';

let bundles: FlowBundle[];
beforeAll(async () => {
  bundles = await loadFlowBundles();
  await initI18n('en');
});
afterEach(cleanup);

function packagesOf(id: string, lang: 'el' | 'en') {
  const { flow } = bundles.find((b) => b.flow.id === id)!;
  const substep = flow.steps.flatMap((s) => s.substeps).find((s) => s.kind === 'packages')!;
  const quote = {
    CT_PACKAGES: [{ PACKAGE_ID: 'P1', PACKAGE_DESC: 'packages.P1', AMOUNT: 48, ZZSELECTED_IND: 'X' }],
  };
  return render(
    <PackagesSubstep
      flow={flow}
      substep={{
        ...substep,
        packages: { ...substep.packages!, listPath: 'CT_PACKAGES', coversPath: undefined },
      }}
      quote={quote}
      lang={lang}
      texts={{}}
      locked={false}
      pricing={false}
      onSelect={() => {}}
      onToggleCover={() => {}}
      onOpenPanel={() => {}}
    />,
  );
}

describe('premium wording from the flow', () => {
  for (const lang of ['el', 'en'] as const) {
    it(`travel is priced for the trip, never "a year" (${lang})`, async () => {
      await i18next.changeLanguage(lang);
      await i18next.loadNamespaces(['travel', 'flow']);
      const { container } = packagesOf('travel', lang);
      const text = container.textContent ?? '';
      expect(text).toContain(i18next.t('travel:premium.period'));
      expect(text).not.toContain(i18next.t('flow:premium.perYear'));
    });
  }

  it('an annual product says "a year"', async () => {
    await i18next.changeLanguage('en');
    await i18next.loadNamespaces(['driver', 'flow']);
    expect(packagesOf('driver', 'en').container.textContent).toContain('a year');
  });

  it('every product flow names its premium', () => {
    for (const { flow } of bundles.filter((b) => b.flow.product))
      expect(flow.product?.premiumWording, flow.id).toBeDefined();
  });
});
