import { useTranslation } from 'react-i18next';

/** The home page's namespace (routes.ts loads it per language). */
export function useHomeTranslation() {
  return useTranslation('home');
}
