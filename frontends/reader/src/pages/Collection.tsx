import { HOME_MAX_PAGE } from '@pencraft/rules';
import { api, ApiError, Button, EmptyState, Spinner, useDocumentMeta, useSession, type ApiData } from '@pencraft/ui';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ArticleCard } from '../components/ArticleCard.js';
import { PagedList } from '../components/PagedList.js';
import { PartError } from '../components/PartError.js';
import { collectionData, loadCollection } from '../data/index.js';
import { usePageData } from '../data/usePageData.js';
import { useReaderTranslation } from '../i18n.js';
import { usePaged } from '../lib/usePaged.js';
import '../reader.css';

type CollectionPage = ApiData<'get', '/api/collections/{id}'>;
type Summary = CollectionPage['collection'];

function Items({ first, own }: { first: CollectionPage; own: boolean }) {
  const { t } = useReaderTranslation();
  const [removed, setRemoved] = useState<string[]>([]);
  const [error, setError] = useState<string>();
  const list = usePaged((page, signal) => loadCollection(api, first.collection.id, page, signal), HOME_MAX_PAGE, first);
  async function remove(articleId: string) {
    setError(undefined);
    try {
      await api.delete('/api/collections/{id}/{articleId}', {
        params: { path: { id: first.collection.id, articleId } },
      });
      setRemoved((ids) => [...ids, articleId]);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('actions.failed'));
    }
  }
  return (
    <>
      {error && (
        <p className="pc-field__error" role="alert">
          {error}
        </p>
      )}
      <PagedList list={list} empty={t('collections.emptyCollection')} error={t('collections.loadFailed')}>
        {(items) => (
          <ul className="pc-cards">
            {items
              .filter((article) => !removed.includes(article.id))
              .map((article) => (
                <ArticleCard key={article.id} article={article} level={2}>
                  {own && (
                    <Button variant="ghost" onClick={() => void remove(article.id)}>
                      {t('collections.removeItem', { title: article.title })}
                    </Button>
                  )}
                </ArticleCard>
              ))}
          </ul>
        )}
      </PagedList>
    </>
  );
}

function Header({ collection, onChange }: { collection: Summary; onChange: (c: Summary | null) => void }) {
  const { t } = useReaderTranslation();
  const { state: session } = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string>();

  async function run(name: string, action: () => Promise<void>) {
    setBusy(name);
    setError(undefined);
    try {
      await action();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('actions.failed'));
    } finally {
      setBusy(null);
    }
  }
  const body = { body: { collectionId: collection.id } };
  const path = { params: { path: { id: collection.id } } };
  return (
    <header className="pc-category">
      <div>
        <p className="pc-category__kicker">
          {collection.private ? t('collections.privateCollection') : t('collections.publicCollection')}
        </p>
        <h1>{collection.name}</h1>
        <p className="pc-muted">
          {t('collections.by')}{' '}
          <Link to={`/@${collection.owner.username}`}>{collection.owner.fullname || collection.owner.username}</Link>
          {' · '}
          {t('collections.count', { count: collection.itemCount })}
        </p>
      </div>
      {session.status === 'user' && (
        <div className="pc-collection__actions">
          {collection.own ? (
            <>
              <Button
                variant="secondary"
                busy={busy === 'private'}
                onClick={() =>
                  void run('private', async () =>
                    onChange(
                      await api.patch('/api/collections/{id}', { ...path, body: { private: !collection.private } }),
                    ),
                  )
                }
              >
                {collection.private ? t('collections.makePublic') : t('collections.makePrivateAction')}
              </Button>
              <Button
                variant="danger"
                busy={busy === 'delete'}
                onClick={() =>
                  void run('delete', async () => {
                    await api.delete('/api/collections/{id}', path);
                    onChange(null);
                    void navigate(`/@${collection.owner.username}?tab=collections`);
                  })
                }
              >
                {t('collections.delete')}
              </Button>
            </>
          ) : collection.saved ? (
            <Button
              variant="secondary"
              busy={busy === 'remove'}
              aria-pressed
              onClick={() =>
                void run('remove', async () => {
                  await api.post('/api/collections/remove', body);
                  onChange({ ...collection, saved: false });
                })
              }
            >
              {t('collections.unsave')}
            </Button>
          ) : (
            <Button
              variant="primary"
              busy={busy === 'save'}
              aria-pressed={false}
              onClick={() => void run('save', async () => onChange(await api.post('/api/collections/save', body)))}
            >
              {t('collections.save')}
            </Button>
          )}
          {error && (
            <p className="pc-field__error" role="alert">
              {error}
            </p>
          )}
        </div>
      )}
    </header>
  );
}

function CollectionView({ id }: { id: string }) {
  const { t } = useReaderTranslation();
  const { state, reload, set } = usePageData(collectionData(id));
  const collection = state.status === 'ready' ? state.value.collection : undefined;
  useDocumentMeta(
    collection
      ? `${collection.name} — Pencraft`
      : state.status === 'notFound'
        ? `${t('collections.notFound')} — Pencraft`
        : undefined,
  );
  if (state.status === 'loading') {
    return (
      <div className="pc-center">
        <Spinner label={t('common:loading')} size="large" />
      </div>
    );
  }
  if (state.status === 'notFound') {
    return (
      <EmptyState
        title={
          <span role="heading" aria-level={1}>
            {t('collections.notFound')}
          </span>
        }
        hint={t('collections.notFoundText')}
        action={
          <Link className="pc-button pc-button--secondary" to="/">
            {t('article.back')}
          </Link>
        }
      />
    );
  }
  if (state.status === 'error')
    return <PartError title={t('collections.loadFailed')} message={state.message} onRetry={reload} />;
  const page = state.value;
  return (
    <>
      <Header collection={page.collection} onChange={(next) => next && set({ ...page, collection: next })} />
      <section aria-label={t('collections.articles')}>
        <Items first={page} own={page.collection.own} />
      </section>
    </>
  );
}

export default function Collection() {
  const { id } = useParams();
  return <div className="pc-reader pc-container pc-page">{id ? <CollectionView key={id} id={id} /> : null}</div>;
}
