import type { ReportReason } from '@pencraft/rules';
import { api, ApiError, Button, Select, Spinner, useSession } from '@pencraft/ui';
import { Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PartError } from '../components/PartError.js';
import { useReaderTranslation } from '../i18n.js';
import { CommentItem, ThreadContext, type ThreadActions } from './CommentItem.js';
import { CommentForm, ConfirmDelete, ReportDialog, useShownOnce } from '../lib/lazy-parts.js';
import { addReply, appendPage, removeComment, threadIds, updateComment } from './thread.js';
import {
  asComment,
  asThread,
  COMMENT_SORTS,
  type CommentEffect,
  type CommentJson,
  type CommentSort,
  type Vote,
} from './types.js';

/** How many ids one effect request asks about (the gateway takes at most 100). */
const EFFECT_BATCH = 100;

interface ThreadState {
  items: CommentJson[];
  page: number;
  hasMore: boolean;
  total: number;
  status: 'loading' | 'ready' | 'error';
  error?: string | undefined;
  loadingMore: boolean;
}

const markDeleted = (c: CommentJson): CommentJson => ({ ...c, state: 'deleted', content: null, author: null });
const isDeleted = (c: CommentJson) => c.state === 'deleted';

/**
 * The discussion under an article: the published thread (top level paged, replies nested), the viewer's own
 * comments waiting for review (theirs alone), a form to write one, and per comment votes, replies, edits,
 * deletion and reports. Per-viewer data only: loaded in the browser, never server-rendered.
 */
