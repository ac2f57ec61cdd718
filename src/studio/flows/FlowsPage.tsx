// Every item at a glance (/studio): the product flows, the portal wizards, the shared field sets,
// the catalogues and the texts, each with its live version and its open change. A name opens the
// item (outline, path map, versions and review: review/ItemPage.tsx).

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StudioError } from '../api';
import { studioLanguage } from '../i18n';
import { usePageTitle } from '../layout/Layout';
import { type ItemRow, itemsApi } from '../review/itemsApi';
import { formatWhen } from '../review/when';

/** The list's sections in order: flows by area, then each other kind. */
export function itemGroups(items: ItemRow[]): { id: string; items: ItemRow[] }[] {
  const groups = [
    { id: 'public', test: (i: ItemRow) => i.KIND === 'flow' && i.AREA === 'public' },
    { id: 'portal', test: (i: ItemRow) => i.KIND === 'flow' && i.AREA !== 'public' },
    { id: 'fieldset', test: (i: ItemRow) => i.KIND === 'fieldset' },
    { id: 'catalogue', test: (i: ItemRow) => i.KIND === 'catalogue' },
    { id: 'texts', test: (i: ItemRow) => i.KIND === 'texts' },
  ];
  return groups.map((g) => ({ id: g.id, items: items.filter(g.test) })).filter((g) => g.items.length > 0);
}

export const itemPath = (item: Pick<ItemRow, 'KIND' | 'KEY'>) =>
  `/studio/items/${encodeURIComponent(item.KIND)}/${encodeURIComponent(item.KEY)}`;

export function FlowsPage() {
  const { t } = useTranslation('studio');
  usePageTitle(t('flows.title'));
  const [items, setItems] = useState<ItemRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    itemsApi
      .list()
      .then(setItems)
      .catch((e: unknown) => setError(e instanceof StudioError ? e.message : t('errors.generic')));
  }, [t]);
  const lang = studioLanguage();
  return (
    <>
      <h1>{t('flows.title')}</h1>
      <p className="studio-muted">{t('flows.intro')}</p>
      {error && (
        <p className="studio-alert" role="alert">
          {error}
        </p>
      )}
      {!items && !error && <p aria-live="polite">{t('common.loading')}</p>}
      {items &&
        itemGroups(items).map((group) => (
          <section key={group.id} aria-labelledby={`group-${group.id}`}>
            <h2 id={`group-${group.id}`}>{t(`flows.groups.${group.id}`)}</h2>
            <ul className="studio-items">
              {group.items.map((item) => (
                <li key={`${item.KIND}/${item.KEY}`} className="studio-item">
                  <Link className="studio-item__name" to={itemPath(item)}>
                    {item.TITLE[lang]}
                  </Link>{' '}
                  <code className="studio-item__key">{item.KEY}</code>
                  <p className="studio-item__facts">
                    <span>
                      {item.LIVE
                        ? t('flows.live', {
                            number: item.LIVE.NUMBER ?? '',
                            when: formatWhen(item.LIVE.PUBLISHED_AT, lang),
                          })
                        : t('flows.noLive')}
                    </span>
                    {item.CHANGE && (
                      <span className={`studio-badge studio-badge--${item.CHANGE.STATUS}`}>
                        {t(`status.${item.CHANGE.STATUS}`)}
                        {item.CHANGE.AUTHOR ? ` · ${item.CHANGE.AUTHOR_NAME || item.CHANGE.AUTHOR}` : ''}
                      </span>
                    )}
                  </p>
                </li>
              ))}
            </ul>
          </section>
        ))}
    </>
  );
}
