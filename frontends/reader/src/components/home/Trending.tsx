import { api, Spinner, type Schemas } from '@pencraft/ui';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { loadTrends } from '../../data/index.js';
import { useHomeTranslation } from './i18n.js';

type Trends = Schemas['TrendingList'];

/** The trending section: the hottest articles of the last days (as the server rendered them, else fetched). */
export function Trending({ first }: { first: Trends | null | undefined }) {
  const { t, i18n } = useHomeTranslation();
  const [trends, setTrends] = useState<Trends | null | 'failed'>(first ?? null);

  useEffect(() => {
    if (first) return;
    const controller = new AbortController();
    loadTrends(api, controller.signal).then(setTrends, () => {
      if (!controller.signal.aborted) setTrends('failed');
    });
    return () => controller.abort();
  }, [first]);

  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (
    <section className="pc-home__trending" aria-labelledby="pc-trending-title">
      <div className="pc-section-head">
        <h2 id="pc-trending-title" className="pc-section-title">
          {t('trending.title')}
        </h2>
      </div>
      <p className="pc-home__hint">{t('trending.hint')}</p>
      {trends === null && <Spinner label={t('common:loading')} />}
      {trends === 'failed' && <p role="alert">{t('trending.error')}</p>}
      {trends !== null && trends !== 'failed' && trends.items.length === 0 && <p>{t('trending.empty')}</p>}
      {trends !== null && trends !== 'failed' && trends.items.length > 0 && (
        <ol className="pc-home__trends" data-testid="trending">
          {trends.items.map((item) => (
            <li key={item.id} lang={item.language}>
              <Link to={`/a/${encodeURIComponent(item.id)}`}>{item.title}</Link>
              <span className="pc-home__score">{t('trending.score', { score: number.format(item.score) })}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
