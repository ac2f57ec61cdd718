// The closing screen of a flow that ends without a payment (a portal wizard): its heading, its
// text and where to go next, all from the flow's `completion` block.

import { useEffect, useRef } from 'react';
import { qualify } from '../../engine/flow/expand';
import type { Flow, Quote } from '../../engine/flow/types';
import { getPath } from '../../engine/paths';

export interface CompletionScreenProps {
  flow: Flow;
  /** The finished flow's answers, for the texts' `values`. */
  quote?: Quote;
  t: (key: string, values?: Record<string, unknown>) => string;
  onLink?: (to: string) => void;
}

export function CompletionScreen({ flow, quote, t, onLink }: CompletionScreenProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const completion = flow.completion;
  if (!completion) return null;
  const values = Object.fromEntries(
    Object.entries(completion.values ?? {}).map(([name, path]) => [name, String(getPath(quote, path) ?? '')]),
  );
  // A link may name a value: "/my-claims/{claimNo}" opens the claim just filed.
  const target = (to: string) =>
    to.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
  return (
    <div className="flow flow--completed" data-flow={flow.id} data-substep="completed">
      <div className="flow__main">
        <h1 className="flow__title" tabIndex={-1} ref={headingRef}>
          {t(qualify(flow, completion.title), values)}
        </h1>
        <div className="notice notice--success" role="status">
          {completion.text ? <p>{t(qualify(flow, completion.text), values)}</p> : null}
        </div>
        <div className="substep__actions">
          {completion.links?.map((link, i) => (
            <a
              key={link.to}
              href={target(link.to)}
              className={i === 0 ? 'btn btn--primary' : 'btn btn--secondary'}
              onClick={(e) => {
                if (!onLink) return;
                e.preventDefault();
                onLink(target(link.to));
              }}
            >
              {t(qualify(flow, link.label))}
            </a>
          ))}
        </div>
      </div>
    </div>
  );
}
