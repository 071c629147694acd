import { useTranslation } from 'react-i18next';

/** The staff namespace (loaded per language when first needed: see routes.ts). */
export function useStaffTranslation() {
  return useTranslation('staff');
}
