// /dev/flows: every flow with its steps and substeps, each substep a link to its preview.

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { namespaceOf, qualify } from '../engine/flow/expand';
import type { Flow } from '../engine/flow/types';
import { DEV_NS } from './devStrings';

/** Where a substep's preview lives. */
export function previewPath(flowId: string, substepKey: string, variant?: string): string {
  const path = `/dev/flows/${encodeURIComponent(flowId)}/${encodeURIComponent(substepKey)}`;
  return variant ? `${path}?variant=${encodeURIComponent(variant)}` : path;
}

function FlowEntry({ flow }: { flow: Flow }) {
  const { t } = useTranslation([DEV_NS, namespaceOf(flow)]);
  const first = flow.steps[0]?.substeps[0];
  const firstKey = first ? `${flow.steps[0].id}__${first.id}` : '';
  return (
    <section className="dev-flow" aria-labelledby={`dev-flow-${flow.id}`} data-flow={flow.id}>
      <h2 id={`dev-flow-${flow.id}`}>
        {t(`${namespaceOf(flow)}:title`, { defaultValue: flow.id })} <code>{flow.id}</code>
      </h2>
      {flow.variants?.length && firstKey ? (
        <p>
          {t('flows.variants')}{' '}
          {flow.variants.map((v, i) => (
            <span key={v.id}>
              {i > 0 && ', '}
              <Link to={previewPath(flow.id, firstKey, v.id)}>{v.id}</Link>
            </span>
          ))}
        </p>
      ) : null}
      <ol className="dev-flow__steps" aria-label={t('flows.steps', { flow: flow.id })}>
        {flow.steps.map((step) => (
          <li key={step.id}>
            <span className="dev-flow__step">{t(qualify(flow, step.label))}</span> <code>{step.id}</code>
            <ul className="dev-flow__substeps">
              {step.substeps.map((sub) => {
                const key = `${step.id}__${sub.id}`;
                const count = sub.fields?.length ?? 0;
                return (
                  <li key={sub.id} data-substep={key}>
                    <Link to={previewPath(flow.id, key)}>{t(qualify(flow, sub.title ?? step.label))}</Link>{' '}
                    <code>{key}</code>{' '}
                    <span className="dev-flow__meta">
                      · {t(`kinds.${sub.kind}`)} ·{' '}
                      {count ? t('flows.fields', { count }) : t('flows.noFields')}
                    </span>
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function FlowsIndex({ flows }: { flows: Record<string, Flow> }) {
  const { t } = useTranslation(DEV_NS);
  const ids = Object.keys(flows).sort();
  return (
    <div className="dev-flows__index">
      <h1>{t('title')}</h1>
      <p>{t('intro')}</p>
      {ids.length === 0 && <p>{t('flows.none')}</p>}
      {ids.map((id) => (
        <FlowEntry key={id} flow={flows[id]} />
      ))}
    </div>
  );
}
