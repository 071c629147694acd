import { useTranslation } from 'react-i18next';

/** The editor's own namespace (loaded per language when first needed: see routes.ts). */
export function useEditorTranslation() {
  return useTranslation('editor');
}
