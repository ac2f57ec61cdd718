// The flow preview's route (/dev/flows/*), registered only in development (src/app/router.tsx):
// the flows:check problems on top, then the list of flows or one substep's preview.

import { useParams, useSearchParams } from 'react-router';
import { addDevStrings } from './devStrings';
import { FlowProblems, useFlowProblems } from './FlowProblems';
import { FlowsIndex } from './FlowsIndex';
import { useLiveFlows } from './liveFlows';
import { SubstepPreview } from './SubstepPreview';
import './dev.css';

export function DevFlowsPage() {
  addDevStrings();
  const [flowId, substepKey = ''] = (useParams()['*'] ?? '').split('/').filter(Boolean);
  const [search] = useSearchParams();
  const flows = useLiveFlows();
  const problems = useFlowProblems();
  return (
    <div className="page dev-flows">
      <FlowProblems {...problems} />
      {flowId ? (
        <SubstepPreview
          flows={flows}
          flowId={flowId}
          substepKey={substepKey}
          variant={search.get('variant') ?? undefined}
        />
      ) : (
        <FlowsIndex flows={flows} />
      )}
    </div>
  );
}
