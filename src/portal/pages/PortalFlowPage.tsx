// The portal's wizards (/register, /reset-password, /new-request, the endorsements, the payment-method
// change, /motor-claim/{step}, /property-claim/{contractId}/{step}): a flow folder run by the engine
// and drawn by the generic FlowRunner. By default the machine lives as long as the page: its answers
// (a password among them) are never written to storage, and leaving the page starts afresh. A
// wizard routed with a numeric step (`stepInUrl`) behaves as the public flows do: the address
// follows the step, the browser's back button goes a step back, and a reload keeps the answers
// (sessionStorage, cleared on a language switch and at logout).

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { createActor } from 'xstate';
import type { Flow } from '../../engine/flow/types';
import { createFlowMachine } from '../../engine/machine/createFlowMachine';
import { getPath } from '../../engine/paths';
import { NotFoundPage } from '../../shell/pages/NotFoundPage';
import { parseStep } from '../../shell/routeTable';
import { browserServices } from '../../ui/flow/browserServices';
import { FlowRunner } from '../../ui/flow/FlowRunner';
import type { FlowActor } from '../../ui/flow/flowActors';
import { flowStorageKey } from '../../ui/flow/flowStorage';
import { loadLiveFlow } from '../../ui/flow/liveFlow';
import { type SeenPlace, useUrlFollowsMachine } from '../../ui/flow/urlFollowsMachine';
import { DelayedLoader } from '../../ui/layout/Loader';
import { onSessionEnd } from '../state/session';
import '../../ui/styles/flow.css';

/**
 * A wizard with its step in the address keeps one machine for the visit: the layout mounts the page
 * afresh on every address change (the browser's back button too), and each mount takes this machine
 * and what the address was when it last moved. Its snapshot is in sessionStorage for a reload.
 */
interface SteppedWizard {
  actor: FlowActor;
  /** What the route said the wizard is about (the contract): another one starts afresh. */
  about: string;
  seen: SeenPlace['seen'];
}
const stepped = new Map<string, SteppedWizard>();

// The answers kept for a reload are the customer's: they go at logout (or when the session ends).
onSessionEnd(() => {
  for (const [key, wizard] of stepped) {
    wizard.actor.stop();
    try {
      sessionStorage.removeItem(key);
    } catch {
      // Storage disabled: nothing was kept.
    }
  }
  stepped.clear();
});

