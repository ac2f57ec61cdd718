// The admin pages' gate: another role gets the page's title and, in words, that the page is the
// administrator's (the navigation shows them no link; the service answers their calls 403 anyway).

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../layout/Layout';
import { useCan } from '../layout/session';

export function AdminOnly({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('studio');
  const admin = useCan('admin');
  usePageTitle(title);
  if (admin) return <>{children}</>;
  return (
    <>
      <h1>{title}</h1>
      <p className="studio-alert" role="alert">
        {t('admin.notAllowed', { role: t('roles.admin') })}
      </p>
    </>
  );
}
