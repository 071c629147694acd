import type { CategoryId } from '@pencraft/rules';
import { api, type Schemas } from '@pencraft/ui';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useHomeTranslation } from './i18n.js';

/**
 * A category's overview on its page (GET .../explore): its counts and top authors. Its newest and best articles are
 * the page's own lists (the sort tabs), so they are not repeated here.
 */
export function CategoryExplore({ category }: { category: CategoryId }) {
  const { t, i18n } = useHomeTranslation();
  const [overview, setOverview] = useState<Schemas['CategoryExplore'] | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    api
      .get('/api/categories/{id}/explore', { params: { path: { id: category } }, signal: controller.signal })
      .then(setOverview, () => undefined);
    return () => controller.abort();
  }, [category]);

  if (!overview) return null;
  const number = new Intl.NumberFormat(i18n.language);
  const counts = [
    ['articles', overview.articles],
    ['thisWeek', overview.articlesThisWeek],
    ['followers', overview.followers],
  ] as const;
  return (
    <section className="pc-explore" aria-labelledby="pc-explore-title" data-testid="category-explore">
      <h2 id="pc-explore-title" className="pc-section-title">
        {t('category.explore')}
      </h2>
      <dl className="pc-explore__counts">
        {counts.map(([key, value]) => (
          <div key={key}>
            <dt>{t(`category.${key}`)}</dt>
            <dd>{number.format(value)}</dd>
          </div>
        ))}
      </dl>
      <h3>{t('category.topAuthors')}</h3>
      {overview.topAuthors.length === 0 ? (
        <p className="pc-home__hint">{t('category.noAuthors')}</p>
      ) : (
        <ol className="pc-home__trends">
          {overview.topAuthors.map((author) => (
            <li key={author.uid}>
              <Link to={`/@${encodeURIComponent(author.username)}`}>{author.fullname || author.username}</Link>
              <span className="pc-home__score">
                {t('suggestions.articles', { count: author.articles })} ·{' '}
                {t('category.score', { score: number.format(author.score) })}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
