import type { Schemas } from '@pencraft/ui';
import { Link } from 'react-router';
import { ArticleMeta } from './ArticleMeta.js';

/** An article in a list (home, a profile): title, description, author, date and reading time. */
export function ArticleCard({ article }: { article: Schemas['ArticleCard'] }) {
  return (
    <li className="pc-card">
      <article lang={article.language}>
        <h3 className="pc-card__title">
          <Link to={`/a/${encodeURIComponent(article.id)}`}>{article.title}</Link>
        </h3>
        {article.description && <p className="pc-card__description">{article.description}</p>}
        <ArticleMeta
          author={article.author}
          publishedAt={article.publishedAt}
          readingMinutes={article.readingMinutes}
        />
      </article>
    </li>
  );
}
