import { api, type Schemas } from '@pencraft/ui';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useHomeTranslation } from './i18n.js';

type Followed = Schemas['FollowedCategoryList']['items'];

/** The signed-in reader's categories at the top of their home: the pinned first (marked), then the others followed. */
export function MyCategories() {
  const { t } = useHomeTranslation();
  const [items, setItems] = useState<Followed | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    api.get('/api/follow/categories', { signal: controller.signal }).then(
      (mine) => setItems(mine.items),
      () => setItems([]),
    );
    return () => controller.abort();
  }, []);

  if (items === null) return null;
  return (
    <section className="pc-home__mine" aria-labelledby="pc-mine-title">
      <h2 id="pc-mine-title" className="pc-section-title">
        {t('categories.title')}
      </h2>
      {items.length === 0 ? (
        <p className="pc-home__hint">{t('categories.empty')}</p>
      ) : (
        <ul className="pc-home__chips" data-testid="my-categories">
          {items.map((category) => (
            <li key={category.id}>
              <Link
                className={`pc-home__chip${category.pinned ? ' pc-home__chip--pinned' : ''}`}
                to={`/c/${encodeURIComponent(category.id)}`}
              >
                {category.name}
                {category.pinned && <span className="pc-home__pin"> · {t('categories.pinned')}</span>}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
