// A flow's tariff as grids (/studio/items/:kind/:key/tariff, issue 26 item 6): every number the
// rating reads, edited in place and saved to the draft at its revision; beside it the impact of
// the draft against the live tariff, priced by the service on the benchmark's seeded quotes.

import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { StudioError } from '../api';
import { type Json, parseJson, printJson } from '../editor/model/jsonText';
import { setAt } from '../editor/model/pointer';
import { usePageTitle } from '../layout/Layout';
import { useCan } from '../layout/session';
import { type Impact, type ItemView, itemApi, type VersionView } from './api';
import { type Cell, tariffGrids } from './cells';
import { TariffGrid } from './Grid';
import { ImpactPanel } from './ImpactPanel';
import './tariffs.css';

const TARIFF = 'tariff.json';

export function TariffPage() {
  const { t } = useTranslation('texts');
  const { kind = '', key = '' } = useParams();
  const canEdit = useCan('editor');
  usePageTitle(t('tariff.title', { key }));
  const [item, setItem] = useState<ItemView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [stale, setStale] = useState<VersionView | null>(null);
  const [status, setStatus] = useState('');
  const [impact, setImpact] = useState<Impact | null>(null);
  const [pricing, setPricing] = useState(false);
  const [impactError, setImpactError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setItem(await itemApi.item(kind, key));
      setFailure(null);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  }, [kind, key]);
  useEffect(() => {
    void load();
  }, [load]);

  const shown = item?.CHANGE ?? item?.LIVE ?? null;
  const parsed = useMemo(() => {
    const text = shown?.FILES[TARIFF];
    if (!text) return null;
    try {
      return parseJson(text);
    } catch {
      return null;
    }
  }, [shown]);
  const grids = useMemo(() => (parsed ? tariffGrids(parsed.value) : []), [parsed]);
  const draft = item?.CHANGE?.STATUS === 'draft' ? item.CHANGE : null;
  const editable = canEdit && draft !== null;
  const changed = Boolean(item?.CHANGE && item.LIVE && item.CHANGE.FILES[TARIFF] !== item.LIVE.FILES[TARIFF]);

  const price = useCallback(
    async (files: Record<string, string>) => {
      setPricing(true);
      setImpactError(null);
      try {
        setImpact(await itemApi.impact(key, files));
      } catch (error) {
        setImpactError(error instanceof Error ? error.message : String(error));
      } finally {
        setPricing(false);
      }
    },
    [key],
  );

  const startDraft = async () => {
    try {
      await itemApi.newDraft(kind, key);
      await load();
      setStatus(t('tariff.draftStarted'));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  };

  const commit = async (cell: Cell, value: number | string | null) => {
    if (!draft || !parsed) return;
    const next = setAt(parsed.value, cell.pointer, value as Json);
    const files = { ...draft.FILES, [TARIFF]: printJson(next, parsed.layout) };
    setItem((current) => (current ? { ...current, CHANGE: { ...draft, FILES: files } } : current));
    setStatus(t('tariff.saving'));
    try {
      const saved = await itemApi.save(draft.ID, draft.REVISION, files);
      setItem((current) => (current ? { ...current, CHANGE: saved } : current));
      setStatus(t('tariff.saved', { revision: saved.REVISION }));
      void price(saved.FILES);
    } catch (error) {
      if (error instanceof StudioError && error.code === 'DRAFT_STALE') {
        setStale((error.body.CURRENT as VersionView | undefined) ?? null);
        setStatus('');
      } else {
        setStatus(error instanceof Error ? error.message : String(error));
        await load();
      }
    }
  };

  if (failure)
    return (
      <p className="studio-alert" role="alert">
        {failure}
      </p>
    );
  if (!item) return <p className="studio-muted">{t('loading')}</p>;

  return (
    <div className="tariff-page">
      <p className="studio-muted">
        <Link to={`/studio/items/${encodeURIComponent(kind)}/${encodeURIComponent(key)}`}>
          {t('tariff.back', { key })}
        </Link>
      </p>
      <h1 tabIndex={-1}>{t('tariff.title', { key })}</h1>
      <p className="studio-note">
        {!canEdit
          ? t('tariff.readOnlyRole')
          : draft
            ? t('tariff.onDraft', { revision: draft.REVISION })
            : item.CHANGE
              ? t('tariff.inReview')
              : t('tariff.onLive', { number: item.LIVE?.NUMBER ?? '' })}
      </p>
      {!item.CHANGE && canEdit && parsed ? (
        <p>
          <button type="button" className="btn btn--primary" onClick={startDraft}>
            {t('tariff.startDraft')}
          </button>
        </p>
      ) : null}
      <p className="studio-muted" role="status" aria-live="polite">
        {status}
      </p>
      {stale ? (
        <div className="studio-alert" role="alert">
          <p>{t('tariff.stale')}</p>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => {
              setItem((current) => (current ? { ...current, CHANGE: stale } : current));
              setStale(null);
            }}
          >
            {t('tariff.reloadTheirs')}
          </button>
        </div>
      ) : null}
      {!parsed ? (
        <p className="studio-alert" role="alert">
          {t('tariff.noTariff')}
        </p>
      ) : (
        <div className="tariff-page__layout">
          <div className="tariff-page__grids">
            {grids.map((grid) => (
              <section key={grid.id} aria-labelledby={`grid-title-${grid.id}`}>
                <h2 id={`grid-title-${grid.id}`}>{t(`tariff.grids.${grid.id}.title`)}</h2>
                <TariffGrid grid={grid} editable={editable} canDraft={canEdit} onCommit={commit} />
              </section>
            ))}
          </div>
          <ImpactPanel
            impact={impact}
            pricing={pricing}
            error={impactError}
            changed={changed}
            onPrice={() => shown && price(shown.FILES)}
          />
        </div>
      )}
    </div>
  );
}
