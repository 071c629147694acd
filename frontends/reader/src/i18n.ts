import { reader } from '@pencraft/i18n/catalogues/reader';
import { ensureCatalogue } from '@pencraft/i18n/runtime';
import { useTranslation } from 'react-i18next';

/**
 * The reader ships its own strings and adds them to the shell's i18next instance, so a remote with new
 * texts needs no new shell.
 */
export function useReaderTranslation() {
  const { i18n } = useTranslation();
  ensureCatalogue(i18n, 'reader', reader);
  return useTranslation('reader');
}
