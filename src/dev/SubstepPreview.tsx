// /dev/flows/<flow>/<step>__<substep>: one substep drawn by the real renderer pieces (step bar,
// FormSubstep, PackagesSubstep, notices) on sample data, without the flow machine: nothing is sent
// to the service except the lists of values. The fields can be tried: edits stay on the page, and
// "show every error" shows the validation messages a visitor would see after continue.

import {
  Component,
  type ErrorInfo,
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { evaluateCondition } from '../engine/conditions';
import { todayInNicosia } from '../engine/dates';
import { applyDerived } from '../engine/flow/derived';
import { namespaceOf, qualify } from '../engine/flow/expand';
import type { UiContext } from '../engine/flow/forms';
import type { Flow, Quote } from '../engine/flow/types';
import { type SubstepPosition, substepPositions } from '../engine/machine/createFlowMachine';
import { formatEuro } from '../engine/money';
import { getPath } from '../engine/paths';
import { premiumOf, recordOpened, selectPackage, toggleCover } from '../engine/quote';
import { FormSubstep } from '../ui/flow/FormSubstep';
import { SubstepNotices } from '../ui/flow/Notices';
import { PackagesSubstep } from '../ui/flow/PackagesSubstep';
import { StepBar } from '../ui/flow/StepBar';
import { useLovs } from '../ui/flow/useLovs';
import { createInputIssues } from '../ui/theme';
import '../ui/styles/flow.css';
import { DEV_NS } from './devStrings';
import { onFlowsChanged } from './events';
import { previewPath } from './FlowsIndex';
import { type PreviewFiles, projectFiles } from './projectFiles';
import { type Sample, sampleQuote } from './sampleData';

type Lang = 'el' | 'en';

// While `npm run dev` regenerates, a flow can briefly be newer than its compiled validator (the
// flow file is written first); Vite's update of the validator then remounts the preview. So an
// error is shown only if it is still there after this long.
const ERROR_GRACE_MS = 2500;

/** Shows a render error of the substep in place (a flow edit can break it) until the sample changes. */
class PreviewBoundary extends Component<
  { resetKey: unknown; render: (error: Error) => ReactNode; children: ReactNode },
  { error: Error | null; shown: boolean }
> {
  override state: { error: Error | null; shown: boolean } = { error: null, shown: false };
  private timer: ReturnType<typeof setTimeout> | undefined;

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Flow preview failed to render', error, info.componentStack);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.setState({ shown: true }), ERROR_GRACE_MS);
  }

  override componentDidUpdate(previous: { resetKey: unknown }) {
    if (previous.resetKey !== this.props.resetKey && this.state.error) {
      clearTimeout(this.timer);
      this.setState({ error: null, shown: false });
    }
  }

  override componentWillUnmount() {
    clearTimeout(this.timer);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return this.state.shown ? this.props.render(this.state.error) : null;
  }
}

interface Loaded {
  sample: Sample;
  texts: Record<string, string>;
  hasTariff: boolean;
}

interface BodyProps {
  flow: Flow;
  position: SubstepPosition;
  loaded: Loaded;
  lang: Lang;
  variant?: string;
  onReset: () => void;
}

