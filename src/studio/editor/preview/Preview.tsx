// The live preview beside the editor: the selected substep of the draft drawn by the site's own
// renderer (FormSubstep, notices), at a phone's 390 px and a desktop's 1280 px, in Greek and in
// English, each in a frame of its own so the site's media queries see that width. The sample
// answers start from a test scenario that reaches the substep and can be changed in any frame:
// every frame shows the same answers. The draft's validators come later (a module the service
// compiles); until then the engine checks the fields' keywords itself.

import type { i18n as I18n } from 'i18next';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { todayInNicosia } from '../../../engine/dates';
import { applyDerived } from '../../../engine/flow/derived';
import { namespaceOf, qualify } from '../../../engine/flow/expand';
import type { UiContext } from '../../../engine/flow/forms';
import type { Flow, Quote } from '../../../engine/flow/types';
import {
  initialQuote,
  type SubstepPosition,
  substepPositions,
} from '../../../engine/machine/createFlowMachine';
import { setPath } from '../../../engine/paths';
import { FormSubstep } from '../../../ui/flow/FormSubstep';
import { SubstepNotices } from '../../../ui/flow/Notices';
import { useLovs } from '../../../ui/flow/useLovs';
import { createInputIssues } from '../../../ui/theme';
import '../../../ui/styles/flow.css';
import type { ScenarioFile } from '../model/references';
import { type Lang, overlayTexts, siteTexts } from './siteTexts';

export type Width = 390 | 1280;

/** The quote a visitor would have on reaching the substep: defaults, then a scenario's answers. */
export function sampleAnswers(
  flow: Flow,
  position: SubstepPosition,
  scenarios: Record<string, ScenarioFile>,
  sourceId: string,
): Quote {
  const positions = substepPositions(flow);
  const names = Object.keys(scenarios)
    .filter((n) => scenarios[n].flow === sourceId)
    .sort();
  const name = names.find((n) => scenarios[n].steps.some((s) => s.substep === position.key)) ?? names[0];
  const steps = name ? scenarios[name].steps : [];
  const today = todayInNicosia();
  let quote = initialQuote(flow);
  for (const p of positions.slice(0, position.index + 1)) {
    const step = steps.find((s) => s.substep === p.key);
    for (const [path, value] of Object.entries(step?.answers ?? {}))
      if (!(typeof value === 'string' && /^today/.test(value))) quote = setPath(quote, path, value);
    quote = applyDerived(flow, quote, today);
  }
  return quote;
}

/** A same-origin frame the children are drawn into, with the studio page's styles copied in. */
function Frame({
  width,
  title,
  lang,
  children,
}: {
  width: Width;
  title: string;
  lang: Lang;
  children: ReactNode;
}) {
  const ref = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [body, setBody] = useState<HTMLElement | null>(null);
  const [height, setHeight] = useState(600);
  // The frame keeps its width (the site's media queries see 390 or 1280 px) and is scaled down
  // to the column it sits in, so the whole page shows without a sideways scroll.
  const [scale, setScale] = useState(1);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const fit = () => setScale(Math.min(1, el.clientWidth / width));
    fit();
    const sizes = new ResizeObserver(fit);
    sizes.observe(el);
    return () => sizes.disconnect();
  }, [width]);
  useEffect(() => {
    const frame = ref.current;
    const doc = frame?.contentDocument;
    if (!frame || !doc) return;
    doc.documentElement.lang = lang;
    const copy = () => {
      for (const node of document.head.querySelectorAll('style, link[rel="stylesheet"]')) {
        const key = node instanceof HTMLLinkElement ? node.href : (node.textContent ?? '').slice(0, 200);
        if ([...doc.head.children].some((c) => c.getAttribute('data-copy') === key)) continue;
        const clone = node.cloneNode(true) as HTMLElement;
        clone.setAttribute('data-copy', key);
        doc.head.appendChild(clone);
      }
    };
    copy();
    const styles = new MutationObserver(copy);
    styles.observe(document.head, { childList: true, subtree: true });
    doc.body.className = 'studio-preview-frame';
    setBody(doc.body);
    const sizes = new ResizeObserver(() => setHeight(Math.max(400, doc.documentElement.scrollHeight)));
    sizes.observe(doc.body);
    return () => {
      styles.disconnect();
      sizes.disconnect();
    };
  }, [lang]);
  return (
    <div ref={box} className="preview-frame" style={{ height: Math.ceil(height * scale) + 2 }}>
      <iframe
        ref={ref}
        title={title}
        className="preview-frame__iframe"
        width={width}
        height={height}
        style={scale < 1 ? { transform: `scale(${scale})`, transformOrigin: '0 0' } : undefined}
      />
      {body && createPortal(children, body)}
    </div>
  );
}

interface BodyProps {
  flow: Flow;
  position: SubstepPosition;
  lang: Lang;
  quote: Quote;
  onChange: (quote: Quote) => void;
}

