import { useTranslation } from 'react-i18next';

/** The namespace of the documents, contact and guide pages (loaded only with them: see routes.ts). */
export function usePagesTranslation() {
  return useTranslation('pages');
}
