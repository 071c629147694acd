import { HOME_MAX_PAGE } from '@pencraft/rules';
import { api, safeImageUrl, type Schemas } from '@pencraft/ui';
import { Link } from 'react-router';
import { useReaderTranslation } from '../i18n.js';
import { usePaged } from '../lib/usePaged.js';
import { ArticleCard } from './ArticleCard.js';
import { PagedList } from './PagedList.js';

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

/** My bookmarks, newest first (the owner's tab only: bookmarks are private). */
export function ProfileBookmarks() {
  const { t } = useReaderTranslation();
  const list = usePaged(
    (page, signal) => api.get('/api/profile/bookmarks', { params: { query: { page } }, signal }),
    HOME_MAX_PAGE,
  );
  return (
    <PagedList list={list} empty={t('profile.noBookmarks')} error={t('profile.listError')}>
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

type CollectionSummary = Schemas['CollectionSummary'];

function CollectionItem({ collection, own }: { collection: CollectionSummary; own: boolean }) {
  const { t } = useReaderTranslation();
  return (
    <li className="pc-card pc-collection-card">
      <h2 className="pc-card__title">
        <Link to={`/collections/${encodeURIComponent(collection.id)}`}>{collection.name}</Link>
      </h2>
      <p className="pc-meta">
        {t('collections.count', { count: collection.itemCount })}
        {collection.private && <span className="pc-badge pc-badge--small">{t('collections.private')}</span>}
        {own && !collection.own && (
          <span className="pc-badge pc-badge--small">
            {t('collections.savedFrom', { name: collection.owner.fullname || collection.owner.username })}
          </span>
        )}
      </p>
    </li>
  );
}

/**
 * A user's collections: everyone sees the public ones; the owner also sees the private ones and the public
 * collections of others they saved.
 */
export function ProfileCollections({ username, own }: { username: string; own: boolean }) {
  const { t } = useReaderTranslation();
  const list = usePaged(async (_page, signal) => {
    const answer = own
      ? await api.get('/api/collections', { signal })
      : await api.get('/api/profile/collections/{username}', { params: { path: { username } }, signal });
    return { items: answer.items, hasMore: false };
  }, 1);
  return (
    <PagedList list={list} empty={t('profile.noCollections')} error={t('profile.listError')}>
      {(items) => (
        <ul className="pc-cards">
          {items.map((collection) => (
            <CollectionItem key={collection.id} collection={collection} own={own} />
          ))}
        </ul>
      )}
    </PagedList>
  );
}
