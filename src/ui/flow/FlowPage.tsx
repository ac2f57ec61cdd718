// The route component of every product flow (/{product}/offer/{step}, /payment/{step},
// /send-offer): loads the flow, keeps the machine and the URL in step, renders the runner.

import i18next from 'i18next';
import { use, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { namespaceOf } from '../../engine/flow/expand';
import { formSubsteps } from '../../engine/flow/forms';
import type { Flow } from '../../engine/flow/types';
import { type SubstepPosition, substepPositions } from '../../engine/machine/createFlowMachine';
import { trackedPromise } from '../lazy';
import { FlowRunner, RUNNER_NAMESPACES } from './FlowRunner';
import { type FlowActor, getFlowActor, resetFlowActor } from './flowActors';
import { loadLiveFlow, refreshLiveTexts } from './liveFlow';
import { OfferReopen } from './OfferReopen';
import { loadValidator, preloadFirstValidator } from './substepValidator';
import { type SeenPlace, useUrlFollowsMachine } from './urlFollowsMachine';
import '../styles/flow.css';

export interface FlowPageProps {
  flowId: string;
  section: 'offer' | 'payment' | 'send-offer';
  step: number;
  /** Values the page around the flow puts into its quote, by path, kept current as they change. */
  values?: Record<string, unknown>;
  /** What the page shows below the flow's step (a promo-code link). */
  aside?: React.ReactNode;
}

// Offer and payment URLs number the substeps without the send-offer one, which has its own path
// (spec §2: motor's payment is substep 5 after the offer step, property's substep 4).
const numbered = (positions: SubstepPosition[]) => positions.filter((p) => p.substep.kind !== 'sendOffer');

/** The URL of a substep: payment substeps under /payment, send-offer at its own path. */
export function substepUrl(flow: Flow, position: SubstepPosition): string {
  if (position.substep.kind === 'sendOffer') return `/${flow.id}/send-offer`;
  const n = numbered(substepPositions(flow)).findIndex((p) => p.index === position.index) + 1;
  if (position.substep.kind === 'payment') return `/${flow.id}/payment/${n}`;
  return `/${flow.id}/offer/${n}`;
}

function positionOfUrl(positions: SubstepPosition[], section: FlowPageProps['section'], step: number) {
  if (section === 'send-offer') return positions.find((p) => p.substep.kind === 'sendOffer');
  return numbered(positions)[step - 1];
}

// One load per flow for the page's life. The page suspends on it (React's use), so the prerender
// waits for the flow and renders its first step, and hydration keeps the prerendered step on
// screen until the flow's chunk has arrived.
const flowLoads = new Map<string, Promise<Flow>>();

function loadFlow(flowId: string): Promise<Flow> | null {
  let loading = flowLoads.get(flowId);
  if (!loading) {
    // The live version of the flow and of its texts, or the build's when they are the same, or
    // the journey's own when it started on another (./liveFlow.ts).
    const load = loadLiveFlow(flowId);
    if (!load) return null;
    // What the runner needs next travels with the flow's chunk, not after it: its strings (it
    // shows a loader until they are there) and the first form's validator (never waited for: the
    // fields are drawn without it, ./substepValidator.ts).
    i18next.loadNamespaces(RUNNER_NAMESPACES).catch(() => undefined);
    preloadFirstValidator(flowId);
    refreshLiveTexts(['common', ...RUNNER_NAMESPACES]).catch(() => undefined);
    loading = trackedPromise(
      load.then((flow) => {
        i18next.loadNamespaces(namespaceOf(flow)).catch(() => undefined);
        const first = formSubsteps(flow)[0];
        if (first) loadValidator(flow, first).catch(() => undefined);
        return flow;
      }),
    );
    // A failed load is asked for again on the next render (the area's retry).
    loading.catch(() => flowLoads.delete(flowId));
    flowLoads.set(flowId, loading);
  }
  return loading;
}

function SyncedRunner({
  actor,
  flow,
  section,
  step,
  values,
  aside,
}: {
  actor: FlowActor;
  flow: Flow;
  section: FlowPageProps['section'];
  step: number;
  values?: Record<string, unknown>;
  aside?: React.ReactNode;
}) {
  const [place] = useState<SeenPlace>(() => ({ seen: null }));
  useUrlFollowsMachine({
    actor,
    flow,
    here: section === 'send-offer' ? `/${flow.id}/send-offer` : `/${flow.id}/${section}/${step}`,
    urlPosition: (positions) => positionOfUrl(positions, section, step),
    urlOf: (position) => substepUrl(flow, position),
    place,
  });

  const valuesKey = JSON.stringify(values ?? {});
  // biome-ignore lint/correctness/useExhaustiveDependencies: sent again only when the values change
  useEffect(() => {
    if (values && Object.keys(values).length) actor.send({ type: 'SET_VALUES', values });
  }, [actor, valuesKey]);

  return <FlowRunner actor={actor} aside={aside} />;
}

export default function FlowPage({ flowId, section, step, values, aside }: FlowPageProps) {
  const { t } = useTranslation('flow');
  const loading = loadFlow(flowId);
  const { search } = useLocation();
  const navigate = useNavigate();
  if (!loading) return <p role="alert">{t('unknownFlow')}</p>;
  const flow = use(loading);
  const params = new URLSearchParams(search);
  const variant = flow.variants?.find((v) => params.get(v.query.name) === v.query.value)?.id;
  const actor = getFlowActor(flow, variant);
  if (params.has('offer'))
    return (
      <OfferReopen
        flow={flow}
        actor={actor}
        onRestart={() => {
          resetFlowActor(flow, variant);
          const v = flow.variants?.find((x) => x.id === variant);
          navigate(`/${flow.id}/offer/1${v ? `?${v.query.name}=${v.query.value}` : ''}`, { replace: true });
        }}
      />
    );
  return (
    <SyncedRunner
      key={`${flow.id}:${variant ?? ''}`}
      actor={actor}
      flow={flow}
      section={section}
      step={step}
      values={values}
      aside={aside}
    />
  );
}
