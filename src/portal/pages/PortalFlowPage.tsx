// The login layout's wizards (/register, /reset-password): a flow folder run by the engine and
// drawn by the generic FlowRunner. The machine lives as long as the page: its answers (a password
// among them) are never written to storage, and leaving the page starts the wizard afresh.

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { createActor } from 'xstate';
import type { Flow, Quote } from '../../engine/flow/types';
import { createFlowMachine } from '../../engine/machine/createFlowMachine';
import { flowLoaders } from '../../generated';
import { browserServices } from '../../ui/flow/browserServices';
import { FlowRunner } from '../../ui/flow/FlowRunner';
import type { FlowActor } from '../../ui/flow/flowActors';
import { DelayedLoader } from '../../ui/layout/Loader';
import '../../ui/styles/flow.css';

function useFlowActor(flowId: string, quote?: Quote): { actor: FlowActor | null; missing: boolean } {
  const [actor, setActor] = useState<FlowActor | null>(null);
  const [missing, setMissing] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the starting answers are read once per flow
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
      started = createActor(createFlowMachine(flow, browserServices(flow), quote ? { quote } : {}));
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

/** `quote`: starting answers (the contract a payment-method change is for); the flow's defaults otherwise. */
export function PortalFlowPage({ flowId, quote }: { flowId: string; quote?: Quote }) {
  const { t } = useTranslation('flow');
  const navigate = useNavigate();
  const { actor, missing } = useFlowActor(flowId, quote);
  if (missing) return <p role="alert">{t('unknownFlow')}</p>;
  if (!actor) return <DelayedLoader />;
  return (
    <div className="portal-flow">
      <FlowRunner actor={actor} onLink={(to) => navigate(to)} />
    </div>
  );
}