export default function Comments({
  articleId,
  articleAuthorIds,
}: {
  articleId: string;
  articleAuthorIds: readonly string[];
}) {
  const { t } = useReaderTranslation();
  const { state: session } = useSession();
  const location = useLocation();
  const titleId = useId();
  const viewerUid = session.status === 'user' ? session.user.uid : null;
  const [sort, setSort] = useState<CommentSort>('newest');
  const [thread, setThread] = useState<ThreadState>({
    items: [],
    page: 0,
    hasMore: false,
    total: 0,
    status: 'loading',
    loadingMore: false,
  });
  const [effects, setEffects] = useState<ReadonlyMap<string, CommentEffect>>(new Map());
  const [attempt, setAttempt] = useState(0);
  const [sent, setSent] = useState(false);
  const [askSignIn, setAskSignIn] = useState(false);
  const [deleting, setDeleting] = useState<CommentJson | null>(null);
  const [reporting, setReporting] = useState<CommentJson | null>(null);
  const deleteShown = useShownOnce(deleting !== null);
  const reportShown = useShownOnce(reporting !== null);
  const [reportSent, setReportSent] = useState(false);
  const scrolled = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const deleted = useRef(false);

  const loadEffects = useCallback(
    async (ids: string[], signal?: AbortSignal) => {
      if (!viewerUid || ids.length === 0) return;
      for (let i = 0; i < ids.length; i += EFFECT_BATCH) {
        const batch = ids.slice(i, i + EFFECT_BATCH);
        const answer = await api.get('/api/articles/effect/comments', {
          params: { query: { ids: batch.join(',') } },
          signal,
        });
        setEffects((known) => {
          const next = new Map(known);
          for (const item of answer.items) next.set(item.id, item);
          return next;
        });
      }
    },
    [viewerUid],
  );

  const fetchPage = useCallback(
    (page: number, signal?: AbortSignal) =>
      api.get('/api/articles/{id}/comments', { params: { path: { id: articleId }, query: { page, sort } }, signal }),
    [articleId, sort],
  );

  // The first page, again whenever the viewer (their pending comments, their votes) or the order changes.
  useEffect(() => {
    if (session.status === 'loading') return;
    const controller = new AbortController();
    setThread((s) => ({ ...s, status: 'loading', error: undefined }));
    setEffects(new Map());
    fetchPage(1, controller.signal).then(
      (answer) => {
        const items = asThread(answer.items);
        setThread({
          items,
          page: 1,
          hasMore: answer.hasMore,
          total: answer.total,
          status: 'ready',
          loadingMore: false,
        });
        loadEffects(threadIds(items), controller.signal).catch(() => undefined);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setThread((s) => ({
          ...s,
          status: 'error',
          error: error instanceof ApiError ? error.message : undefined,
        }));
      },
    );
    return () => controller.abort();
  }, [session.status, viewerUid, fetchPage, loadEffects, attempt]);

  // A link to one comment (#comment-<id>) scrolls to it once the thread is there.
  useEffect(() => {
    if (thread.status !== 'ready' || scrolled.current || !location.hash.startsWith('#comment-')) return;
    scrolled.current = true;
    document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView({ block: 'center' });
  }, [thread.status, location.hash]);

  async function loadMore() {
    setThread((s) => ({ ...s, loadingMore: true, error: undefined }));
    try {
      const answer = await fetchPage(thread.page + 1);
      const items = asThread(answer.items);
      setThread((s) => ({
        ...s,
        items: appendPage(s.items, items),
        page: s.page + 1,
        hasMore: answer.hasMore,
        total: answer.total,
        loadingMore: false,
      }));
      await loadEffects(threadIds(items)).catch(() => undefined);
    } catch (error) {
      setThread((s) => ({
        ...s,
        loadingMore: false,
        error: error instanceof ApiError ? error.message : t('comments.failed'),
      }));
    }
  }

  const update = (change: (items: CommentJson[]) => CommentJson[]) =>
    setThread((s) => ({ ...s, items: change(s.items) }));

  async function create(content: string) {
    setSent(false);
    const created = await api.post('/api/articles/comment', { body: { articleId, content } });
    update((items) => [asComment(created), ...items]);
    setSent(true);
  }

  const actions: ThreadActions = {
    viewerUid,
    articleAuthorIds,
    effect: (id) => effects.get(id),
    needSignIn: () => setAskSignIn(true),
    reply: async (parent, content) => {
      setSent(false);
      const created = await api.post('/api/articles/comment', {
        body: { articleId, parentId: parent.id, content },
      });
      update((items) => addReply(items, created.parentId ?? parent.id, asComment(created)));
      setSent(true);
    },
    edit: async (comment, content) => {
      const edited = await api.put('/api/articles/comment', { body: { commentId: comment.id, content } });
      update((items) => updateComment(items, comment.id, (c) => ({ ...asComment(edited), replies: c.replies })));
    },
    vote: async (comment, vote: Vote) => {
      const params = { params: { path: { cid: comment.id } } };
      const votes =
        vote === 'up'
          ? await api.post('/api/articles/comments/{cid}/upvote', params)
          : await api.post('/api/articles/comments/{cid}/downvote', params);
      update((items) => updateComment(items, comment.id, (c) => ({ ...c, up: votes.up, down: votes.down })));
      setEffects((known) =>
        new Map(known).set(comment.id, {
          id: comment.id,
          myVote: votes.myVote,
          reported: known.get(comment.id)?.reported ?? false,
        }),
      );
    },
    askDelete: setDeleting,
    askReport: (comment) => {
      setReportSent(false);
      setReporting(comment);
    },
  };

  async function confirmDelete() {
    if (!deleting) return;
    await api.delete('/api/articles/comments/{cid}', { params: { path: { cid: deleting.id } } });
    const wasPublished = deleting.state === 'published';
    update((items) => removeComment(items, deleting.id, markDeleted, isDeleted));
    if (wasPublished) setThread((s) => ({ ...s, total: Math.max(0, s.total - 1) }));
    deleted.current = true;
    setDeleting(null);
  }

  async function sendReport(reason: ReportReason, note: string) {
    if (!reporting) return;
    const id = reporting.id;
    try {
      await api.post('/api/articles/comments/{cid}/report', {
        params: { path: { cid: id } },
        body: note ? { reason, note } : { reason },
      });
    } catch (error) {
      // Reported before (another tab): the button says so from now on, and the dialog shows the server's words.
      if (error instanceof ApiError && error.code === 'AlreadyReportedComment') markReported(id);
      throw error;
    }
    markReported(id);
    setReporting(null);
    setReportSent(true);
  }

  function markReported(id: string) {
    setEffects((known) => new Map(known).set(id, { id, myVote: known.get(id)?.myVote ?? null, reported: true }));
  }

  const sortOptions = useMemo(
    () => COMMENT_SORTS.map((value) => ({ value, label: t(`comments.sorts.${value}`) })),
    [t],
  );
  const next = encodeURIComponent(`${location.pathname}#comments`);

  return (
    <section className="pc-comments-section" id="comments" aria-labelledby={titleId}>
      <div className="pc-comments-section__head">
        <h2 id={titleId} className="pc-comments-section__title" ref={heading} tabIndex={-1}>
          {t('comments.title')}
          {thread.status === 'ready' && <span className="pc-comments-section__total"> {thread.total}</span>}
        </h2>
        <Select
          label={t('comments.sort')}
          hideLabel
          options={sortOptions}
          value={sort}
          onChange={(event) => setSort(event.currentTarget.value as CommentSort)}
        />
      </div>
      {session.status === 'user' ? (
        <Suspense fallback={null}>
          <CommentForm label={t('comments.label')} submitLabel={t('comments.send')} onSubmit={create} />
        </Suspense>
      ) : session.status === 'visitor' ? (
        <p className="pc-comments-section__prompt">
          {t('comments.signInPrompt')} <Link to={`/login?next=${next}`}>{t('comments.signIn')}</Link>
          {' · '}
          <Link to={`/register?next=${next}`}>{t('comments.register')}</Link>
        </p>
      ) : null}
      <div role="status" className="pc-comments-section__status">
        {sent && <p>{t('comments.sent')}</p>}
        {reportSent && <p>{t('comments.reportSent')}</p>}
      </div>
      {askSignIn && session.status !== 'user' && (
        <p className="pc-notice" role="alert">
          {t('comments.signInPrompt')} <Link to={`/login?next=${next}`}>{t('comments.signIn')}</Link>
        </p>
      )}
      <div aria-busy={thread.status === 'loading'}>
        {thread.status === 'loading' && (
          <div className="pc-center">
            <Spinner label={t('common:loading')} />
          </div>
        )}
        {thread.status === 'error' && (
          <PartError title={t('comments.error')} message={thread.error} onRetry={() => setAttempt((n) => n + 1)} />
        )}
        {thread.status === 'ready' && thread.items.length === 0 && (
          <p className="pc-muted pc-comments-section__empty">{t('comments.empty')}</p>
        )}
        {thread.status === 'ready' && thread.items.length > 0 && (
          <ThreadContext.Provider value={actions}>
            <ol className="pc-comments" aria-labelledby={titleId}>
              {thread.items.map((comment) => (
                <CommentItem key={comment.id} comment={comment} />
              ))}
            </ol>
          </ThreadContext.Provider>
        )}
        {thread.status === 'ready' && thread.error && (
          <PartError title={t('comments.error')} message={thread.error} onRetry={() => void loadMore()} />
        )}
        {thread.status === 'ready' && thread.hasMore && !thread.error && (
          <div className="pc-center">
            <Button variant="secondary" busy={thread.loadingMore} onClick={() => void loadMore()}>
              {t('common:actions.loadMore')}
            </Button>
          </div>
        )}
      </div>
      {viewerUid && (
        <Suspense fallback={null}>
          {deleteShown && (
            <ConfirmDelete
              open={deleting !== null}
              onConfirm={confirmDelete}
              onClose={() => setDeleting(null)}
              onClosed={() => {
                // The button that opened the dialog went with the comment: the focus goes back to the section.
                if (deleted.current) heading.current?.focus();
                deleted.current = false;
              }}
            />
          )}
          {reportShown && (
            <ReportDialog open={reporting !== null} onSend={sendReport} onClose={() => setReporting(null)} />
          )}
        </Suspense>
      )}
    </section>
  );
}
