import { useSession } from '@pencraft/ui';
import { Link, useSearchParams } from 'react-router';
import { FollowSuggestions } from '../components/home/FollowSuggestions.js';
import { HomeFeed, HomeTabs, homeTab } from '../components/home/HomeFeed.js';
import { useHomeTranslation } from '../components/home/i18n.js';
import { Intro } from '../components/home/Intro.js';
import { MyCategories } from '../components/home/MyCategories.js';
import { Trending } from '../components/home/Trending.js';
import '../components/home/home.css';
import { homeData, pagePublication, type HomePage } from '../data/index.js';
import { useInitialData } from '../data/initial.js';
import { useReaderTranslation } from '../i18n.js';
import PublicationHome from './PublicationHome.js';
import '../reader.css';

/** `/`: a publication's home on its subdomain, the site's home elsewhere. */
export default function HomeRoute() {
  const publication = pagePublication();
  return publication ? <PublicationHome slug={publication} /> : <Home />;
}

/**
 * The site's home (SPEC.md section 2): the mission and its claim, the features, trending, the signed-in reader's
 * categories (pinned first), and the article list with its tabs (all; following and suggestions when signed in),
 * by cursor with infinite scroll.
 */
function Home() {
  const { t } = useReaderTranslation();
  const { t: th } = useHomeTranslation();
  const { state: session } = useSession();
  const signedIn = session.status === 'user';
  const tab = homeTab(useSearchParams()[0].get('tab'), signedIn);
  // The first page of the all tab and trending as the server rendered them, when it did.
  const first = useInitialData<HomePage>(homeData().key);

  return (
    <div className="pc-reader pc-container pc-page pc-home">
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

      <Intro />

      <div className="pc-home__columns">
        <section className="pc-home__main" aria-labelledby="pc-latest-title">
          <div className="pc-section-head">
            <h2 id="pc-latest-title" className="pc-section-title">
              {th(`tabs.${tab}`)}
            </h2>
            <Link to="/top">{t('nav.top')}</Link>
          </div>
          {signedIn && <MyCategories />}
          <HomeTabs tab={tab} signedIn={signedIn} />
          <HomeFeed key={tab} tab={tab} first={tab === 'all' ? (first?.list ?? undefined) : undefined} />
        </section>
        <aside className="pc-home__side" aria-label={th('trending.title')}>
          <Trending first={first?.trends} />
          {signedIn && <FollowSuggestions />}
        </aside>
      </div>
    </div>
  );
}