function PreviewBody({ flow, position, loaded, lang, variant, onReset }: BodyProps) {
  // The renderer's strings, as FlowRunner loads them; the preview's own are in `dev`.
  const { t } = useTranslation([namespaceOf(flow), 'fields', 'flow', 'validation', 'ui']);
  const { t: dt } = useTranslation(DEV_NS);
  const navigate = useNavigate();
  const [quote, setQuote] = useState<Quote>(loaded.sample.quote);
  const [showAll, setShowAll] = useState(false);
  const inputIssues = useMemo(() => createInputIssues(), []);
  const today = todayInNicosia();
  const vars = useMemo(() => ({ variant: variant ?? '' }), [variant]);
  const lovs = useLovs(flow, quote, lang);
  // The lists come from the service, which `npm run dev` restarts on changes: ask again when it says so.
  const retryLovs = useRef(lovs.retry);
  retryLovs.current = lovs.retry;
  useEffect(() => onFlowsChanged(() => retryLovs.current()), []);
  const ctx: UiContext = useMemo(
    () => ({ lang, t: (key, values) => t(key, values), lovOptions: lovs.options, today, vars }),
    [lang, t, lovs.options, today, vars],
  );
  const change = useCallback((next: Quote) => setQuote(applyDerived(flow, next, today)), [flow, today]);
  // A choice the sample quote cannot take (an unknown id) leaves the quote as it was.
  const apply = (edit: (q: Quote) => Quote) =>
    setQuote((q) => {
      try {
        return edit(q);
      } catch {
        return q;
      }
    });

  const { substep } = position;
  const spec = substep.packages;
  const positions = substepPositions(flow);
  const visibleSteps = flow.steps
    .map((_, i) => i)
    .filter((i) => evaluateCondition(flow.steps[i].visibleIf, quote, vars));
  const premium = flow.product ? premiumOf(quote, flow.product.premiumPath) : 0;

  return (
    <>
      <div className="flow" data-flow={flow.id} data-substep={position.key}>
        <StepBar
          flow={flow}
          visible={visibleSteps}
          current={position.stepIndex}
          onGoTo={(stepIndex) => {
            const first = positions.find((p) => p.stepIndex === stepIndex);
            if (first) navigate(previewPath(flow.id, first.key, variant));
          }}
        />
        {premium > 0 && (
          <aside className="flow__premium">
            <span>{t(qualify(flow, flow.product!.premiumWording.label))}</span>{' '}
            <strong>{formatEuro(premium, lang)}</strong>
          </aside>
        )}
        <div className="flow__main">
          <h1 className="flow__title">
            {t(qualify(flow, substep.title ?? flow.steps[position.stepIndex].label))}
          </h1>
          {lovs.failed && (
            <p className="notice notice--error" role="alert">
              {t('flow:lovFailed')}{' '}
              <button type="button" className="btn btn--link" onClick={lovs.retry}>
                {t('flow:retry')}
              </button>
            </p>
          )}
          <form
            className="substep"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              inputIssues.revealAll();
              setShowAll(true);
            }}
          >
            {substep.intro && <p className="substep__intro">{t(qualify(flow, substep.intro))}</p>}
            {spec && loaded.sample.rated && (
              <PackagesSubstep
                flow={flow}
                substep={substep}
                quote={quote}
                lang={lang}
                texts={loaded.texts}
                locked={false}
                pricing={false}
                onSelect={(id) =>
                  apply((q) =>
                    selectPackage(q, id, {
                      list: spec.listPath,
                      offers: spec.offersPath,
                      policy: 'CS_POLICY',
                    }),
                  )
                }
                onToggleCover={(coverId, selected) =>
                  apply((q) =>
                    toggleCover(
                      q,
                      coverId,
                      String(getPath(q, 'CS_POLICY.PACKAGE_ID') ?? ''),
                      selected,
                      spec.coversPath,
                    ),
                  )
                }
                onOpenPanel={(id) =>
                  substep.panels && apply((q) => recordOpened(q, substep.panels!.recordPath, id))
                }
              />
            )}
            {substep.fields?.length ? (
              <FormSubstep
                flow={flow}
                substep={substep}
                quote={quote}
                ctx={ctx}
                showAll={showAll}
                onChange={change}
                inputIssues={inputIssues}
              />
            ) : (
              !spec && <p className="dev-preview__note">{dt('preview.noFields')}</p>
            )}
            <SubstepNotices flow={flow} substep={substep} quote={quote} today={today} vars={vars} t={t} />
            <div className="substep__actions">
              <button type="button" className="btn btn--secondary" onClick={onReset}>
                {dt('preview.reset')}
              </button>
              <button type="submit" className="btn btn--primary">
                {dt('preview.showErrors')}
              </button>
            </div>
          </form>
        </div>
      </div>
      <details className="dev-preview__quote">
        <summary>{dt('preview.quote')}</summary>
        <pre>{JSON.stringify(quote, null, 2)}</pre>
      </details>
    </>
  );
}

