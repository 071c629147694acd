import type { Schemas } from '@pencraft/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArticleMeta } from './ArticleMeta.js';

/**
 * An article in a list (home, a profile): title, description, author, its publication, date and reading time. The title's heading
 * level follows the page's outline (below the list's heading on the home page, right below the h1 on a profile).
 */
export function ArticleCard({
  article,
  level = 3,
  children,
}: {
  article: Schemas['ArticleCard'];
  level?: 2 | 3;
  /** Actions on the item (e.g. remove it from a collection), after the card. */
  children?: ReactNode;
}) {
  const Title = level === 2 ? 'h2' : 'h3';
  return (
    <li className="pc-card">
      <article lang={article.language}>
        <Title className="pc-card__title">
          <Link to={`/a/${encodeURIComponent(article.id)}`}>{article.title}</Link>
        </Title>
        {article.description && <p className="pc-card__description">{article.description}</p>}
        <ArticleMeta
          author={article.author}
          publishedAt={article.publishedAt}
          readingMinutes={article.readingMinutes}
          publicationId={article.publicationId}
        />
      </article>
      {children}
    </li>
  );
}
