import { useTranslation } from 'react-i18next';
import { Spinner } from './Spinner.js';

export interface LoadingOverlayProps {
  open: boolean;
  /** Defaults to "loading" in the current language. */
  text?: string | undefined;
}

export function LoadingOverlay({ open, text }: LoadingOverlayProps) {
  const { t } = useTranslation('common');
  if (!open) return null;
  return (
    <div className="pc-overlay" role="status" aria-live="polite" aria-busy="true">
      <div className="pc-overlay__box">
        <Spinner size="large" />
        <span>{text ?? t('loading')}</span>
      </div>
    </div>
  );
}
