import { api, ApiError, EmptyState, Spinner, useDocumentMeta } from '@pencraft/ui';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PartError } from '../components/PartError.js';
import { publicationHomeData, type PublicationHomeData } from '../data/index.js';
import { useInitialData } from '../data/initial.js';
import { useReaderTranslation } from '../i18n.js';
import { formatPlanPrice } from '../lib/price.js';
import '../reader.css';

type State =
  | { status: 'loading' }
  | { status: 'ready'; value: PublicationHomeData }
  | { status: 'notFound' }
  | { status: 'error'; message?: string };

/**
 * A publication's home on its subdomain: its name and description, its articles (pinned first: for now only the
 * pinned ones, the articles do not list by publication yet), its plans in manat. The server renders it with the
 * publication's own title, canonical URL and Open Graph tags.
 */
export default function PublicationHome({ slug }: { slug: string }) {
  const { t, i18n } = useReaderTranslation();
  const spec = publicationHomeData(slug);
  const first = useInitialData<PublicationHomeData>(spec.key);
  const [state, setState] = useState<State>(
    first ? { status: 'ready', value: first } : first === null ? { status: 'notFound' } : { status: 'loading' },
  );
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (first !== undefined && attempt === 0) return;
    const controller = new AbortController();
    spec.load(api, controller.signal).then(
      (value) => setState({ status: 'ready', value }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) setState({ status: 'notFound' });
        else setState({ status: 'error', message: error instanceof Error ? error.message : undefined });
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the spec is the slug's
  }, [slug, attempt]);

  const home = state.status === 'ready' ? state.value : undefined;
  useDocumentMeta(
    home ? home.publication.name : state.status === 'notFound' ? `${t('publication.notFound')} — Pencraft` : undefined,
    home ? home.publication.description || t('publication.description', { name: home.publication.name }) : undefined,
  );

  if (state.status === 'loading')
    return (
      <div className="pc-center">
        <Spinner label={t('common:loading')} size="large" />
      </div>
    );
  if (state.status === 'notFound')
    return (
      <div className="pc-reader pc-container pc-page">
        <h1>{t('publication.notFound')}</h1>
        <p>{t('publication.notFoundText')}</p>
      </div>
    );
  if (state.status === 'error')
    return (
      <div className="pc-reader pc-container pc-page">
        <PartError
          title={t('publication.error')}
          message={state.message}
          onRetry={() => {
            setState({ status: 'loading' });
            setAttempt((n) => n + 1);
          }}
        />
      </div>
    );

  const { publication, articles, plans } = state.value;
  return (
    <div className="pc-reader pc-container pc-page">
      <section className="pc-hero" aria-labelledby="pc-publication-title">
        <h1 id="pc-publication-title">{publication.name}</h1>
        <p>{t('publication.counts', { members: publication.members, subscribers: publication.subscribers })}</p>
      </section>

      <section aria-labelledby="pc-publication-about">
        <h2 id="pc-publication-about" className="pc-section-title">
          {t('publication.about')}
        </h2>
        <p>{publication.description || t('publication.noDescription')}</p>
      </section>

      <section aria-labelledby="pc-publication-articles">
        <h2 id="pc-publication-articles" className="pc-section-title">
          {t('publication.articles')}
        </h2>
        {articles.length === 0 ? (
          <EmptyState title={t('publication.noArticles')} hint={t('publication.pinnedOnly')} />
        ) : (
          <ul className="pc-cards">
            {articles.map((article) => (
              <li className="pc-card" key={article.id}>
                <article>
                  <h3 className="pc-card__title">
                    <Link to={`/a/${encodeURIComponent(article.id)}`}>{article.title}</Link>
                  </h3>
                  {article.pinned && <p className="pc-card__meta">{t('publication.pinned')}</p>}
                  {article.description && <p className="pc-card__description">{article.description}</p>}
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="pc-publication-collections">
        <h2 id="pc-publication-collections" className="pc-section-title">
          {t('publication.collections')}
        </h2>
        <p>{t('publication.noCollections')}</p>
      </section>

      <section aria-labelledby="pc-publication-plans">
        <h2 id="pc-publication-plans" className="pc-section-title">
          {t('publication.plans')}
        </h2>
        {plans.length === 0 ? (
          <p>{t('publication.noPlans')}</p>
        ) : (
          <ul className="pc-cards">
            {plans.map((plan) => (
              <li className="pc-card" key={plan.id}>
                <h3 className="pc-card__title">
                  {t(`publication.interval.${plan.interval}`, {
                    price: formatPlanPrice(plan.price, i18n.language),
                  })}
                </h3>
                {plan.description && <p className="pc-card__description">{plan.description}</p>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
