// The flows:check problems at the top of the flow preview, asked from GET /dev/flows/check when
// the page opens and again each time `npm run dev` reports that flows/ changed. Nothing is shown
// while the flows are clean.

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlowProblem } from '../engine/flow/check';
import { DEV_NS } from './devStrings';
import { onFlowsChanged } from './events';

export type CheckFlows = () => Promise<FlowProblem[]>;

/** GET /dev/flows/check (the zcp service's dev route, through Vite's proxy). */
export const fetchFlowProblems: CheckFlows = async () => {
  const res = await fetch('/dev/flows/check', { headers: { accept: 'application/json' }, cache: 'no-store' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const body: unknown = await res.json();
  if (!Array.isArray(body)) throw new Error('not a list of problems');
  return body as FlowProblem[];
};

export interface FlowProblemsState {
  problems: FlowProblem[];
  /** Why the check could not be asked, or null. */
  error: string | null;
}

export function useFlowProblems(check: CheckFlows = fetchFlowProblems): FlowProblemsState {
  const [state, setState] = useState<FlowProblemsState>({ problems: [], error: null });
  const [round, setRound] = useState(0);

  useEffect(() => onFlowsChanged(() => setRound((n) => n + 1)), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: round is the trigger to ask again
  useEffect(() => {
    let live = true;
    check().then(
      (problems) => live && setState({ problems, error: null }),
      (error: unknown) =>
        live && setState({ problems: [], error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [check, round]);

  return state;
}

export function FlowProblems({ problems, error }: FlowProblemsState) {
  const { t } = useTranslation(DEV_NS);
  if (error) {
    return (
      <p className="notice notice--warning dev-problems__unavailable" role="status">
        {t('problems.unavailable', { message: error })}
      </p>
    );
  }
  if (problems.length === 0) return null;
  return (
    <section className="dev-problems" role="alert" aria-labelledby="dev-problems-title">
      <h2 id="dev-problems-title">{t('problems.title', { count: problems.length })}</h2>
      <p>{t('problems.hint')}</p>
      <ul>
        {problems.map((p) => (
          <li key={`${p.file}#${p.pointer}: ${p.message}`}>
            <code className="dev-problems__where">
              {p.file}#{p.pointer}
            </code>{' '}
            <span className="dev-problems__message">{p.message}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
