import { editor } from '@pencraft/i18n/catalogues/editor';
import { ensureCatalogue } from '@pencraft/i18n/runtime';
import { useTranslation } from 'react-i18next';

/** The editor ships its own strings and adds them to the shell's i18next instance. */
export function useEditorTranslation() {
  const { i18n } = useTranslation();
  ensureCatalogue(i18n, 'editor', editor);
  return useTranslation('editor');
}
