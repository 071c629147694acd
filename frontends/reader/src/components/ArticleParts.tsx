import { api, safeImageUrl, type ApiData, type Schemas } from '@pencraft/ui';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useReaderTranslation } from '../i18n.js';
import { formatDate } from '../lib/format.js';
import { PublicationLink } from './PublicationLink.js';
import { LANGS } from '@pencraft/rules';

type Author = Schemas['Author'];
type Language = Schemas['Article']['language'];

/** The author and the accepted co-authors, each a link to their profile. */
export function ArticleAuthors({ authors }: { authors: readonly Author[] }) {
  const { t } = useReaderTranslation();
  return (
    <ul className="pc-authors" aria-label={t('article.authors')}>
      {authors.map((author) => {
        const picture = safeImageUrl(author.imageUrl);
        return (
          <li key={author.uid} className="pc-authors__item">
            {picture && <img className="pc-authors__avatar" src={picture} alt="" />}
            <Link to={`/@${author.username}`}>{author.fullname || author.username}</Link>
          </li>
        );
      })}
    </ul>
  );
}

/** The line under the authors: the publication the article belongs to (if any), the date and the reading time. */
export function ArticleDateLine({
  publishedAt,
  readingMinutes,
  publicationId,
}: {
  publishedAt: string | null;
  readingMinutes: number;
  publicationId?: string | null | undefined;
}) {
  const { t } = useReaderTranslation();
  const date = formatDate(publishedAt, {
    months: t('common:date.months'),
    long: (parts) => t('common:date.long', { ...parts }),
  });
  return (
    <p className="pc-meta">
      {publicationId && (
        <>
          <PublicationLink publicationId={publicationId} />
          {(date || readingMinutes > 0) && <span aria-hidden="true"> · </span>}
        </>
      )}
      {date && <time dateTime={publishedAt ?? undefined}>{date}</time>}
      {date && readingMinutes > 0 && <span aria-hidden="true"> · </span>}
      {readingMinutes > 0 && <span>{t('common:readingTime', { count: readingMinutes })}</span>}
    </p>
  );
}

/** The language versions of the article (one URL each), the current one marked. */
export function TranslationSwitcher({
  current,
  translations,
}: {
  current: { id: string; language: Language };
  translations: readonly { id: string; language: Language }[];
}) {
  const { t } = useReaderTranslation();
  const versions = [...translations];
  if (!versions.some((v) => v.id === current.id)) versions.push(current);
  if (versions.length < 2) return null;
  versions.sort((a, b) => LANGS.indexOf(a.language) - LANGS.indexOf(b.language));
  return (
    <nav className="pc-translations" aria-label={t('article.languages')}>
      <ul>
        {versions.map((version) => (
          <li key={version.id}>
            <Link
              to={`/a/${encodeURIComponent(version.id)}`}
              hrefLang={version.language}
              lang={version.language}
              aria-current={version.id === current.id ? 'page' : undefined}
              className="pc-translations__link"
            >
              {t(`common:languages.${version.language}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

type Next = ApiData<'get', '/api/users/{id}/articles/{aid}/next'>['next'];

/** The author's next published article after this one, if there is one. */
export function NextArticle({ authorId, articleId }: { authorId: string; articleId: string }) {
  const { t } = useReaderTranslation();
  const [next, setNext] = useState<Next | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api
      .get('/api/users/{id}/articles/{aid}/next', {
        params: { path: { id: authorId, aid: articleId } },
        signal: controller.signal,
      })
      .then(
        (answer) => setNext(answer.next),
        () => setNext(null),
      );
    return () => controller.abort();
  }, [authorId, articleId]);
  if (!next) return null;
  return (
    <section className="pc-next" aria-labelledby="pc-next-title">
      <h2 id="pc-next-title" className="pc-next__label">
        {t('article.next')}
      </h2>
      <Link className="pc-next__link" to={`/a/${encodeURIComponent(next.id)}`} lang={next.language}>
        <span className="pc-next__title">{next.title}</span>
        {next.description && <span className="pc-next__description">{next.description}</span>}
      </Link>
    </section>
  );
}
