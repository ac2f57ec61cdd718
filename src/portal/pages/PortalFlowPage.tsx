// The portal's wizards (/register, /reset-password, /new-request, the endorsements, the payment-method
// change, /motor-claim, /property-claim): a flow folder run by the engine and drawn by the generic
// FlowRunner. The machine lives as long as the page: its answers (a password
// among them) are never written to storage, and leaving the page starts the wizard afresh.

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { createActor } from 'xstate';
import type { Flow } from '../../engine/flow/types';
import { createFlowMachine } from '../../engine/machine/createFlowMachine';
import { flowLoaders } from '../../generated';
import { browserServices } from '../../ui/flow/browserServices';
import { FlowRunner } from '../../ui/flow/FlowRunner';
import type { FlowActor } from '../../ui/flow/flowActors';
import { DelayedLoader } from '../../ui/layout/Loader';
import '../../ui/styles/flow.css';

function useFlowActor(
  flowId: string,
  values?: Record<string, unknown>,
): { actor: FlowActor | null; missing: boolean } {
  const [actor, setActor] = useState<FlowActor | null>(null);
  const [missing, setMissing] = useState(false);
  // What the wizard is about, as the page first gave it: a host that changes it mounts a new page.
  const initialValues = useRef(values);
  useEffect(() => {
    const load = flowLoaders[flowId];
    if (!load) {
      setMissing(true);
      return;
    }
    let started: FlowActor | null = null;
    let live = true;
    load().then((flow: Flow) => {
      if (!live) return;
      started = createActor(
        createFlowMachine(flow, browserServices(flow), { values: initialValues.current }),
      );
      started.start();
      setActor(started);
    });
    return () => {
      live = false;
      started?.stop();
    };
  }, [flowId]);
  return { actor, missing };
}

/**
 * `values`: answers the new quote starts with (the contract an endorsement is for);
 * `presetFromParams`: a route parameter and the quote path it fills ({ contractId: "CS_CLAIM.CONTRACT_NO" }),
 * the value "any" (or none) leaving the answer to the customer.
 */
export function PortalFlowPage({
  flowId,
  values,
  presetFromParams,
}: {
  flowId: string;
  values?: Record<string, unknown>;
  presetFromParams?: Record<string, string>;
}) {
  const { t } = useTranslation('flow');
  const navigate = useNavigate();
  const params = useParams();
  const preset: Record<string, unknown> = { ...values };
  for (const [param, path] of Object.entries(presetFromParams ?? {})) {
    const value = params[param];
    if (value && value !== 'any') preset[path] = value;
  }
  const { actor, missing } = useFlowActor(flowId, preset);
  if (missing) return <p role="alert">{t('unknownFlow')}</p>;
  if (!actor) return <DelayedLoader />;
  return (
    <div className="portal-flow">
      <FlowRunner actor={actor} onLink={(to) => navigate(to)} />
    </div>
  );
}
