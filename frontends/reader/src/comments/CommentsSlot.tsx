import { Spinner } from '@pencraft/ui';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useReaderTranslation } from '../i18n.js';

const Comments = lazy(() => import('./Comments.js'));
const noSubscription = () => () => undefined;

/**
 * Where the comments go under an article. The thread is per viewer (their pending comments, their votes), so it is
 * never server-rendered: its code and data load in the browser once the page has been taken over, outside the
 * first view's JavaScript.
 */
export function CommentsSlot({ articleId, authorIds }: { articleId: string; authorIds: readonly string[] }) {
  const { t } = useReaderTranslation();
  // false on the server, true in the browser.
  const browser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  if (!browser) return null;
  return (
    <Suspense
      fallback={
        <div className="pc-center">
          <Spinner label={t('common:loading')} />
        </div>
      }
    >
      <Comments articleId={articleId} articleAuthorIds={authorIds} />
    </Suspense>
  );
}
