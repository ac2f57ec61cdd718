// A flow's outline: steps, substeps, fields (flows/outline.ts), each a link to it in the editor.
// A key without a text in the studio's language is shown as the key, marked.

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { editorHref, type OutlineStep } from './outline';

function Label({ text, fallback }: { text: string | null; fallback: string }) {
  const { t } = useTranslation('studio');
  if (text) return <>{text}</>;
  return (
    <span className="studio-muted">
      {fallback} <span className="studio-badge studio-badge--missing">{t('outline.noText')}</span>
    </span>
  );
}

export function Outline({ flowKey, steps }: { flowKey: string; steps: OutlineStep[] }) {
  const { t } = useTranslation('studio');
  return (
    <ol className="studio-outline">
      {steps.map((step) => (
        <li key={step.pointer}>
          <Link to={editorHref(flowKey, step.pointer)} className="studio-outline__step">
            <Label text={step.label} fallback={step.id} />
          </Link>
          <ol>
            {step.substeps.map((sub) => (
              <li key={sub.pointer}>
                <Link to={editorHref(flowKey, sub.pointer)} className="studio-outline__substep">
                  <Label text={sub.title} fallback={sub.id} />
                </Link>
                {(sub.fields.length > 0 || sub.fieldSets.length > 0) && (
                  <ul>
                    {sub.fieldSets.map((set) => (
                      <li key={set.pointer}>
                        <Link to={editorHref(flowKey, set.pointer)}>
                          {t('outline.fieldSet', { name: set.name })}
                        </Link>
                      </li>
                    ))}
                    {sub.fields.map((field) => (
                      <li key={field.pointer}>
                        <Link to={editorHref(flowKey, field.pointer)}>
                          <Label text={field.label} fallback={field.id} />
                        </Link>{' '}
                        <code className="studio-item__key">{field.id}</code>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
        </li>
      ))}
    </ol>
  );
}
