// One item (/studio/items/:kind/:key): what it is, its open change and the review of it, for a
// flow its outline and the map of its paths, and its history. Shown from the open change when
// there is one (what is being reviewed), else from the live version.

import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { StudioError } from '../api';
import { Outline } from '../flows/Outline';
import {
  flowOutline,
  lookup,
  namespaceOf,
  outlineNamespaces,
  qualify,
  type TextsByNamespace,
} from '../flows/outline';
import { PathMap } from '../flows/PathMap';
import type { PathsAnswer } from '../flows/pathLayout';
import { studioLanguage } from '../i18n';
import { usePageTitle } from '../layout/Layout';
import { ItemLinks } from '../texts/ItemLinks';
import { History } from './History';
import { type ItemAnswer, itemsApi, textsOf } from './itemsApi';
import { ReviewPanel } from './ReviewPanel';

type RawFlow = Parameters<typeof flowOutline>[0];

function parseFlow(text: string | undefined): RawFlow | null {
  try {
    return text ? (JSON.parse(text) as RawFlow) : null;
  } catch {
    return null;
  }
}

export function ItemPage() {
  const { t } = useTranslation('studio');
  const { kind = '', key = '' } = useParams();
  const lang = studioLanguage();
  const [item, setItem] = useState<ItemAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [texts, setTexts] = useState<Record<'el' | 'en', TextsByNamespace>>({ el: {}, en: {} });
  const [map, setMap] = useState<PathsAnswer | null>(null);
  const [mapError, setMapError] = useState<string | null>(null);
  usePageTitle(key);

  const load = useCallback(
    () =>
      itemsApi
        .item(kind, key)
        .then((answer) => {
          setItem(answer);
          setError(null);
        })
        .catch((e: unknown) => setError(e instanceof StudioError ? e.message : t('errors.generic'))),
    [kind, key, t],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const shown = item?.CHANGE ?? item?.LIVE ?? null;
  const flow = kind === 'flow' ? parseFlow(shown?.FILES['flow.json']) : null;
  const flowText = kind === 'flow' ? shown?.FILES['flow.json'] : undefined;

  // The flow's texts (its namespace's texts item and those its keys name), for the labels.
  useEffect(() => {
    const parsed = parseFlow(flowText);
    if (!parsed) return;
    let live = true;
    Promise.all(
      outlineNamespaces(parsed).map((ns) =>
        itemsApi
          .item('texts', ns)
          .then((a) => [ns, a.CHANGE ?? a.LIVE] as const)
          .catch(() => [ns, null] as const),
      ),
    ).then((pairs) => {
      if (!live) return;
      const by = (l: 'el' | 'en') => Object.fromEntries(pairs.map(([ns, v]) => [ns, textsOf(v, l)]));
      setTexts({ el: by('el'), en: by('en') });
    });
    return () => {
      live = false;
    };
  }, [flowText]);

  useEffect(() => {
    if (!flowText || !shown) return;
    let live = true;
    setMap(null);
    setMapError(null);
    itemsApi
      .paths(key, shown.FILES)
      .then((answer) => live && setMap(answer))
      .catch((e: unknown) => live && setMapError(e instanceof StudioError ? e.message : t('errors.generic')));
    return () => {
      live = false;
    };
  }, [flowText, key, shown, t]);

  const heading =
    kind === 'flow' && flow ? (lookup(texts[lang], qualify(namespaceOf(flow), 'title')) ?? key) : key;

  return (
    <>
      <p className="studio-crumbs">
        <Link to="/studio">{t('layout.flows')}</Link>
      </p>
      <h1>{heading}</h1>
      <p className="studio-muted">
        {t(`kinds.${kind}`, { defaultValue: kind })} · <code>{key}</code>
      </p>
      {error && (
        <p className="studio-alert" role="alert">
          {error}
        </p>
      )}
      {item && (
        <>
          <p className="studio-actions">
            {kind === 'flow' && (
              <Link className="btn btn--secondary" to="edit">
                {t('item.edit')}
              </Link>
            )}
            {kind === 'flow' && (
              <Link className="btn btn--secondary" to="scenarios">
                {t('scenarios.link')}
              </Link>
            )}
          </p>
          <ItemLinks kind={kind} itemKey={key} />
          <ReviewPanel kind={kind} itemKey={key} item={item} onChanged={load} />
          {flow && (
            <>
              <section aria-labelledby="outline-title">
                <h2 id="outline-title">{t('outline.title')}</h2>
                <Outline flowKey={key} steps={flowOutline(flow, texts[lang])} />
              </section>
              <section aria-labelledby="map-title">
                <h2 id="map-title">{t('map.title')}</h2>
                {mapError && (
                  <p className="studio-alert" role="alert">
                    {mapError}
                  </p>
                )}
                {!map && !mapError && <p>{t('common.loading')}</p>}
                {map && (
                  <PathMap
                    flowKey={key}
                    flow={flow}
                    map={map}
                    label={(labelKey) => lookup(texts[lang], qualify(namespaceOf(flow), labelKey))}
                  />
                )}
              </section>
            </>
          )}
          <History item={item} onChanged={load} />
        </>
      )}
    </>
  );
}
