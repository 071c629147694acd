import { isLanguage, LANGUAGE_STORAGE_KEY, LANGUAGES } from '@pencraft/i18n/runtime';
import { api, Select, useSession, writeStorage } from '@pencraft/ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { reconcileOnce, savedOnAccount } from '../lib/device-preferences.js';
import { LANGUAGE_SYNC_KEY } from '../lib/preferences.js';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation('shell');
  const { state } = useSession();

  // Signed in: the account's language or the device's, by the rule of lib/preferences.ts.
  const uid = state.status === 'user' ? state.user.uid : undefined;
  const accountLanguage = state.status === 'user' ? state.user.lang : undefined;
  useEffect(() => {
    if (!uid || !isLanguage(accountLanguage)) return;
    const use = reconcileOnce(LANGUAGE_STORAGE_KEY, LANGUAGE_SYNC_KEY, uid, accountLanguage, (value) =>
      isLanguage(value) ? value : null,
    );
    if (use && use !== i18n.language) void i18n.changeLanguage(use);
  }, [uid, accountLanguage, i18n]);

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
        // Signed in, the choice is the account's too (mails come in it); a failed save leaves the device's.
        if (uid)
          void api.put('/api/ttin/prefs/language', { body: { language } }).then(
            () => savedOnAccount(LANGUAGE_SYNC_KEY, uid, language),
            () => undefined,
          );
      }}
    />
  );
}
