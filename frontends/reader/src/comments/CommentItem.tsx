import { COMMENT_DEPTH_MAX } from '@pencraft/rules';
import { ApiError, Button, initials, safeImageUrl } from '@pencraft/ui';
import { createContext, Suspense, useContext, useState } from 'react';
import { Link } from 'react-router';
import { useReaderTranslation } from '../i18n.js';
import { formatDate } from '../lib/format.js';
import { CommentForm } from '../lib/lazy-parts.js';
import type { CommentEffect, CommentJson, Vote } from './types.js';

/** What a comment in the thread can do; the thread (Comments.tsx) holds the state and calls the API. */
export interface ThreadActions {
  viewerUid: string | null;
  articleAuthorIds: readonly string[];
  effect: (id: string) => CommentEffect | undefined;
  reply: (parent: CommentJson, content: string) => Promise<void>;
  edit: (comment: CommentJson, content: string) => Promise<void>;
  vote: (comment: CommentJson, vote: Vote) => Promise<void>;
  askDelete: (comment: CommentJson) => void;
  askReport: (comment: CommentJson) => void;
  /** A visitor tried to act: the thread shows the sign-in prompt. */
  needSignIn: () => void;
}

export const ThreadContext = createContext<ThreadActions | null>(null);

function useThread(): ThreadActions {
  const actions = useContext(ThreadContext);
  if (!actions) throw new Error('CommentItem needs a ThreadContext');
  return actions;
}

function Count({ value }: { value: number }) {
  const { i18n } = useReaderTranslation();
  return (
    <span className="pc-comment__count">
      {value.toLocaleString(i18n.language === 'az' ? 'az-Latn-AZ' : i18n.language)}
    </span>
  );
}

/**
 * One comment and its replies: author, date, text (React text, line breaks kept by CSS), its state for its author
 * (in review, not published), votes with the viewer's own, and reply, edit, delete and report.
 */
