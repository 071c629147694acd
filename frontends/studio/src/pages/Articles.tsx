import { api, Button, useLoad } from '@pencraft/ui';
import { useId } from 'react';
import { Link } from 'react-router';
import { FormError, Loaded, Panel } from '../components/parts.js';
import { StudioFrame } from '../components/StudioFrame.js';
import { useStudioTranslation } from '../i18n.js';
import { onPublication, type Studio } from '../lib/studio.js';
import { useAction } from '../lib/useAction.js';

/** The profile pages read for the user's own articles: enough for a studio list, bounded for a prolific author. */
const OWN_PAGES_MAX = 10;

interface Row {
  id: string;
  /** Undefined: the article could not be read (gone, or not published). */
  title: string | undefined;
  authorUid: string | undefined;
  pinned: boolean;
}

/**
 * The pinned articles (the API answers their ids; each is read for its title) and the user's own articles in the
 * publication (from their profile's list, which names each article's publication). The API has no list of every
 * article of a publication yet.
 */
async function loadArticles(studio: Studio, signal: AbortSignal): Promise<{ pinned: Row[]; mine: Row[] }> {
  const { pinned: ids } = await api.get('/api/core-publications/{id}/articles', { ...onPublication(studio), signal });
  const pinned = await Promise.all(
    ids.map((id) =>
      api.get('/api/articles/{id}', { params: { path: { id } }, signal }).then(
        (article): Row => ({ id, title: article.title, authorUid: article.author.uid, pinned: true }),
        (): Row => ({ id, title: undefined, authorUid: undefined, pinned: true }),
      ),
    ),
  );
  const mine: Row[] = [];
  for (let page = 1; page <= OWN_PAGES_MAX; page += 1) {
    const answer = await api.get('/api/profile/{username}/articles', {
      params: { path: { username: studio.user.username }, query: { page } },
      signal,
    });
    for (const card of answer.items) {
      if (card.publicationId === studio.publication.id) {
        mine.push({ id: card.id, title: card.title, authorUid: card.author.uid, pinned: ids.includes(card.id) });
      }
    }
    if (!answer.hasMore) break;
  }
  return { pinned, mine };
}

function ArticlesBody({ studio }: { studio: Studio }) {
  const { t } = useStudioTranslation();
  const id = useId();
  const action = useAction();
  const list = useLoad((signal) => loadArticles(studio, signal), [studio.publication.id], t('common:dialog.failure'));
  const mayPin = studio.may('pinArticles');
  const mayDetach = (row: Row) =>
    studio.may('detachAnyArticle') || (studio.may('detachOwnArticle') && row.authorUid === studio.user.uid);
  const params = (aid: string) => ({ params: { path: { id: studio.publication.id, aid } } });
  const act = (key: string, call: () => Promise<unknown>, success: string) =>
    void action.run(key, call, success).then((ok) => {
      if (!ok) return;
      list.reload();
      studio.reload();
    });

  const rows = (items: Row[], empty: string, hook: string) =>
    items.length === 0 ? (
      <p className="pc-studio__text">{empty}</p>
    ) : (
      <ul className="pc-studio__list" data-articles={hook}>
        {items.map((row) => {
          const title = row.title ?? t('articles.unavailable', { id: row.id });
          return (
            <li key={row.id} className="pc-studio__row" data-article={row.id}>
              <span className="pc-studio__row-main">
                {row.title ? <Link to={`/a/${row.id}`}>{title}</Link> : <span>{title}</span>}
                {row.pinned && hook === 'mine' && (
                  <span className="pc-studio__row-meta">{t('articles.pinnedMark')}</span>
                )}
              </span>
              <span className="pc-studio__row-actions">
                {mayPin &&
                  (row.pinned ? (
                    <Button
                      variant="secondary"
                      aria-label={t('articles.unpinLabel', { title })}
                      busy={action.running === `unpin:${row.id}`}
                      onClick={() =>
                        act(
                          `unpin:${row.id}`,
                          () => api.delete('/api/core-publications/{id}/studio/articles/{aid}/pin', params(row.id)),
                          t('articles.unpinnedDone'),
                        )
                      }
                    >
                      {t('articles.unpin')}
                    </Button>
                  ) : (
                    <Button
                      variant="secondary"
                      aria-label={t('articles.pinLabel', { title })}
                      busy={action.running === `pin:${row.id}`}
                      onClick={() =>
                        act(
                          `pin:${row.id}`,
                          () => api.put('/api/core-publications/{id}/studio/articles/{aid}/pin', params(row.id)),
                          t('articles.pinnedDone'),
                        )
                      }
                    >
                      {t('articles.pin')}
                    </Button>
                  ))}
                {mayDetach(row) && (
                  <Button
                    variant="secondary"
                    aria-label={t('articles.detachLabel', { title })}
                    busy={action.running === `detach:${row.id}`}
                    onClick={() =>
                      act(
                        `detach:${row.id}`,
                        () => api.post('/api/core-publications/{id}/studio/articles/{aid}/detach', params(row.id)),
                        t('articles.detachedDone'),
                      )
                    }
                  >
                    {t('articles.detach')}
                  </Button>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    );

  return (
    <>
      <p className="pc-studio__text">{t('articles.scope')}</p>
      <p className="pc-studio__text">{t('articles.detachNote')}</p>
      <FormError message={action.error} />
      <Loaded state={list.state} onRetry={list.reload}>
        {(data) => (
          <>
            <Panel id={`${id}-pinned`} title={t('articles.pinned')}>
              {rows(data.pinned, t('articles.noPinned'), 'pinned')}
            </Panel>
            <Panel id={`${id}-mine`} title={t('articles.mine')}>
              {rows(data.mine, t('articles.noMine'), 'mine')}
            </Panel>
          </>
        )}
      </Loaded>
    </>
  );
}

/** /studio/articles: pin and unpin (the owner), detach (the owner any article, a member their own). */
export default function Articles() {
  return <StudioFrame section="articles">{(studio) => <ArticlesBody studio={studio} />}</StudioFrame>;
}
