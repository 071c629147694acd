import { HOME_MAX_PAGE } from '@pencraft/rules';
import { api, Button, EmptyState, safeImageUrl, Spinner, type Schemas } from '@pencraft/ui';
import { Link } from 'react-router';
import { useReaderTranslation } from '../i18n.js';
import { usePaged, type Paged } from '../lib/usePaged.js';
import { ArticleCard } from './ArticleCard.js';
import { PartError } from './PartError.js';

/** Loading, error, empty and "load more" around a paged list. */
function PagedList<T>({
  list,
  empty,
  error,
  children,
}: {
  list: Paged<T>;
  empty: string;
  error: string;
  children: (items: T[]) => React.ReactNode;
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

export function ProfileArticles({ username }: { username: string }) {
  const { t } = useReaderTranslation();
  const list = usePaged(
    (page, signal) =>
      api.get('/api/profile/{username}/articles', { params: { path: { username }, query: { page } }, signal }),
    HOME_MAX_PAGE,
  );
  return (
    <PagedList list={list} empty={t('profile.noArticles')} error={t('profile.listError')}>
      {(items) => (
        <ul className="pc-cards">
          {items.map((article) => (
            <ArticleCard key={article.id} article={article} level={2} />
          ))}
        </ul>
      )}
    </PagedList>
  );
}

type FollowUser = Schemas['FollowUser'];

function Person({ user }: { user: FollowUser }) {
  const avatar = safeImageUrl(user.imageUrl);
  return (
    <li className="pc-person">
      <span className="pc-person__avatar" aria-hidden="true">
        {avatar ? <img src={avatar} alt="" /> : ([...(user.fullname || user.username)][0] ?? '?').toUpperCase()}
      </span>
      <span className="pc-person__text">
        <Link to={`/@${user.username}`} className="pc-person__name">
          {user.fullname || user.username}
        </Link>
        <span className="pc-person__username">@{user.username}</span>
        {user.headline && <span className="pc-person__headline">{user.headline}</span>}
      </span>
    </li>
  );
}

export function ProfilePeople({ uid, kind }: { uid: string; kind: 'followers' | 'following' }) {
  const { t } = useReaderTranslation();
  const list = usePaged(
    (page, signal) =>
      kind === 'followers'
        ? api.get('/api/users/{id}/followers', { params: { path: { id: uid }, query: { page } }, signal })
        : api.get('/api/users/{id}/following', { params: { path: { id: uid }, query: { page } }, signal }),
    HOME_MAX_PAGE,
  );
  return (
    <PagedList
      list={list}
      empty={kind === 'followers' ? t('profile.noFollowers') : t('profile.noFollowing')}
      error={t('profile.listError')}
    >
      {(items) => (
        <ul className="pc-people">
          {items.map((user) => (
            <Person key={user.uid} user={user} />
          ))}
        </ul>
      )}
    </PagedList>
  );
}
