// A substep's notices (warnings that do not block), re-evaluated as the visitor types. The region
// is always there and polite, so a screen reader hears a warning when it appears.

import { useMemo } from 'react';
import { qualify } from '../../engine/flow/expand';
import { activeNotices } from '../../engine/flow/notices';
import type { Flow, Quote, Substep } from '../../engine/flow/types';

export interface SubstepNoticesProps {
  flow: Flow;
  substep: Substep;
  quote: Quote;
  today: string;
  vars: Record<string, unknown>;
  t: (key: string, values?: Record<string, unknown>) => string;
}

export function SubstepNotices({ flow, substep, quote, today, vars, t }: SubstepNoticesProps) {
  const active = useMemo(
    () => activeNotices(flow, substep, quote, today, vars),
    [flow, substep, quote, today, vars],
  );
  if (!substep.notices?.length) return null;
  return (
    <div className="substep__notices" aria-live="polite">
      {active.map(({ notice, values }) => (
        <p key={notice.id} className={`notice notice--${notice.level}`} data-notice={notice.id}>
          {t(qualify(flow, notice.text), values)}
        </p>
      ))}
    </div>
  );
}
