// The step bar: earlier steps can be clicked to go back, later ones never.

import { useTranslation } from 'react-i18next';
import { qualify } from '../../engine/flow/expand';
import type { Flow } from '../../engine/flow/types';

export interface StepBarProps {
  flow: Flow;
  /** Indexes into flow.steps of the steps shown (hidden steps are skipped). */
  visible: number[];
  current: number;
  onGoTo: (stepIndex: number) => void;
}

export function StepBar({ flow, visible, current, onGoTo }: StepBarProps) {
  const { t } = useTranslation('flow');
  return (
    <nav className="step-bar" aria-label={t('stepBar.label')}>
      <ol>
        {visible.map((stepIndex, n) => {
          const step = flow.steps[stepIndex];
          const label = t(qualify(flow, step.label));
          const state = stepIndex < current ? 'done' : stepIndex === current ? 'current' : 'todo';
          return (
            <li key={step.id} className={`step-bar__item step-bar__item--${state}`}>
              {state === 'done' ? (
                <button type="button" className="step-bar__link" onClick={() => onGoTo(stepIndex)}>
                  <span className="step-bar__number" aria-hidden="true">
                    {n + 1}
                  </span>
                  <span className="step-bar__label">{label}</span>
                  <span className="visually-hidden">{t('stepBar.back')}</span>
                </button>
              ) : (
                <span className="step-bar__link" aria-current={state === 'current' ? 'step' : undefined}>
                  <span className="step-bar__number" aria-hidden="true">
                    {n + 1}
                  </span>
                  <span className="step-bar__label">{label}</span>
                </span>
              )}
            </li>
          );
        })}
      </ol>
      <p className="step-bar__progress">
        {t('stepBar.progress', { current: visible.indexOf(current) + 1, total: visible.length })}
      </p>
    </nav>
  );
}
