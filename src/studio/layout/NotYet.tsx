// A studio page that is not built yet says so in words, with its title, instead of an empty page.
import { useTranslation } from 'react-i18next';
import { usePageTitle } from './Layout';

export function NotYet({ title }: { title: string }) {
  const { t } = useTranslation('studio');
  usePageTitle(title);
  return (
    <>
      <h1>{title}</h1>
      <p>{t('notYet')}</p>
    </>
  );
}
