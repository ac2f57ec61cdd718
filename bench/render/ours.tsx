// Our engine: the bench step as a flow substep, rendered by FormSubstep (RJSF with our widgets and
// theme, the substep's precompiled validator and the engine's field rules), held in React state
// the way FlowRunner holds the visitor's draft. Every error is shown (live validation). With
// `?fields=<n>` the generated substep of the large measure (./page.ts) instead.

import '../../src/ui/styles/tokens.css';
import '../../src/ui/styles/form.css';
import i18next from 'i18next';
import { useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import ui from '../../locales/en/ui.json';
import validation from '../../locales/en/validation.json';
import type { UiContext } from '../../src/engine/flow/forms';
import type { Quote } from '../../src/engine/flow/types';
import { FormSubstep } from '../../src/ui/flow/FormSubstep';
import { createInputIssues } from '../../src/ui/theme';
import { benchFlow, benchStrings, growFlow, initialQuote, NAMESPACE } from './benchFlow';
import { startBench } from './harness';
import { pageForm } from './page';

const root = document.getElementById('root') as HTMLElement;
const form = pageForm();
startBench('ours', root, form.lastLabel);

const flow = form.size === null ? benchFlow : growFlow;
const substep =
  form.size === null
    ? benchFlow.steps[0].substeps[0]
    : (growFlow.steps[0].substeps.find(
        (s) => s.id === `f${form.size}`,
      ) as (typeof growFlow.steps)[0]['substeps'][0]);

function Page() {
  const [quote, setQuote] = useState<Quote>(() => initialQuote(form.fields));
  const inputIssues = useMemo(() => createInputIssues(), []);
  const ctx = useMemo<UiContext>(
    () => ({
      lang: 'en',
      t: (key, values) => i18next.t(key, values),
      lovOptions: () => undefined,
      today: '2026-03-10',
    }),
    [],
  );
  return (
    <form className="substep" noValidate>
      <FormSubstep
        flow={flow}
        substep={substep}
        quote={quote}
        ctx={ctx}
        showAll
        onChange={setQuote}
        inputIssues={inputIssues}
      />
    </form>
  );
}

i18next
  .use(initReactI18next)
  .init({
    lng: 'en',
    ns: ['ui', 'validation', NAMESPACE],
    defaultNS: 'ui',
    resources: { en: { ui, validation, [NAMESPACE]: benchStrings(form.fields) } },
    interpolation: { escapeValue: false },
  })
  .then(() => createRoot(root).render(<Page />));
