import { Button } from '@pencraft/ui';
import { useReaderTranslation } from '../i18n.js';

/** An error inside a page part, with the server's localised message when there is one. */
export function PartError({
  title,
  message,
  onRetry,
}: {
  title: string;
  message?: string | undefined;
  onRetry?: () => void;
}) {
  const { t } = useReaderTranslation();
  return (
    <div className="pc-notice" role="alert">
      <p>
        <strong>{title}</strong>
        {message && message !== title ? ` ${message}` : ''}
      </p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          {t('common:actions.retry')}
        </Button>
      )}
    </div>
  );
}
