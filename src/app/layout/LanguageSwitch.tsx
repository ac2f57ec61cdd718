// EL/EN switch. With a form on screen it asks first, because the switch reloads the page.

import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGES, type Language, setLanguage } from '../../i18n';
import { ConfirmDialog } from './ConfirmDialog';

const NATIVE_NAMES: Record<Language, string> = { el: 'Ελληνικά', en: 'English' };

export function LanguageSwitch({ reload }: { reload?: () => void }) {
  const { t } = useTranslation('common');
  const [question, setQuestion] = useState<string | null>(null);
  const answer = useRef<((ok: boolean) => void) | null>(null);
  const active = currentLanguage();

  const close = (ok: boolean) => {
    answer.current?.(ok);
    answer.current = null;
    setQuestion(null);
  };

  const choose = (lng: Language) => {
    void setLanguage(lng, {
      reload,
      confirm: (message) =>
        new Promise<boolean>((resolve) => {
          answer.current = resolve;
          setQuestion(message);
        }),
    });
  };

  return (
    <>
      <fieldset className="language-switch">
        <legend className="visually-hidden">{t('language.label')}</legend>
        {LANGUAGES.map((lng) => (
          <button
            key={lng}
            type="button"
            lang={lng}
            className="language-switch__option"
            aria-pressed={lng === active}
            aria-label={`${lng.toUpperCase()} ${NATIVE_NAMES[lng]}`}
            onClick={() => choose(lng)}
          >
            {lng.toUpperCase()}
          </button>
        ))}
      </fieldset>
      {question !== null ? (
        <ConfirmDialog
          title={t('language.confirmTitle')}
          message={question}
          confirmLabel={t('language.confirmYes')}
          cancelLabel={t('language.confirmNo')}
          onConfirm={() => close(true)}
          onCancel={() => close(false)}
        />
      ) : null}
    </>
  );
}
