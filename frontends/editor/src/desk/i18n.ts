import { useTranslation } from 'react-i18next';

/** The desk pages' own namespace (review status, statistics, invitations), loaded per language when first needed. */
export function useDeskTranslation() {
  return useTranslation('desk');
}
