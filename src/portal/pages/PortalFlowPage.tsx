// The portal's wizards (/register, /reset-password, /new-request, /motor-claim, /property-claim): a flow folder run by the engine and
// drawn by the generic FlowRunner. The machine lives as long as the page: its answers (a password
// among them) are never written to storage, and leaving the page starts the wizard afresh.

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { createActor } from 'xstate';
import type { Flow } from '../../engine/flow/types';
import { createFlowMachine, initialQuote } from '../../engine/machine/createFlowMachine';
import { setPath } from '../../engine/paths';
import { flowLoaders } from '../../generated';
import { browserServices } from '../../ui/flow/browserServices';
import { FlowRunner } from '../../ui/flow/FlowRunner';
import type { FlowActor } from '../../ui/flow/flowActors';
import { DelayedLoader } from '../../ui/layout/Loader';
import '../../ui/styles/flow.css';

/** Route parameters the wizard starts with: /property-claim/CY9000102/1 preselects the contract. */
type Preset = Record<string, string>;

function useFlowActor(flowId: string, preset: Preset): { actor: FlowActor | null; missing: boolean } {
  const [actor, setActor] = useState<FlowActor | null>(null);
  const [missing, setMissing] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the preset is read once, when the wizard starts
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
      let quote = initialQuote(flow);
      for (const [path, value] of Object.entries(preset)) quote = setPath(quote, path, value);
      started = createActor(createFlowMachine(flow, browserServices(flow), { quote }));
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
 * `presetFromParams` maps a route parameter to the quote path it fills ({ contractId: "CS_CLAIM.CONTRACT_NO" });
 * the value "any" (or none) leaves the answer to the customer.
 */
export function PortalFlowPage({
  flowId,
  presetFromParams,
}: {
  flowId: string;
  presetFromParams?: Record<string, string>;
}) {
  const { t } = useTranslation('flow');
  const navigate = useNavigate();
  const params = useParams();
  const preset: Preset = {};
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
