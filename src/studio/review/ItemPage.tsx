// One item (/studio/items/:kind/:key): for now its name and the way to its editor; the outline,
// the path map, the versions and the review are still to come (issue 26).

import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../layout/Layout';
import { ItemLinks } from '../texts/ItemLinks';

export function ItemPage() {
  const { t } = useTranslation('studio');
  const { kind = '', key = '' } = useParams();
  usePageTitle(key);
  return (
    <>
      <h1>{key}</h1>
      <p>
        <Link to={`/studio/items/${encodeURIComponent(kind)}/${encodeURIComponent(key)}/edit`}>
          {t('item.edit')}
        </Link>
      </p>
      <ItemLinks kind={kind} itemKey={key} />
    </>
  );
}