export function CommentItem({ comment }: { comment: CommentJson }) {
  const { t } = useReaderTranslation();
  const thread = useThread();
  const [mode, setMode] = useState<'view' | 'reply' | 'edit'>('view');
  const [busy, setBusy] = useState<Vote | null>(null);
  const [message, setMessage] = useState<string>();
  const effect = thread.effect(comment.id);
  const deleted = comment.state === 'deleted';
  const author = comment.author;
  const name = author ? author.fullname || author.username : t('comments.deleted');
  const own = Boolean(author && thread.viewerUid === author.uid);
  const published = comment.state === 'published';
  const date = formatDate(comment.createdAt, {
    months: t('common:date.months'),
    long: (parts) => t('common:date.long', { ...parts }),
  });
  const avatar = safeImageUrl(author?.imageUrl);

  async function vote(direction: Vote) {
    if (!thread.viewerUid) return thread.needSignIn();
    setBusy(direction);
    setMessage(undefined);
    try {
      await thread.vote(comment, direction);
    } catch (error) {
      setMessage(error instanceof ApiError ? error.message : t('comments.failed'));
    } finally {
      setBusy(null);
    }
  }

  const replies = comment.replies ?? [];
  return (
    <li className="pc-comments__item" id={`comment-${comment.id}`}>
      <article
        className={[
          'pc-comment',
          deleted ? 'pc-comment--deleted' : '',
          comment.state === 'pending' ? 'pc-comment--pending' : '',
        ]
          .filter(Boolean)
          .join(' ')}
        aria-label={deleted ? t('comments.deleted') : name}
      >
        {deleted ? (
          <p className="pc-comment__deleted">{t('comments.deleted')}</p>
        ) : (
          <>
            <header className="pc-comment__header">
              <span className="pc-comment__avatar" aria-hidden="true">
                {avatar ? <img src={avatar} alt="" /> : initials(author?.fullname ?? '', author?.username ?? '')}
              </span>
              <span className="pc-comment__who">
                {author && (
                  <Link className="pc-comment__author" to={`/@${author.username}`}>
                    {name}
                  </Link>
                )}
                {author && thread.articleAuthorIds.includes(author.uid) && (
                  <span className="pc-badge pc-badge--small">{t('comments.author')}</span>
                )}
                {comment.depth === COMMENT_DEPTH_MAX && comment.replyTo && (
                  <span className="pc-comment__reply-to">@{comment.replyTo.username}</span>
                )}
              </span>
              <a className="pc-comment__date" href={`#comment-${comment.id}`} title={t('comments.link')}>
                <time dateTime={comment.createdAt}>{date}</time>
                {comment.editedAt && <span> · {t('comments.edited')}</span>}
              </a>
            </header>
            {comment.state === 'pending' && (
              <p className="pc-comment__state" role="note">
                <span className="pc-badge pc-badge--small">{t('comments.pending')}</span> {t('comments.pendingText')}
              </p>
            )}
            {comment.state === 'rejected' && (
              <p className="pc-comment__state" role="note">
                <span className="pc-badge pc-badge--small">{t('comments.rejected')}</span>
              </p>
            )}
            {mode === 'edit' ? (
              <Suspense fallback={null}>
                <CommentForm
                  label={t('comments.editLabel')}
                  submitLabel={t('comments.save')}
                  initial={comment.content ?? ''}
                  autoFocus
                  onSubmit={async (content) => {
                    await thread.edit(comment, content);
                    setMode('view');
                  }}
                  onCancel={() => setMode('view')}
                />
              </Suspense>
            ) : (
              <p className="pc-comment__text">{comment.content}</p>
            )}
            {mode !== 'edit' && (
              <div className="pc-comment__actions" role="group" aria-label={t('comments.actions', { name })}>
                {published && (
                  <>
                    <Button
                      variant="ghost"
                      className="pc-comment__vote"
                      aria-pressed={effect?.myVote === 'up'}
                      busy={busy === 'up'}
                      disabled={busy !== null}
                      onClick={() => void vote('up')}
                    >
                      <span aria-hidden="true">▲</span> {t('comments.upvote')} <Count value={comment.up} />
                    </Button>
                    <Button
                      variant="ghost"
                      className="pc-comment__vote"
                      aria-pressed={effect?.myVote === 'down'}
                      busy={busy === 'down'}
                      disabled={busy !== null}
                      onClick={() => void vote('down')}
                    >
                      <span aria-hidden="true">▼</span> {t('comments.downvote')} <Count value={comment.down} />
                    </Button>
                    <Button
                      variant="ghost"
                      aria-expanded={mode === 'reply'}
                      onClick={() => (thread.viewerUid ? setMode('reply') : thread.needSignIn())}
                    >
                      {t('comments.reply')}
                    </Button>
                  </>
                )}
                {own && comment.state !== 'rejected' && (
                  <>
                    <Button variant="ghost" onClick={() => setMode('edit')}>
                      {t('comments.edit')}
                    </Button>
                    <Button variant="ghost" aria-haspopup="dialog" onClick={() => thread.askDelete(comment)}>
                      {t('comments.delete')}
                    </Button>
                  </>
                )}
                {published && !own && (
                  <Button
                    variant="ghost"
                    aria-haspopup="dialog"
                    disabled={effect?.reported === true}
                    onClick={() => (thread.viewerUid ? thread.askReport(comment) : thread.needSignIn())}
                  >
                    {effect?.reported ? t('comments.reported') : t('comments.report')}
                  </Button>
                )}
              </div>
            )}
            <div className="pc-comment__message" role="alert">
              {message && <p className="pc-field__error">{message}</p>}
            </div>
            {mode === 'reply' && (
              <Suspense fallback={null}>
                <CommentForm
                  label={t('comments.replyLabel', { name })}
                  submitLabel={t('comments.sendReply')}
                  autoFocus
                  onSubmit={async (content) => {
                    await thread.reply(comment, content);
                    setMode('view');
                  }}
                  onCancel={() => setMode('view')}
                />
              </Suspense>
            )}
          </>
        )}
      </article>
      {replies.length > 0 && (
        <ol className="pc-comments pc-comments--replies" aria-label={t('comments.replies', { name })}>
          {replies.map((reply) => (
            <CommentItem key={reply.id} comment={reply} />
          ))}
        </ol>
      )}
    </li>
  );
}
