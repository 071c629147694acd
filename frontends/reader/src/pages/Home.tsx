import { HOME_MAX_PAGE } from '@pencraft/rules';
import { api, Button, EmptyState, Spinner } from '@pencraft/ui';
import { Link } from 'react-router';
import { ArticleCard } from '../components/ArticleCard.js';
import { PartError } from '../components/PartError.js';
import { useReaderTranslation } from '../i18n.js';
import { usePaged } from '../lib/usePaged.js';
import { homeData, loadHome, pagePublication, type HomePage } from '../data/index.js';
import PublicationHome from './PublicationHome.js';
import { useInitialData } from '../data/initial.js';
import '../reader.css';

const fetchHome = (page: number, signal: AbortSignal) => loadHome(api, page, signal);

/** `/`: a publication's home on its subdomain, the site's home elsewhere. */
export default function HomeRoute() {
  const publication = pagePublication();
  return publication ? <PublicationHome slug={publication} /> : <Home />;
}

function Home() {
  const { t } = useReaderTranslation();
  // The first page as the server rendered it, when it did (then only later pages are fetched here).
  const first = useInitialData<HomePage>(homeData().key);
  const list = usePaged(fetchHome, HOME_MAX_PAGE, first ?? undefined);

  return (
    <div className="pc-reader pc-container pc-page">
      <section className="pc-hero" aria-labelledby="pc-hero-title">
        <h1 id="pc-hero-title">{t('home.heroTitle')}</h1>
        <p>{t('home.heroText')}</p>
        <div className="pc-hero__actions">
          <Link className="pc-button pc-button--primary" to="/write">
            {t('home.write')}
          </Link>
          <span className="pc-hero__stat">{t('home.views')}</span>
        </div>
      </section>

      <section aria-labelledby="pc-latest-title" aria-busy={list.status === 'loading'}>
        <div className="pc-section-head">
          <h2 id="pc-latest-title" className="pc-section-title">
            {t('home.listTitle')}
          </h2>
          <Link to="/top">{t('nav.top')}</Link>
        </div>
        {list.status === 'loading' && (
          <div className="pc-center">
            <Spinner label={t('common:loading')} size="large" />
          </div>
        )}
        {list.status === 'error' && (
          <PartError title={t('home.error')} message={list.error?.message} onRetry={list.retry} />
        )}
        {list.status === 'ready' && list.items.length === 0 && (
          <EmptyState
            title={t('home.empty')}
            hint={t('home.emptyHint')}
            action={
              <Link className="pc-button pc-button--secondary" to="/write">
                {t('home.write')}
              </Link>
            }
          />
        )}
        {list.items.length > 0 && (
          <ul className="pc-cards">
            {list.items.map((article) => (
              <ArticleCard key={article.id} article={article} />
            ))}
          </ul>
        )}
        {list.status === 'ready' && list.error && list.items.length > 0 && (
          <PartError title={t('home.error')} message={list.error.message} onRetry={list.retry} />
        )}
        {list.status === 'ready' && list.hasMore && !list.error && (
          <div className="pc-center">
            <Button variant="secondary" busy={list.loadingMore} onClick={list.loadMore}>
              {t('common:actions.loadMore')}
            </Button>
          </div>
        )}
      </section>
    </div>
  );
}