function SubstepBody({ flow, position, lang, quote, onChange }: BodyProps) {
  const { t } = useTranslation([namespaceOf(flow), 'fields', 'flow', 'validation', 'ui']);
  const inputIssues = useMemo(() => createInputIssues(), []);
  const today = todayInNicosia();
  const vars = useMemo(() => ({ variant: '' }), []);
  const lovs = useLovs(flow, quote, lang);
  const ctx: UiContext = useMemo(
    () => ({ lang, t: (key, values) => t(key, values), lovOptions: lovs.options, today, vars }),
    [lang, t, lovs.options, today, vars],
  );
  const { substep } = position;
  return (
    <div className="flow" data-flow={flow.id} data-substep={position.key}>
      <main className="flow__main">
        <h1 className="flow__title">
          {t(qualify(flow, substep.title ?? flow.steps[position.stepIndex].label))}
        </h1>
        <form className="substep" noValidate onSubmit={(e) => e.preventDefault()}>
          {substep.intro && <p className="substep__intro">{t(qualify(flow, substep.intro))}</p>}
          {substep.fields?.length ? (
            <FormSubstep
              flow={flow}
              substep={substep}
              quote={quote}
              ctx={ctx}
              showAll={false}
              onChange={(next) => onChange(applyDerived(flow, next, today))}
              inputIssues={inputIssues}
            />
          ) : null}
          <SubstepNotices flow={flow} substep={substep} quote={quote} today={today} vars={vars} t={t} />
        </form>
      </main>
    </div>
  );
}

export interface PreviewProps {
  /** The draft's flow, expanded. */
  flow: Flow;
  /** The flow's id in the repository (scenarios name it). */
  sourceId: string;
  substepKey: string | null;
  /** The draft's texts of the flow's namespace, by language. */
  texts: { el?: Record<string, unknown>; en?: Record<string, unknown> };
  scenarios: Record<string, ScenarioFile>;
}

export function Preview({ flow: draft, sourceId, substepKey, texts, scenarios }: PreviewProps) {
  const { t } = useTranslation('editor');
  const [width, setWidth] = useState<Width>(390);
  const [langs, setLangs] = useState<Lang[]>(['el', 'en']);
  const [instances, setInstances] = useState<Partial<Record<Lang, I18n>>>({});
  // Another id than the live flow's: the live flow's compiled validators do not fit a draft.
  const flow = useMemo(() => ({ ...draft, id: `${draft.id}-draft`, namespace: namespaceOf(draft) }), [draft]);
  const namespace = namespaceOf(draft);
  const positions = useMemo(() => substepPositions(flow), [flow]);
  const position = positions.find((p) => p.key === substepKey) ?? positions[0];
  const [quote, setQuote] = useState<Quote | null>(null);
  const [textsVersion, setTextsVersion] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new substep starts from its sample
  useEffect(() => {
    if (position) setQuote(sampleAnswers(flow, position, scenarios, sourceId));
  }, [position?.key, sourceId]);

  useEffect(() => {
    let live = true;
    Promise.all((['el', 'en'] as const).map((l) => siteTexts(l, namespace))).then(([el, en]) => {
      if (!live) return;
      overlayTexts(el, 'el', namespace, texts.el);
      overlayTexts(en, 'en', namespace, texts.en);
      setInstances({ el, en });
      setTextsVersion((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [namespace, texts]);

  if (!position) return <p>{t('preview.noSubstep')}</p>;
  return (
    <section className="preview" aria-labelledby="preview-title">
      <h2 id="preview-title">{t('preview.title')}</h2>
      <p className="preview__where">
        <code>{position.key}</code> · {t('preview.note')}
      </p>
      <fieldset className="preview__controls">
        <legend>{t('preview.width')}</legend>
        {([390, 1280] as const).map((w) => (
          <label key={w}>
            <input type="radio" name="preview-width" checked={width === w} onChange={() => setWidth(w)} />{' '}
            {t(`preview.w${w}`)}
          </label>
        ))}
      </fieldset>
      <fieldset className="preview__controls">
        <legend>{t('preview.languages')}</legend>
        {(['el', 'en'] as const).map((l) => (
          <label key={l}>
            <input
              type="checkbox"
              checked={langs.includes(l)}
              onChange={(e) =>
                setLangs(e.target.checked ? [...new Set([...langs, l])] : langs.filter((x) => x !== l))
              }
            />{' '}
            {t(`lang.${l}`)}
          </label>
        ))}
      </fieldset>
      <button
        type="button"
        className="btn btn--link"
        onClick={() => setQuote(sampleAnswers(flow, position, scenarios, sourceId))}
      >
        {t('preview.reset')}
      </button>
      <div className={`preview__frames preview__frames--${width}`}>
        {quote &&
          langs.map((l) => {
            const i18n = instances[l];
            if (!i18n) return null;
            return (
              <Frame
                key={`${l}-${width}`}
                width={width}
                lang={l}
                title={t('preview.frame', { width, lang: t(`lang.${l}`) })}
              >
                <I18nextProvider i18n={i18n}>
                  <SubstepBody
                    key={textsVersion}
                    flow={flow}
                    position={position}
                    lang={l}
                    quote={quote}
                    onChange={setQuote}
                  />
                </I18nextProvider>
              </Frame>
            );
          })}
      </div>
    </section>
  );
}