function SampleNotes({ flow, position, loaded }: { flow: Flow; position: SubstepPosition; loaded: Loaded }) {
  const { t } = useTranslation(DEV_NS);
  const { sample } = loaded;
  return (
    <div className="dev-preview__notes">
      <p>{sample.scenario ? t('preview.sampleFrom', { file: sample.scenario }) : t('preview.noScenario')}</p>
      {position.substep.packages && !loaded.hasTariff && <p>{t('preview.noTariff')}</p>}
      {position.substep.packages && sample.rated && <p>{t('preview.rated', { flow: flow.id })}</p>}
      {sample.ratingError && (
        <p className="notice notice--warning">{t('preview.ratingFailed', { message: sample.ratingError })}</p>
      )}
    </div>
  );
}

export interface SubstepPreviewProps {
  /** The flows by id (the live generated ones on the dev page). */
  flows: Record<string, Flow>;
  flowId: string;
  /** "<step id>__<substep id>"; empty for the flow's first substep. */
  substepKey: string;
  variant?: string;
  /** Where scenarios, tariffs and rules texts come from (the project's files unless given). */
  files?: PreviewFiles;
}

export function SubstepPreview({
  flows,
  flowId,
  substepKey,
  variant,
  files = projectFiles,
}: SubstepPreviewProps) {
  const { t, i18n } = useTranslation(DEV_NS);
  const lang: Lang = i18n.language === 'en' ? 'en' : 'el';
  const flow = flows[flowId] as Flow | undefined;
  const positions = useMemo(() => (flow ? substepPositions(flow) : []), [flow]);
  const position = substepKey ? positions.find((p) => p.key === substepKey) : positions[0];
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Each new sample (a new flow version, another substep, a reset) starts the form afresh.
  const [version, setVersion] = useState(0);
  const [resets, setResets] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: resets is the trigger of a reset
  useEffect(() => {
    if (!flow || !position) return;
    let live = true;
    Promise.all([files.tariff(flow.id), files.texts(flow.id, lang)])
      .then(([tariff, texts]) => {
        if (!live) return;
        const sample = sampleQuote({
          flow,
          substepKey: position.key,
          scenarios: files.scenarios,
          tariff,
          today: todayInNicosia(),
          variant,
        });
        setLoaded({ sample, texts, hasTariff: tariff !== undefined });
        setFailure(null);
        setVersion((n) => n + 1);
      })
      .catch((error: unknown) => live && setFailure(error instanceof Error ? error.message : String(error)));
    return () => {
      live = false;
    };
  }, [flow, position?.key, files, lang, variant, resets]);

  if (!flow) return <p role="alert">{t('preview.unknownFlow', { flow: flowId })}</p>;
  if (!position)
    return (
      <>
        <p role="alert">{t('preview.unknownSubstep', { flow: flowId, substep: substepKey })}</p>
        <Link to="/dev/flows">{t('preview.back')}</Link>
      </>
    );
  const previous = positions[position.index - 1];
  const next = positions[position.index + 1];

  return (
    <div className="dev-preview">
      <nav className="dev-preview__nav" aria-label={t('title')}>
        <Link to="/dev/flows">{t('preview.back')}</Link>
        <span>
          <code>{flow.id}</code> · <code>{position.key}</code> · {t(`kinds.${position.substep.kind}`)} ·{' '}
          {t('preview.position', { current: position.index + 1, total: positions.length })}
        </span>
        <span className="dev-preview__neighbours">
          {previous && (
            <Link to={previewPath(flow.id, previous.key, variant)}>← {t('preview.previous')}</Link>
          )}
          {next && <Link to={previewPath(flow.id, next.key, variant)}>{t('preview.next')} →</Link>}
        </span>
      </nav>
      {failure && (
        <p className="notice notice--warning" role="alert">
          {t('preview.failed', { message: failure })}
        </p>
      )}
      {loaded && (
        <>
          <SampleNotes flow={flow} position={position} loaded={loaded} />
          <PreviewBoundary
            resetKey={version}
            render={(error) => (
              <p className="notice notice--warning" role="alert">
                {t('preview.failed', { message: error.message })}
              </p>
            )}
          >
            <PreviewBody
              key={version}
              flow={flow}
              position={position}
              loaded={loaded}
              lang={lang}
              variant={variant}
              onReset={() => setResets((n) => n + 1)}
            />
          </PreviewBoundary>
        </>
      )}
    </div>
  );
}
