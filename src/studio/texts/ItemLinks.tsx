// The ways from an item's page to its texts side by side and its tariff grids, shown only when the
// item has them: a flow's texts item shares its key (travel -> texts travel), and a tariff is the
// item's tariff.json. One line in review/ItemPage.tsx draws it.

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { itemApi } from '../tariffs/api';
import { textsApi } from './api';

export function ItemLinks({ kind, itemKey }: { kind: string; itemKey: string }) {
  const { t } = useTranslation('texts');
  const [has, setHas] = useState<{ texts: boolean; tariff: boolean }>({ texts: false, tariff: false });
  useEffect(() => {
    let live = true;
    const texts = kind === 'texts' || kind === 'flow' ? textsApi.rows(itemKey).then(() => true) : null;
    Promise.all([
      (texts ?? Promise.resolve(false)).catch(() => false),
      itemApi
        .item(kind, itemKey)
        .then((item) => Boolean((item.CHANGE ?? item.LIVE)?.FILES['tariff.json']))
        .catch(() => false),
    ]).then(([hasTexts, hasTariff]) => {
      if (live) setHas({ texts: hasTexts, tariff: hasTariff });
    });
    return () => {
      live = false;
    };
  }, [kind, itemKey]);
  if (!has.texts && !has.tariff) return null;
  const at = `${encodeURIComponent(kind)}/${encodeURIComponent(itemKey)}`;
  return (
    <ul className="studio-list">
      {has.texts ? (
        <li>
          <Link to={`/studio/texts/${encodeURIComponent(itemKey)}`}>{t('links.texts')}</Link>
        </li>
      ) : null}
      {has.tariff ? (
        <li>
          <Link to={`/studio/items/${at}/tariff`}>{t('links.tariff')}</Link>
        </li>
      ) : null}
    </ul>
  );
}
