import { safeImageUrl } from '@pencraft/ui';
import { Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useCategoryName } from '../data/categories.js';
import type { ArticleData } from '../data/index.js';
import { useReaderTranslation } from '../i18n.js';
import { CommentsSlot } from '../comments/CommentsSlot.js';
import { ArticleActions } from './ArticleActions.js';
import { ArticleAuthors, ArticleDateLine, NextArticle, TranslationSwitcher } from './ArticleParts.js';
import { articleImages, Blocks } from './Blocks.js';
import { ImageViewer, useShownOnce } from '../lib/lazy-parts.js';
import { PaidNotice } from './PaidNotice.js';
import { SupportAuthor } from './Support.js';

/**
 * An article as a reader sees it (also the preview page's body): category, title, description, authors, date,
 * reading time, language versions, cover, the blocks with an image viewer over the article's images. `actions`
 * adds what a published article has (votes, bookmark, collections, share, the author's next article, comments).
 */
/** What the body shows: an article, or a draft shown as the article it would be (the preview). */
export type ArticleView = Pick<
  ArticleData,
  | 'id'
  | 'title'
  | 'description'
  | 'language'
  | 'category'
  | 'content'
  | 'author'
  | 'publishedAt'
  | 'readingMinutes'
  | 'status'
> &
  Partial<
    Pick<
      ArticleData,
      'coAuthors' | 'coverUrl' | 'translations' | 'categoryName' | 'locked' | 'paywall' | 'publicationId'
    >
  >;

export function ArticleBody({ article: a, actions }: { article: ArticleView; actions: boolean }) {
  const { t } = useReaderTranslation();
  const [viewing, setViewing] = useState<number | null>(null);
  const viewerShown = useShownOnce(viewing !== null);
  const images = useMemo(() => articleImages(a.content?.blocks, t('article.image')), [a.content, t]);
  const authors = [a.author, ...(a.coAuthors ?? [])];
  const cover = safeImageUrl(a.coverUrl);
  const categoryName = useCategoryName(a.category, a.categoryName);
  return (
    <article className="pc-article" lang={a.language}>
      <header className="pc-article__header">
        {a.category && (
          <p className="pc-article__category">
            <Link to={`/c/${encodeURIComponent(a.category)}`}>{categoryName}</Link>
          </p>
        )}
        {actions && a.status !== 'published' && <p className="pc-badge">{t('article.draft')}</p>}
        <h1>{a.title}</h1>
        {a.description && <p className="pc-article__lead">{a.description}</p>}
        <ArticleAuthors authors={authors} />
        <ArticleDateLine
          publishedAt={a.publishedAt}
          readingMinutes={a.readingMinutes}
          publicationId={a.publicationId}
        />
        <TranslationSwitcher current={a} translations={a.translations ?? []} />
      </header>
      {cover && (
        <figure className="pc-article__cover">
          <img src={cover} alt="" />
        </figure>
      )}
      <div className="pc-article__body">
        <Blocks blocks={a.content?.blocks} onOpenImage={images.length ? setViewing : undefined} />
      </div>
      {/* A paid article this reader may not read in full: its teaser above, the notice and the plans here. */}
      {a.locked && <PaidNotice paywall={a.paywall} />}
      {viewerShown && (
        <Suspense fallback={null}>
          <ImageViewer images={images} index={viewing} onIndexChange={setViewing} onClose={() => setViewing(null)} />
        </Suspense>
      )}
      {actions && a.status === 'published' && (
        <ArticleActions articleId={a.id} authorIds={authors.map((author) => author.uid)} title={a.title} />
      )}
      {actions && a.status === 'published' && <SupportAuthor author={a.author} articleId={a.id} />}
      {actions && a.status === 'published' && <NextArticle authorId={a.author.uid} articleId={a.id} />}
      {actions && a.status === 'published' && (
        <CommentsSlot articleId={a.id} authorIds={authors.map((author) => author.uid)} />
      )}
    </article>
  );
}
