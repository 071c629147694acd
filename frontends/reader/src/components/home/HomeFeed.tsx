import { api, Button, EmptyState, Spinner, type Schemas } from '@pencraft/ui';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { loadHomeList, type HomeTab } from '../../data/index.js';
import { ArticleCard } from '../ArticleCard.js';
import { PartError } from '../PartError.js';
import { useHomeTranslation } from './i18n.js';
import { useCursorList, type CursorPage } from './useCursorList.js';

type Card = Schemas['ArticleCard'];

export const HOME_TABS: readonly HomeTab[] = ['all', 'following', 'suggestions'];

/** The tab a home address names (`?tab=`): all unless a signed-in reader asks for another. */
export function homeTab(value: string | null, signedIn: boolean): HomeTab {
  return signedIn && (value === 'following' || value === 'suggestions') ? value : 'all';
}

/**
 * The tabs of the home's article list: links (`?tab=`), so each tab has an address and works with the keyboard;
 * visitors see the all tab and a word on what signing in adds.
 */
export function HomeTabs({ tab, signedIn }: { tab: HomeTab; signedIn: boolean }) {
  const { t } = useHomeTranslation();
  if (!signedIn) return <p className="pc-home__hint">{t('list.signIn')}</p>;
  return (
    <nav className="pc-tabs" aria-label={t('tabs.label')}>
      {HOME_TABS.map((option) => (
        <Link
          key={option}
          className="pc-tabs__tab"
          to={option === 'all' ? '/' : `/?tab=${option}`}
          aria-current={tab === option ? 'page' : undefined}
          replace
          preventScrollReset
        >
          {t(`tabs.${option}`)}
        </Link>
      ))}
    </nav>
  );
}

/**
 * One tab's list, by cursor, with infinite scroll: the next page loads when the end of the list comes into view
 * (IntersectionObserver), and a "load more" button does the same for keyboards and where the observer is missing.
 */
export function HomeFeed({ tab, first }: { tab: HomeTab; first?: CursorPage<Card> | undefined }) {
  const { t } = useHomeTranslation();
  const list = useCursorList<Card>((cursor, signal) => loadHomeList(api, tab, cursor, signal), first);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasMore, loadingMore, failed, loadMore } = list;

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasMore || loadingMore || failed || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, loadingMore, failed, loadMore]);

  return (
    <div aria-busy={list.status === 'loading' || list.loadingMore} data-tab={tab}>
      {list.status === 'loading' && (
        <div className="pc-center">
          <Spinner label={t('common:loading')} size="large" />
        </div>
      )}
      {list.status === 'error' && (
        <PartError title={t('list.error')} message={list.error?.message} onRetry={list.retry} />
      )}
      {list.status === 'ready' && list.items.length === 0 && !list.hasMore && (
        <EmptyState
          title={t(`list.empty.${tab}`)}
          action={
            tab === 'all' ? (
              <Link className="pc-button pc-button--secondary" to="/write">
                {t('reader:home.write')}
              </Link>
            ) : undefined
          }
        />
      )}
      {list.items.length > 0 && (
        <ul className="pc-cards" data-testid="home-list">
          {list.items.map((article) => (
            <ArticleCard key={article.id} article={article} />
          ))}
        </ul>
      )}
      {list.status === 'ready' && list.failed && list.items.length > 0 && (
        <PartError title={t('list.error')} message={list.error?.message} onRetry={list.retry} />
      )}
      <div ref={sentinel} className="pc-home__sentinel" />
      {list.status === 'ready' && list.hasMore && !list.failed && (
        <div className="pc-center">
          <Button variant="secondary" busy={list.loadingMore} onClick={list.loadMore}>
            {list.loadingMore ? t('list.loadingMore') : t('list.loadMore')}
          </Button>
        </div>
      )}
      {list.status === 'ready' && !list.hasMore && list.items.length > 0 && (
        <p className="pc-home__end">{t('list.end')}</p>
      )}
    </div>
  );
}
