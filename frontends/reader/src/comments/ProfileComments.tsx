import { HOME_MAX_PAGE } from '@pencraft/rules';
import { api } from '@pencraft/ui';
import { Link } from 'react-router';
import { PagedList } from '../components/PagedList.js';
import { useReaderTranslation } from '../i18n.js';
import { formatDate } from '../lib/format.js';
import { usePaged } from '../lib/usePaged.js';
import type { UserComment } from './types.js';

function UserCommentCard({ comment }: { comment: UserComment }) {
  const { t } = useReaderTranslation();
  const date = formatDate(comment.createdAt, {
    months: t('common:date.months'),
    long: (parts) => t('common:date.long', { ...parts }),
  });
  return (
    <li className="pc-card pc-comment-card">
      <h2 className="pc-card__title pc-comment-card__title">
        <Link to={`/a/${encodeURIComponent(comment.article.id)}#comment-${encodeURIComponent(comment.id)}`}>
          {t('profile.commentOn', { title: comment.article.title })}
        </Link>
      </h2>
      {comment.state === 'pending' && (
        <p className="pc-comment__state">
          <span className="pc-badge pc-badge--small">{t('comments.pending')}</span> {t('comments.pendingText')}
        </p>
      )}
      <p className="pc-comment__text">{comment.content}</p>
      <p className="pc-meta">
        <time dateTime={comment.createdAt}>{date}</time>
        {comment.editedAt && <span> · {t('comments.edited')}</span>}
        {comment.state === 'published' && (
          <span>
            {' · '}
            <span aria-hidden="true">▲</span> {comment.up} <span aria-hidden="true">▼</span> {comment.down}
          </span>
        )}
      </p>
    </li>
  );
}

/** A user's published comments, newest first, each linking to its place under the article (theirs in review too, for themselves). */
export function ProfileComments({ username }: { username: string }) {
  const { t } = useReaderTranslation();
  const list = usePaged(
    (page, signal) => api.get('/api/articles/comments/all', { params: { query: { username, page } }, signal }),
    HOME_MAX_PAGE,
  );
  return (
    <PagedList list={list} empty={t('profile.noComments')} error={t('profile.commentsError')}>
      {(items) => (
        <ul className="pc-cards">
          {items.map((comment) => (
            <UserCommentCard key={comment.id} comment={comment} />
          ))}
        </ul>
      )}
    </PagedList>
  );
}
