import { HOME_MAX_PAGE, type CategoryId } from '@pencraft/rules';
import { api, ApiError, Button, EmptyState, Spinner, useDocumentMeta, useSession } from '@pencraft/ui';
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ArticleCard } from '../components/ArticleCard.js';
import { PagedList } from '../components/PagedList.js';
import { PartError } from '../components/PartError.js';
import {
  categoryData,
  categorySort,
  loadCategoryArticles,
  type CategoryPageData,
  type CategorySort,
} from '../data/index.js';
import { useCategoryName } from '../data/categories.js';
import { usePageData } from '../data/usePageData.js';
import { useReaderTranslation } from '../i18n.js';
import { usePaged } from '../lib/usePaged.js';
import { CategoryExplore } from '../components/home/CategoryExplore.js';
import { useHomeTranslation } from '../components/home/i18n.js';
import '../components/home/home.css';
import '../reader.css';

/**
 * Follow or unfollow a category, and pin it to the top of my home or unpin it (signed in); whether I follow and
 * pinned it comes from my followed categories. Pinning follows; unfollowing unpins.
 */
function FollowCategory({ category }: { category: CategoryId }) {
  const { t } = useReaderTranslation();
  const { t: th } = useHomeTranslation();
  const [state, setState] = useState<{ following: boolean; pinned: boolean } | null>(null);
  const [busy, setBusy] = useState<'follow' | 'pin' | null>(null);
  const [error, setError] = useState<string>();

  useEffect(() => {
    const controller = new AbortController();
    api.get('/api/follow/categories', { signal: controller.signal }).then(
      (mine) => {
        const found = mine.items.find((c) => c.id === category);
        setState({ following: Boolean(found), pinned: Boolean(found?.pinned) });
      },
      () => setState({ following: false, pinned: false }),
    );
    return () => controller.abort();
  }, [category]);

  async function act(what: 'follow' | 'pin') {
    if (!state) return;
    setBusy(what);
    setError(undefined);
    try {
      const params = { params: { path: { id: category } } };
      if (what === 'follow') {
        const answer = state.following
          ? await api.delete('/api/categories/{id}/follow', params)
          : await api.post('/api/categories/{id}/follow', params);
        setState({ following: answer.following, pinned: answer.following && state.pinned });
      } else {
        const answer = state.pinned
          ? await api.delete('/api/categories/{id}/pin', params)
          : await api.post('/api/categories/{id}/pin', params);
        setState({ following: answer.following, pinned: answer.pinned });
      }
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('actions.failed'));
    } finally {
      setBusy(null);
    }
  }

  if (state === null) return null;
  return (
    <div className="pc-profile__follow">
      <Button
        variant={state.following ? 'secondary' : 'primary'}
        busy={busy === 'follow'}
        aria-pressed={state.following}
        onClick={() => void act('follow')}
      >
        {state.following ? t('category.unfollow') : t('category.follow')}
      </Button>
      <Button variant="secondary" busy={busy === 'pin'} aria-pressed={state.pinned} onClick={() => void act('pin')}>
        {state.pinned ? th('category.unpin') : th('category.pin')}
      </Button>
      {error && (
        <p className="pc-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function CategoryArticles({ data }: { data: CategoryPageData }) {
  const { t } = useReaderTranslation();
  const list = usePaged(
    (page, signal) => loadCategoryArticles(api, data.category, data.sort, page, signal),
    HOME_MAX_PAGE,
    data.page,
  );
  return (
    <PagedList list={list} empty={t('category.empty')} error={t('category.error')}>
      {(items) => (
        <ul className="pc-cards">
          {items.map((article) => (
            <ArticleCard key={article.id} article={article} level={2} />
          ))}
        </ul>
      )}
    </PagedList>
  );
}

function CategoryView({ category, sort }: { category: string; sort: CategorySort }) {
  const { t } = useReaderTranslation();
  const { state: session } = useSession();
  const { state, reload } = usePageData(categoryData(category, sort));
  const given = state.status === 'ready' ? state.value.name : null;
  const known = state.status === 'ready' && given !== null;
  // The name in the visitor's language (the server renders in the default one).
  const name = useCategoryName(category, given);
  useDocumentMeta(
    known
      ? `${name} — Pencraft`
      : state.status === 'notFound' || state.status === 'ready'
        ? `${t('category.notFound')} — Pencraft`
        : undefined,
    known ? t('category.description', { name }) : undefined,
  );

  if (state.status === 'loading') {
    return (
      <div className="pc-center">
        <Spinner label={t('common:loading')} size="large" />
      </div>
    );
  }
  if (state.status === 'notFound' || (state.status === 'ready' && !known)) {
    return (
      <EmptyState
        title={
          <span role="heading" aria-level={1}>
            {t('category.notFound')}
          </span>
        }
        action={
          <Link className="pc-button pc-button--secondary" to="/">
            {t('article.back')}
          </Link>
        }
      />
    );
  }
  if (state.status === 'error')
    return <PartError title={t('category.error')} message={state.message} onRetry={reload} />;

  return (
    <>
      <header className="pc-category">
        <div>
          <p className="pc-category__kicker">{t('category.kicker')}</p>
          <h1>{name}</h1>
        </div>
        {session.status === 'user' && <FollowCategory category={state.value.category} />}
      </header>
      <CategoryExplore category={state.value.category} />
      <nav className="pc-tabs" aria-label={t('category.sort')}>
        {(['new', 'top'] as const).map((option) => (
          <Link
            key={option}
            className="pc-tabs__tab"
            to={option === 'new' ? `/c/${encodeURIComponent(category)}` : `/c/${encodeURIComponent(category)}?sort=top`}
            aria-current={sort === option ? 'page' : undefined}
            replace
          >
            {t(`category.sorts.${option}`)}
          </Link>
        ))}
      </nav>
      <section aria-label={t(`category.sorts.${sort}`)}>
        <CategoryArticles data={state.value} />
      </section>
    </>
  );
}

export default function Category() {
  const category = useParams().category ?? '';
  const sort = categorySort(useSearchParams()[0].get('sort'));
  return (
    <div className="pc-reader pc-container pc-page">
      {category ? <CategoryView key={`${category}:${sort}`} category={category} sort={sort} /> : null}
    </div>
  );
}
