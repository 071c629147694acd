import { Button, EmptyState, Spinner } from '@pencraft/ui';
import type { ReactNode } from 'react';
import { useReaderTranslation } from '../i18n.js';
import type { Paged } from '../lib/usePaged.js';
import { PartError } from './PartError.js';

/** Loading, error, empty and "load more" around a paged list. */
export function PagedList<T>({
  list,
  empty,
  error,
  children,
}: {
  list: Paged<T>;
  empty: string;
  error: string;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useReaderTranslation();
  return (
    <div aria-busy={list.status === 'loading'}>
      {list.status === 'loading' && (
        <div className="pc-center">
          <Spinner label={t('common:loading')} size="large" />
        </div>
      )}
      {list.status === 'error' && <PartError title={error} message={list.error?.message} onRetry={list.retry} />}
      {list.status === 'ready' && list.items.length === 0 && <EmptyState title={empty} />}
      {list.items.length > 0 && children(list.items)}
      {list.status === 'ready' && list.error && list.items.length > 0 && (
        <PartError title={error} message={list.error.message} onRetry={list.retry} />
      )}
      {list.status === 'ready' && list.hasMore && !list.error && (
        <div className="pc-center">
          <Button variant="secondary" busy={list.loadingMore} onClick={list.loadMore}>
            {t('common:actions.loadMore')}
          </Button>
        </div>
      )}
    </div>
  );
}
