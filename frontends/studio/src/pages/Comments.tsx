import { api, Button, formatDate, useLoad } from '@pencraft/ui';
import { useState } from 'react';
import { Loaded } from '../components/parts.js';
import { StudioFrame } from '../components/StudioFrame.js';
import { useStudioTranslation } from '../i18n.js';
import type { Studio } from '../lib/studio.js';

function CommentsBody({ studio }: { studio: Studio }) {
  const { t } = useStudioTranslation();
  const [page, setPage] = useState(1);
  const list = useLoad(
    (signal) =>
      api.get('/api/core-publications/{id}/studio/comments', {
        params: { path: { id: studio.publication.id }, query: { page } },
        signal,
      }),
    [studio.publication.id, page],
    t('common:dialog.failure'),
  );
  return (
    <Loaded state={list.state} onRetry={list.reload}>
      {(data) => (
        <div className="pc-studio__panel">
          {data.items.length === 0 && page === 1 ? (
            <p className="pc-studio__text" data-no-comments>
              {t('comments.empty')}
            </p>
          ) : (
            <ol className="pc-studio__list" data-comments aria-label={t('comments.list')}>
              {data.items.map((comment) => {
                const author = comment.author.fullname ?? comment.author.username ?? t('comments.deletedUser');
                return (
                  <li key={comment.id} className="pc-studio__comment" data-comment={comment.id}>
                    <article aria-label={t('comments.itemLabel', { author, title: comment.articleTitle })}>
                      <p className="pc-studio__row-meta">
                        {comment.author.username ? (
                          <a href={`/@${comment.author.username}`}>{author}</a>
                        ) : (
                          <span>{author}</span>
                        )}{' '}
                        · <time dateTime={comment.createdAt}>{formatDate(comment.createdAt, t)}</time>
                      </p>
                      <p className="pc-studio__comment-text">{comment.content}</p>
                      <p className="pc-studio__row-meta">
                        {t('comments.on')}{' '}
                        <a href={`/a/${comment.articleId}#comment-${comment.id}`}>{comment.articleTitle}</a>
                      </p>
                    </article>
                  </li>
                );
              })}
            </ol>
          )}
          {(page > 1 || data.hasMore) && (
            <nav className="pc-studio__pager" aria-label={t('comments.pages')}>
              <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('subscribers.previous')}
              </Button>
              <span>{t('subscribers.page', { page })}</span>
              <Button variant="secondary" disabled={!data.hasMore} onClick={() => setPage(page + 1)}>
                {t('subscribers.next')}
              </Button>
            </nav>
          )}
        </div>
      )}
    </Loaded>
  );
}

/** /studio/comments: the published comments on the publication's articles, newest first, 20 a page. */
export default function Comments() {
  return <StudioFrame section="comments">{(studio) => <CommentsBody studio={studio} />}</StudioFrame>;
}
