import { isLanguage, LANGUAGE_STORAGE_KEY, LANGUAGES } from '@pencraft/i18n/runtime';
import { readStorage, Select, useSession, writeStorage } from '@pencraft/ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation('shell');
  const { state } = useSession();

  // A signed-in user's saved language applies on a device that has no choice of its own yet.
  const userLanguage = state.status === 'user' ? state.user.lang : undefined;
  useEffect(() => {
    if (isLanguage(userLanguage) && readStorage(LANGUAGE_STORAGE_KEY) === null) void i18n.changeLanguage(userLanguage);
  }, [userLanguage, i18n]);

  return (
    <Select
      className="pc-language"
      label={t('language.label')}
      hideLabel
      value={i18n.resolvedLanguage ?? i18n.language}
      // Short codes keep the header on one line on phones; the select is named "Language".
      options={LANGUAGES.map((language) => ({ value: language, label: language.toUpperCase() }))}
      onChange={(event) => {
        const language = event.target.value;
        if (!isLanguage(language)) return;
        writeStorage(LANGUAGE_STORAGE_KEY, language);
        void i18n.changeLanguage(language);
      }}
    />
  );
}
