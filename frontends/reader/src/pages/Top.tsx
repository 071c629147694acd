import { HOME_MAX_PAGE } from '@pencraft/rules';
import { api, Spinner, useDocumentMeta } from '@pencraft/ui';
import { ArticleCard } from '../components/ArticleCard.js';
import { PagedList } from '../components/PagedList.js';
import { PartError } from '../components/PartError.js';
import { loadTop, topData, type TopPage } from '../data/index.js';
import { usePageData } from '../data/usePageData.js';
import { useReaderTranslation } from '../i18n.js';
import { usePaged } from '../lib/usePaged.js';
import '../reader.css';

function TopList({ first }: { first: TopPage }) {
  const { t } = useReaderTranslation();
  const list = usePaged((page, signal) => loadTop(api, page, signal), HOME_MAX_PAGE, first);
  return (
    <PagedList list={list} empty={t('top.empty')} error={t('top.error')}>
      {(items) => (
        <ol className="pc-cards pc-cards--ranked">
          {items.map((article) => (
            <ArticleCard key={article.id} article={article} level={2} />
          ))}
        </ol>
      )}
    </PagedList>
  );
}

/** The most upvoted articles of the last 30 days. */
export default function Top() {
  const { t } = useReaderTranslation();
  const { state, reload } = usePageData(topData());
  useDocumentMeta(`${t('top.title')} — Pencraft`, t('top.description'));
  return (
    <div className="pc-reader pc-container pc-page">
      <header className="pc-category">
        <div>
          <h1>{t('top.title')}</h1>
          <p className="pc-muted">{t('top.description')}</p>
        </div>
      </header>
      {state.status === 'loading' && (
        <div className="pc-center">
          <Spinner label={t('common:loading')} size="large" />
        </div>
      )}
      {(state.status === 'error' || state.status === 'notFound') && (
        <PartError
          title={t('top.error')}
          message={state.status === 'error' ? state.message : undefined}
          onRetry={reload}
        />
      )}
      {state.status === 'ready' && <TopList first={state.value} />}
    </div>
  );
}