function storedSnapshot(key: string): unknown {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? JSON.parse(raw) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The visit's machine of a stepped wizard: resumed from the snapshot sessionStorage holds, each
 * settled state written back (never one in the middle of its calls: a reload then would send them
 * again, filing a claim twice). A finished wizard starts afresh on its next opening.
 */
function steppedWizard(flow: Flow, values: Record<string, unknown> | undefined): SteppedWizard {
  const key = flowStorageKey(flow.id, undefined);
  const about = JSON.stringify(values ?? {});
  const existing = stepped.get(key);
  if (existing && existing.about === about && existing.actor.getSnapshot().status === 'active')
    return existing;
  existing?.actor.stop();
  if (existing) sessionStorage.removeItem(key);
  const machine = createFlowMachine(flow, browserServices(flow), { values });
  const snapshot = existing ? undefined : storedSnapshot(key);
  let actor: FlowActor;
  try {
    actor = createActor(machine, snapshot ? { snapshot: snapshot as never } : undefined);
    actor.start();
    // A kept wizard about something else (another contract) is not resumed.
    const quote = actor.getSnapshot().context.quote;
    if (Object.entries(values ?? {}).some(([path, v]) => getPath(quote, path) !== v)) {
      actor.stop();
      actor = createActor(machine);
      actor.start();
    }
  } catch {
    // A snapshot of an older version of the flow: start afresh.
    actor = createActor(machine);
    actor.start();
  }
  actor.subscribe((snap) => {
    try {
      if (snap.status !== 'active') sessionStorage.removeItem(key);
      else if (!/"(leaving|entering)"/.test(JSON.stringify(snap.value)))
        sessionStorage.setItem(key, JSON.stringify(actor.getPersistedSnapshot()));
    } catch {
      // Storage full or disabled: the wizard goes on without it.
    }
  });
  const wizard = { actor, about, seen: null };
  stepped.set(key, wizard);
  return wizard;
}

function useFlowActor(
  flowId: string,
  values: Record<string, unknown> | undefined,
  stepInUrl: boolean,
): { actor: FlowActor | null; wizard: SteppedWizard | null; flow: Flow | null; missing: boolean } {
  const [started, setStarted] = useState<{
    actor: FlowActor;
    wizard: SteppedWizard | null;
    flow: Flow;
  } | null>(null);
  const [missing, setMissing] = useState(false);
  // What the wizard is about, as the page first gave it: a host that changes it mounts a new page.
  const initialValues = useRef(values);
  useEffect(() => {
    // The live version, or the one this visit's wizard started on (ui/flow/liveFlow.ts).
    const load = loadLiveFlow(flowId);
    if (!load) {
      setMissing(true);
      return;
    }
    let own: FlowActor | null = null;
    let live = true;
    load.then((flow: Flow) => {
      if (!live) return;
      if (stepInUrl) {
        const wizard = steppedWizard(flow, initialValues.current);
        setStarted({ actor: wizard.actor, wizard, flow });
        return;
      }
      own = createActor(createFlowMachine(flow, browserServices(flow), { values: initialValues.current }));
      own.start();
      setStarted({ actor: own, wizard: null, flow });
    });
    return () => {
      live = false;
      own?.stop();
    };
  }, [flowId, stepInUrl]);
  return {
    actor: started?.actor ?? null,
    wizard: started?.wizard ?? null,
    flow: started?.flow ?? null,
    missing,
  };
}

/** The address ends in the substep's number (/motor-claim/3), kept in step with the wizard. */
function useStepInUrl(wizard: SteppedWizard, flow: Flow, step: number) {
  const { pathname } = useLocation();
  const base = pathname.replace(/\/[^/]*$/, '');
  useUrlFollowsMachine({
    actor: wizard.actor,
    flow,
    here: pathname,
    urlPosition: (positions) => positions[step - 1],
    urlOf: (position) => `${base}/${position.index + 1}`,
    place: wizard,
  });
}

function SteppedRunner({
  wizard,
  flow,
  step,
  headingLevel,
}: {
  wizard: SteppedWizard;
  flow: Flow;
  step: number;
  headingLevel: 1 | 2;
}) {
  const navigate = useNavigate();
  useStepInUrl(wizard, flow, step);
  return <FlowRunner actor={wizard.actor} onLink={(to) => navigate(to)} headingLevel={headingLevel} />;
}

/**
 * `values`: answers the new quote starts with (the contract an endorsement is for);
 * `presetFromParams`: a route parameter and the quote path it fills ({ contractId: "CS_CLAIM.CONTRACT_NO" }),
 * the value "any" (or none) leaving the answer to the customer;
 * `stepInUrl`: the route ends in the substep's number (:step), kept in step with the wizard;
 * `headingLevel`: 2 when the page around the wizard has its own h1.
 */
export function PortalFlowPage({
  flowId,
  values,
  presetFromParams,
  stepInUrl = false,
  headingLevel = 1,
}: {
  flowId: string;
  values?: Record<string, unknown>;
  presetFromParams?: Record<string, string>;
  stepInUrl?: boolean;
  headingLevel?: 1 | 2;
}) {
  const { t } = useTranslation('flow');
  const navigate = useNavigate();
  const params = useParams();
  const preset: Record<string, unknown> = { ...values };
  for (const [param, path] of Object.entries(presetFromParams ?? {})) {
    const value = params[param];
    if (value && value !== 'any') preset[path] = value;
  }
  const { actor, wizard, flow, missing } = useFlowActor(flowId, preset, stepInUrl);
  const step = stepInUrl ? parseStep(params.step) : null;
  if (missing) return <p role="alert">{t('unknownFlow')}</p>;
  if (stepInUrl && step === null) return <NotFoundPage />;
  if (!actor || !flow) return <DelayedLoader />;
  return (
    <div className="portal-flow">
      {wizard && step !== null ? (
        <SteppedRunner wizard={wizard} flow={flow} step={step} headingLevel={headingLevel} />
      ) : (
        <FlowRunner actor={actor} onLink={(to) => navigate(to)} headingLevel={headingLevel} />
      )}
    </div>
  );
}
