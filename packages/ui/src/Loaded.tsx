import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button.js';
import { Spinner } from './Spinner.js';
import type { Load } from './useLoad.js';

export interface LoadedProps<T> {
  state: Load<T>;
  onRetry: () => void;
  /** Renders the data once it is there. */
  children: (data: T) => ReactNode;
  /** The heading of the failure notice, in the remote's own words (its namespace's "load failed"). */
  failedTitle: ReactNode;
  /** The class of the box around the spinner (the remote's own layout). */
  loadingClassName?: string | undefined;
}

/** The loading and failure states of a page's data (from useLoad); `children` renders it once it is there. */
export function Loaded<T>({ state, onRetry, children, failedTitle, loadingClassName }: LoadedProps<T>) {
  const { t } = useTranslation('common');
  if (state.status === 'loading') {
    return (
      <div className={loadingClassName}>
        <Spinner size="large" />
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="pc-notice" role="alert">
        <p>
          <strong>{failedTitle}</strong> {state.message}
        </p>
        <Button variant="secondary" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      </div>
    );
  }
  return <>{children(state.data)}</>;
}
