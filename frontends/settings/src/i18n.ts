import { useTranslation } from 'react-i18next';

/** The settings namespace (loaded per language when first needed: see routes.ts). */
export function useSettingsTranslation() {
  return useTranslation('settings');
}
