import { EmptyState, Spinner, useDocumentMeta, type ApiData } from '@pencraft/ui';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { PartError } from '../components/PartError.js';
import type { PageData } from '../data/index.js';
import { usePageData } from '../data/usePageData.js';
import { useReaderTranslation } from '../i18n.js';
import { ArticleBody, type ArticleView } from '../components/ArticleBody.js';
import '../reader.css';

type PublicDraft = ApiData<'get', '/api/drafts/public/{token}'>;

// Per link, never cached or server-rendered: the draft is loaded in the browser of whoever holds the link.
const previewData = (token: string): PageData<PublicDraft> => ({
  key: `preview:${token}`,
  load: (client, signal) => client.get('/api/drafts/public/{token}', { params: { path: { token } }, signal }),
});

/** The draft as the article it would be (same rendering, no votes or sharing). */
function asArticle(draft: PublicDraft): ArticleView {
  return {
    id: draft.id,
    title: draft.title,
    description: draft.description,
    language: draft.language,
    category: draft.category,
    content: draft.content ?? { blocks: [] },
    author: draft.owner,
    coverUrl: draft.coverUrl,
    publishedAt: null,
    readingMinutes: draft.wordCount ? Math.max(1, Math.round(draft.wordCount / 200)) : 0,
    status: 'draft',
  };
}

/** A preview is for the people holding its link, never for search engines. */
function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}

function PreviewView({ token }: { token: string }) {
  const { t } = useReaderTranslation();
  useNoIndex();
  const { state, reload } = usePageData(previewData(token));
  const draft = state.status === 'ready' ? state.value : undefined;
  useDocumentMeta(
    draft
      ? `${t('preview.title', { title: draft.title || t('preview.untitled') })} — Pencraft`
      : state.status === 'notFound'
        ? `${t('preview.notFound')} — Pencraft`
        : undefined,
  );
  if (state.status === 'loading') {
    return (
      <div className="pc-center">
        <Spinner label={t('common:loading')} size="large" />
      </div>
    );
  }
  if (state.status === 'notFound') {
    return (
      <EmptyState
        title={
          <span role="heading" aria-level={1}>
            {t('preview.notFound')}
          </span>
        }
        hint={t('preview.notFoundText')}
        action={
          <Link className="pc-button pc-button--secondary" to="/">
            {t('article.back')}
          </Link>
        }
      />
    );
  }
  if (state.status === 'error')
    return <PartError title={t('preview.error')} message={state.message} onRetry={reload} />;
  return (
    <>
      <p className="pc-notice pc-preview-banner" role="note">
        {t('preview.banner')}
      </p>
      <ArticleBody article={asArticle(state.value)} actions={false} />
    </>
  );
}

export default function Preview() {
  const { token } = useParams();
  return (
    <div className="pc-reader pc-container pc-page">{token ? <PreviewView key={token} token={token} /> : null}</div>
  );
}
