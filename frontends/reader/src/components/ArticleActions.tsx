import type { ReportReason } from '@pencraft/rules';
import { api, ApiError, Button, useSession, type ApiData } from '@pencraft/ui';
import { Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useReaderTranslation } from '../i18n.js';
import { CollectionsDialog, ReportDialog, useShownOnce } from '../lib/lazy-parts.js';
import { ShareButton } from './Share.js';

type Meta = ApiData<'get', '/api/articles/{id}/meta'>;

function Count({ value }: { value: number }) {
  const { i18n } = useReaderTranslation();
  return (
    <span className="pc-actions__count">
      {value.toLocaleString(i18n.language === 'az' ? 'az-Latn-AZ' : i18n.language)}
    </span>
  );
}

/**
 * What a reader does with an article: vote (up; down only with the Pro rating, else CannotDownvote is shown),
 * bookmark, save to collections, share, report it to the moderators (never one's own), and the number of comments
 * (a link to them). The counts and the reader's own choices come from the article's
 * per-viewer meta, read after the page is shown (never part of the server-rendered HTML).
 */
export function ArticleActions({
  articleId,
  authorIds,
  title,
}: {
  articleId: string;
  authorIds: string[];
  title: string;
}) {
  const { t } = useReaderTranslation();
  const { state: session } = useSession();
  const [meta, setMeta] = useState<Meta | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<string>();
  const [needsSignIn, setNeedsSignIn] = useState(false);
  const [collectionsOpen, setCollectionsOpen] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [reported, setReported] = useState(false);
  const [reportSent, setReportSent] = useState(false);
  const reportShown = useShownOnce(reporting);
  const collectionsShown = useShownOnce(collectionsOpen);
  const viewer = session.status === 'user' ? session.user.uid : session.status;
  const own = session.status === 'user' && authorIds.includes(session.user.uid);

  useEffect(() => {
    if (viewer === 'loading') return;
    const controller = new AbortController();
    api
      .get('/api/articles/{id}/meta', { params: { path: { id: articleId } }, signal: controller.signal })
      .then(setMeta, () => undefined);
    return () => controller.abort();
  }, [articleId, viewer]);

  async function act(name: string, call: () => Promise<Meta | undefined | void>, update?: (m: Meta) => Meta) {
    if (session.status !== 'user') {
      setNeedsSignIn(true);
      return;
    }
    setBusy(name);
    setMessage(undefined);
    try {
      const answer = await call();
      if (answer) setMeta(answer);
      else if (update) setMeta((m) => (m ? update(m) : m));
    } catch (failure) {
      setMessage(failure instanceof ApiError ? failure.message : t('actions.failed'));
    } finally {
      setBusy(null);
    }
  }

  const params = { params: { path: { id: articleId } } };
  const vote = (direction: 'up' | 'down') =>
    act(direction, () =>
      direction === 'up'
        ? api.post('/api/articles/{id}/upvote', params)
        : api.post('/api/articles/{id}/downvote', params),
    );
  const bookmark = () =>
    act(
      'bookmark',
      async () => {
        if (meta?.bookmarked) await api.delete('/api/articles/{id}/bookmark', params);
        else await api.post('/api/articles/{id}/bookmark', params);
      },
      (m) => ({ ...m, bookmarked: !m.bookmarked, bookmarks: m.bookmarks + (m.bookmarked ? -1 : 1) }),
    );

  async function sendReport(reason: ReportReason, note: string) {
    try {
      await api.post('/api/articles/{id}/report', { ...params, body: note ? { reason, note } : { reason } });
    } catch (error) {
      // Reported before (another tab): the button says so from now on, and the dialog shows the server's words.
      if (error instanceof ApiError && error.code === 'AlreadyReportedArticle') setReported(true);
      throw error;
    }
    setReported(true);
    setReporting(false);
    setReportSent(true);
  }

  const up = meta?.votes.up ?? 0;
  const down = meta?.votes.down ?? 0;
  return (
    <div className="pc-actions" aria-label={t('actions.label')} role="group">
      <Button
        variant={meta?.myVote === 'up' ? 'primary' : 'secondary'}
        aria-pressed={meta?.myVote === 'up'}
        busy={busy === 'up'}
        disabled={own || busy !== null}
        onClick={() => void vote('up')}
        title={own ? t('actions.ownArticle') : undefined}
      >
        <span aria-hidden="true">▲</span> {t('actions.upvote')} <Count value={up} />
      </Button>
      <Button
        variant={meta?.myVote === 'down' ? 'primary' : 'secondary'}
        aria-pressed={meta?.myVote === 'down'}
        busy={busy === 'down'}
        disabled={own || busy !== null}
        onClick={() => void vote('down')}
        title={own ? t('actions.ownArticle') : undefined}
      >
        <span aria-hidden="true">▼</span> {t('actions.downvote')} <Count value={down} />
      </Button>
      <Button
        variant={meta?.bookmarked ? 'primary' : 'secondary'}
        aria-pressed={meta?.bookmarked ?? false}
        busy={busy === 'bookmark'}
        disabled={busy !== null}
        onClick={() => void bookmark()}
      >
        {meta?.bookmarked ? t('actions.bookmarked') : t('actions.bookmark')}
      </Button>
      <Button
        variant="secondary"
        aria-haspopup="dialog"
        onClick={() => (session.status === 'user' ? setCollectionsOpen(true) : setNeedsSignIn(true))}
      >
        {meta && meta.collections.length > 0 ? t('actions.savedToCollections') : t('actions.saveToCollection')}
      </Button>
      <ShareButton title={title} path={`/a/${encodeURIComponent(articleId)}`} />
      {!own && (
        <Button
          variant="ghost"
          aria-haspopup="dialog"
          disabled={reported}
          onClick={() => {
            setReportSent(false);
            if (session.status === 'user') setReporting(true);
            else setNeedsSignIn(true);
          }}
        >
          {reported ? t('actions.reported') : t('actions.report')}
        </Button>
      )}
      <a className="pc-button pc-button--ghost" href="#comments">
        {t('actions.comments')} <Count value={meta?.comments ?? 0} />
      </a>
      <div className="pc-actions__message" role="status">
        {reportSent && <p>{t('actions.reportSent')}</p>}
      </div>
      <div className="pc-actions__message" role="alert">
        {message && <p className="pc-field__error">{message}</p>}
        {needsSignIn && session.status !== 'user' && (
          <p>
            {t('actions.signInFirst')} <Link to="/login">{t('actions.signIn')}</Link>
          </p>
        )}
      </div>
      {session.status === 'user' && !own && reportShown && (
        <Suspense fallback={null}>
          <ReportDialog
            open={reporting}
            title={t('actions.reportTitle')}
            onSend={sendReport}
            onClose={() => setReporting(false)}
          />
        </Suspense>
      )}
      {session.status === 'user' && collectionsShown && (
        <Suspense fallback={null}>
          <CollectionsDialog
            articleId={articleId}
            open={collectionsOpen}
            saved={meta?.collections ?? []}
            onSavedChange={(collections) => setMeta((m) => (m ? { ...m, collections } : m))}
            onClose={() => setCollectionsOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
