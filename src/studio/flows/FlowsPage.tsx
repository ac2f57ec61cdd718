// The flows list (/studio): every flow the service serves, by area.
// Still to come (issue 26): live versions and open changes (GET /items), outlines and path maps.

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StudioError, studioApi } from '../api';
import { studioLanguage } from '../i18n';
import { usePageTitle } from '../layout/Layout';

interface FlowRow {
  ID: string;
  AREA: string;
  TITLE: { el: string; en: string };
  STEPS: number;
  SUBSTEPS: number;
  FIELDS: number;
}

export function FlowsPage() {
  const { t } = useTranslation('studio');
  usePageTitle(t('flows.title'));
  const [flows, setFlows] = useState<FlowRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    studioApi
      .get<{ FLOWS: FlowRow[] }>('flows')
      .then((a) => setFlows(a.FLOWS))
      .catch((e: unknown) => setError(e instanceof StudioError ? e.message : t('errors.generic')));
  }, [t]);
  const lang = studioLanguage();
  return (
    <>
      <h1>{t('flows.title')}</h1>
      {error && (
        <p className="studio-alert" role="alert">
          {error}
        </p>
      )}
      {flows && (
        <ul className="studio-list">
          {flows.map((f) => (
            <li key={f.ID}>
              <Link to={`/studio/items/flow/${encodeURIComponent(f.ID)}`}>{f.TITLE[lang]}</Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
