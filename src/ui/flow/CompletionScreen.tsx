// The closing screen of a flow that ends without a payment (a portal wizard): its heading, its
// text, the files still to send (`uploads`) and where to go next, all from the flow's `completion`.

import { useEffect, useRef } from 'react';
import { qualify } from '../../engine/flow/expand';
import type { Flow, Quote } from '../../engine/flow/types';
import { getPath } from '../../engine/paths';
import { PendingUploads } from './PendingUploads';

export interface CompletionScreenProps {
  flow: Flow;
  /** The finished flow's quote: the text's values and the links' `{path}` segments come from it. */
  quote?: Quote;
  t: (key: string, values?: Record<string, unknown>) => string;
  onLink?: (to: string) => void;
  lang?: string;
  /** 2 under a host page's own h1. */
  headingLevel?: 1 | 2;
}

/**
 * A link's `{…}` segments filled from the quote (encoded, so a value cannot leave the path): a name
 * of the completion's `values` ("/my-claims/{claimNo}"), else a path ("/my-contract/{CS_CONTRACT.CONTRACT_NO}").
 */
export function completionLink(
  to: string,
  quote: Quote | undefined,
  values: Record<string, string> = {},
): string {
  return to.replace(/\{([^}]+)\}/g, (_, key: string) =>
    encodeURIComponent(String(getPath(quote ?? {}, values[key] ?? key) ?? '')),
  );
}

export function CompletionScreen({
  flow,
  quote,
  t,
  onLink,
  lang = 'el',
  headingLevel = 1,
}: CompletionScreenProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const completion = flow.completion;
  if (!completion) return null;
  const values = Object.fromEntries(
    Object.entries(completion.values ?? {}).map(([name, path]) => [name, getPath(quote ?? {}, path)]),
  );
  return (
    <div className="flow flow--completed" data-flow={flow.id} data-substep="completed">
      <div className="flow__main">
        <Heading className="flow__title" tabIndex={-1} ref={headingRef}>
          {t(qualify(flow, completion.title), values)}
        </Heading>
        <div className="notice notice--success" role="status">
          {completion.text ? <p>{t(qualify(flow, completion.text), values)}</p> : null}
        </div>
        {completion.uploads && quote ? (
          <PendingUploads flow={flow} uploads={completion.uploads} quote={quote} t={t} lang={lang} />
        ) : null}
        <div className="substep__actions">
          {completion.links?.map((link, i) => (
            <a
              key={link.to}
              href={completionLink(link.to, quote, completion.values)}
              className={i === 0 ? 'btn btn--primary' : 'btn btn--secondary'}
              onClick={(e) => {
                if (!onLink) return;
                e.preventDefault();
                onLink(completionLink(link.to, quote, completion.values));
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
