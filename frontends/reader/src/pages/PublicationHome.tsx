import { formatManat } from '@pencraft/rules';
import {
  api,
  ApiError,
  Button,
  EmptyState,
  errorMessage,
  formatDate,
  Spinner,
  useDocumentMeta,
  useSession,
  type Schemas,
  type SessionState,
} from '@pencraft/ui';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PartError } from '../components/PartError.js';
import { PlanCheckout, signInPath, SubscribeError, useCheckout } from '../components/Subscribe.js';
import { publicationHomeData, type PublicationHomeData } from '../data/index.js';
import { useInitialData } from '../data/initial.js';
import { useReaderTranslation } from '../i18n.js';
import '../reader.css';

type State =
  | { status: 'loading' }
  | { status: 'ready'; value: PublicationHomeData }
  | { status: 'notFound' }
  | { status: 'error'; message?: string };

type Subscription = Schemas['PublicationSubscription'];
interface Viewer {
  team: boolean;
  subscription: Subscription | null;
}

/**
 * The signed-in viewer's place in the publication (its team, or their subscription), asked in the browser: the page's
 * own data is the same for every visitor (server-rendered and cached), this is not. Undefined until known (and for a
 * visitor); a failure leaves it unknown (no subscribing buttons rather than wrong ones).
 */
function useViewer(publicationId: string, session: SessionState) {
  const uid = session.status === 'user' ? session.user.uid : undefined;
  const [known, setKnown] = useState<{ key: string; viewer: Viewer }>();
  const key = `${publicationId} ${uid ?? ''}`;
  useEffect(() => {
    if (!uid) return;
    const controller = new AbortController();
    api.get('/api/core-publications/{id}', { params: { path: { id: publicationId } }, signal: controller.signal }).then(
      (view) => setKnown({ key, viewer: { team: view.role !== null, subscription: view.subscription } }),
      () => undefined,
    );
    return () => controller.abort();
  }, [publicationId, uid, key]);
  const viewer = uid && known?.key === key ? known.viewer : undefined;
  return [viewer, (next: Viewer) => setKnown({ key, viewer: next })] as const;
}

/** A paid subscription whose period runs: it reads in full, so no plan is offered again until it ends. */
const paidRunning = (subscription: Subscription | null) =>
  subscription?.tier === 'paid' && !!subscription.periodEnd && Date.parse(subscription.periodEnd) > Date.now();

/**
 * Subscribing from the publication's home: for free (subscribe, unsubscribe), or through a paid plan (checkout on the
 * payment provider's page). A visitor is sent to sign in and back here; the owner and the members see no way to
 * subscribe to their own publication; a paid subscriber sees until when they read in full.
 */
function SubscribeBar({ publication, plans }: Pick<PublicationHomeData, 'publication' | 'plans'>) {
  const { t } = useReaderTranslation();
  const { state: session } = useSession();
  const [viewer, setViewer] = useViewer(publication.id, session);
  const checkout = useCheckout();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const change = (subscribe: boolean) => {
    setBusy(true);
    setError(undefined);
    const params = { params: { path: { id: publication.id } } };
    (subscribe
      ? api.post('/api/core-publications/{id}/sub', params)
      : api.post('/api/core-publications/{id}/unsub', params).then(() => null)
    ).then(
      (subscription) => {
        setBusy(false);
        setViewer({ team: false, subscription });
      },
      (failure: unknown) => {
        setBusy(false);
        setError(errorMessage(failure, t('subscribe.failed')));
      },
    );
  };

  if (session.status === 'loading' || (session.status === 'user' && !viewer)) return null;
  if (viewer?.team)
    return (
      <p className="pc-subscribe__status" data-subscription="team">
        {t('subscribe.team')}
      </p>
    );
  const subscription = viewer?.subscription ?? null;
  const running = paidRunning(subscription);
  const periodEnd = formatDate(subscription?.periodEnd, t);
  let status: string | undefined;
  if (subscription?.tier === 'free') status = t('subscribe.free');
  else if (subscription && running)
    status = subscription.cancelledAt
      ? t('subscribe.cancelledUntil', { date: periodEnd })
      : t('subscribe.paidUntil', { date: periodEnd });
  else if (subscription) status = t('subscribe.ended', { date: periodEnd });

  return (
    <div className="pc-subscribe" data-subscription={subscription ? subscription.tier : 'none'}>
      {status && <p className="pc-subscribe__status">{status}</p>}
      <div className="pc-hero__actions">
        {session.status === 'visitor' && (
          <Link className="pc-button pc-button--secondary" to={signInPath('/')}>
            {t('subscribe.subscribe')}
          </Link>
        )}
        {session.status === 'user' && (!subscription || (subscription.tier === 'paid' && !running)) && (
          <Button variant="secondary" busy={busy} onClick={() => change(true)}>
            {t('subscribe.subscribe')}
          </Button>
        )}
        {subscription?.tier === 'free' && (
          <Button variant="secondary" busy={busy} onClick={() => change(false)}>
            {t('subscribe.unsubscribe')}
          </Button>
        )}
        {subscription?.tier === 'paid' && running && <Link to="/settings/publication">{t('subscribe.manage')}</Link>}
        {!running &&
          plans.map((plan) => (
            <PlanCheckout
              key={plan.id}
              plan={plan}
              session={session}
              next="/"
              busy={checkout.busy === plan.id}
              onCheckout={(planId) => checkout.start(publication.id, planId)}
            />
          ))}
      </div>
      <SubscribeError message={error ?? checkout.error} />
    </div>
  );
}

/**
 * A publication's home on its subdomain: its name and description, the ways to subscribe, its articles (pinned
 * first: for now only the pinned ones, the articles do not list by publication yet), its plans in manat. The server
 * renders it with the publication's own title, canonical URL and Open Graph tags.
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
        <SubscribeBar publication={publication} plans={plans} />
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
                    price: formatManat(plan.price, i18n.language),
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
