import { useTranslation } from 'react-i18next';

/** The reader's own namespace (loaded per language when first needed: see routes.ts). */
export function useReaderTranslation() {
  return useTranslation('reader');
}
