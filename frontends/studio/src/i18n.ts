import { useTranslation } from 'react-i18next';

/** The studio namespace (loaded per language when first needed: see routes.ts). */
export function useStudioTranslation() {
  return useTranslation('studio');
}
