// ΕΛ/EN in the header: switches the studio in place (src/studio/i18n.ts).

import { useTranslation } from 'react-i18next';
import { STUDIO_LANGUAGES, type StudioLanguage, setStudioLanguage, studioLanguage } from '../i18n';

const NATIVE: Record<StudioLanguage, string> = { el: 'Ελληνικά', en: 'English' };

export function LanguageSwitch() {
  const { t } = useTranslation('studio');
  const active = studioLanguage();
  return (
    <fieldset className="studio-lang">
      <legend className="visually-hidden">{t('layout.language')}</legend>
      {STUDIO_LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          className="studio-lang__option"
          aria-pressed={lng === active}
          aria-label={NATIVE[lng]}
          onClick={() => void setStudioLanguage(lng)}
        >
          {lng === 'el' ? 'ΕΛ' : 'EN'}
        </button>
      ))}
    </fieldset>
  );
}
