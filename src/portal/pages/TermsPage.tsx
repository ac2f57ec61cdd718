// /terms-of-use (spec §1): the portal's terms of use, in the visitor's language.

import { useTranslation } from 'react-i18next';

interface TermsSection {
  heading: string;
  paragraphs: string[];
}

export function TermsPage() {
  const { t } = useTranslation('terms');
  const sections = t('sections', { returnObjects: true }) as TermsSection[] | string;
  return (
    <article className="page page--narrow terms">
      <h1>{t('title')}</h1>
      <p className="terms__updated">{t('updated')}</p>
      <p>{t('intro')}</p>
      {Array.isArray(sections)
        ? sections.map((section) => (
            <section key={section.heading} aria-label={section.heading}>
              <h2>{section.heading}</h2>
              {section.paragraphs.map((p) => (
                <p key={p.slice(0, 40)}>{p}</p>
              ))}
            </section>
          ))
        : null}
      <p>{t('contact')}</p>
    </article>
  );
}
