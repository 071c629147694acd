import { api, Button, formatDate, useLoad, type Schemas } from '@pencraft/ui';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { FormError, Loaded, Panel } from '../components/parts.js';
import { StudioFrame } from '../components/StudioFrame.js';
import { useStudioTranslation } from '../i18n.js';
import { onPublication, type Studio } from '../lib/studio.js';
import { useAction } from '../lib/useAction.js';

type Item = Schemas['PublicationStudioArticle'];
type Page = Schemas['PublicationStudioArticles'];

/** What the viewer changed on this page: shown at once (a detached article leaves the list a moment later). */
type Change = 'pinned' | 'unpinned' | 'detached';

function ArticleRow({
  studio,
  item,
  running,
  act,
}: {
  studio: Studio;
  item: Item;
  running: string | undefined;
  act: (key: string, change: Change, call: () => Promise<unknown>, success: string) => void;
}) {
  const { t, i18n } = useStudioTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const params = { params: { path: { id: studio.publication.id, aid: item.id } } };
  const author = item.author.username ? `@${item.author.username}` : t('articles.goneAuthor');
  // The owner pins an article of someone on the team (the API refuses the others) and unpins any.
  const mayPin = studio.may('pinArticles') && (item.pinned || item.authorIsMember);
  const mayDetach =
    studio.may('detachAnyArticle') || (studio.may('detachOwnArticle') && item.author.uid === studio.user.uid);
  return (
    <li className="pc-studio__row" data-article={item.id} data-pinned={item.pinned}>
      <span className="pc-studio__row-main">
        <Link to={`/a/${item.id}`}>{item.title}</Link>
        <span className="pc-studio__row-meta">
          {t('articles.meta', {
            author,
            date: formatDate(item.publishedAt, t),
            language: t(`common:languages.${item.language}`, { defaultValue: item.language }),
          })}
        </span>
        <span className="pc-studio__row-meta" data-article-figures>
          {[
            item.pinned ? t('articles.pinnedMark') : undefined,
            t(`articles.audience.${item.audience}`),
            t('articles.views', { value: number.format(item.views) }),
            t('articles.reads', { value: number.format(item.reads) }),
            item.authorIsMember ? undefined : t('articles.formerMember'),
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </span>
      {(mayPin || mayDetach) && (
        <span className="pc-studio__row-actions">
          {mayPin &&
            (item.pinned ? (
              <Button
                variant="secondary"
                aria-label={t('articles.unpinLabel', { title: item.title })}
                busy={running === `unpin:${item.id}`}
                disabled={running !== undefined}
                onClick={() =>
                  act(
                    `unpin:${item.id}`,
                    'unpinned',
                    () => api.delete('/api/core-publications/{id}/studio/articles/{aid}/pin', params),
                    t('articles.unpinnedDone'),
                  )
                }
              >
                {t('articles.unpin')}
              </Button>
            ) : (
              <Button
                variant="secondary"
                aria-label={t('articles.pinLabel', { title: item.title })}
                busy={running === `pin:${item.id}`}
                disabled={running !== undefined}
                onClick={() =>
                  act(
                    `pin:${item.id}`,
                    'pinned',
                    () => api.put('/api/core-publications/{id}/studio/articles/{aid}/pin', params),
                    t('articles.pinnedDone'),
                  )
                }
              >
                {t('articles.pin')}
              </Button>
            ))}
          {mayDetach && (
            <Button
              variant="secondary"
              aria-label={t('articles.detachLabel', { title: item.title })}
              busy={running === `detach:${item.id}`}
              disabled={running !== undefined}
              onClick={() =>
                act(
                  `detach:${item.id}`,
                  'detached',
                  () => api.post('/api/core-publications/{id}/studio/articles/{aid}/detach', params),
                  t('articles.detachedDone'),
                )
              }
            >
              {t('articles.detach')}
            </Button>
          )}
        </span>
      )}
    </li>
  );
}

function ArticlesBody({ studio }: { studio: Studio }) {
  const { t } = useStudioTranslation();
  const id = useId();
  const action = useAction();
  const first = useLoad(
    (signal) => api.get('/api/core-publications/{id}/studio/articles', { ...onPublication(studio), signal }),
    [studio.publication.id],
    t('common:dialog.failure'),
  );
  // Pages after the first, appended as the viewer asks for more.
  const [more, setMore] = useState<{ items: Item[]; cursor: string | null }>();
  const [busy, setBusy] = useState(false);
  const [moreError, setMoreError] = useState<string>();
  const [changes, setChanges] = useState<Record<string, Change>>({});

  const act = (key: string, change: Change, call: () => Promise<unknown>, success: string) =>
    void action.run(key, call, success).then((ok) => {
      if (!ok) return;
      setChanges((before) => ({ ...before, [key.slice(key.indexOf(':') + 1)]: change }));
      // The dashboard's figures (pinned articles) follow.
      studio.reload();
    });

  const shown = (items: Item[]) =>
    items.flatMap((item) => {
      const change = changes[item.id];
      if (change === 'detached') return [];
      return [change ? { ...item, pinned: change === 'pinned' } : item];
    });

  return (
    <>
      <p className="pc-studio__text">{t('articles.scope')}</p>
      <p className="pc-studio__text">{t('articles.detachNote')}</p>
      <FormError message={action.error} />
      <Loaded state={first.state} onRetry={first.reload}>
        {(data: Page) => {
          const items = shown([...data.items, ...(more?.items ?? [])]);
          const cursor = more ? more.cursor : data.nextCursor;
          return (
            <Panel id={`${id}-list`} title={t('articles.list')}>
              {items.length === 0 ? (
                <p className="pc-studio__text" data-articles-empty>
                  {t('articles.empty')}
                </p>
              ) : (
                <ul className="pc-studio__list" data-articles>
                  {items.map((item) => (
                    <ArticleRow key={item.id} studio={studio} item={item} running={action.running} act={act} />
                  ))}
                </ul>
              )}
              {cursor && (
                <div className="pc-studio__actions">
                  <Button
                    variant="secondary"
                    busy={busy}
                    onClick={() => {
                      setBusy(true);
                      setMoreError(undefined);
                      api
                        .get('/api/core-publications/{id}/studio/articles', {
                          params: { ...onPublication(studio).params, query: { cursor } },
                        })
                        .then(
                          (page) =>
                            setMore({ items: [...(more?.items ?? []), ...page.items], cursor: page.nextCursor }),
                          () => setMoreError(t('common:dialog.failure')),
                        )
                        .finally(() => setBusy(false));
                    }}
                  >
                    {t('articles.more')}
                  </Button>
                </div>
              )}
              <FormError message={moreError} />
            </Panel>
          );
        }}
      </Loaded>
    </>
  );
}

/**
 * /studio/articles: every article published in the publication, newest first, for the team; the owner pins and
 * unpins (a team member's article) and detaches any, a member detaches their own (PUBLICATION_PERMISSIONS).
 */
export default function Articles() {
  return <StudioFrame section="articles">{(studio) => <ArticlesBody studio={studio} />}</StudioFrame>;
}
