import { DRAFT_TRANSLATIONS_MAX, DRAFTS_MAX } from '@pencraft/rules';
import { Button, EmptyState, Spinner, useDocumentMeta, useSession } from '@pencraft/ui';
import { useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useEditorTranslation } from '../i18n.js';
import { draftsApi, type Draft, type DraftList, type ReviewPage } from '../lib/drafts-api.js';
import { errorMessage } from '../lib/errors.js';
import { browserStorage, draftKey, keepPending } from '../lib/local-draft.js';
import '../editor.css';

type ReviewItem = ReviewPage['items'][number];

function useDate() {
  const { i18n } = useEditorTranslation();
  const format = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (iso: string) => format.format(new Date(iso));
}

function DraftRow({ draft, onDeleted }: { draft: Draft; onDeleted: () => void }) {
  const { t } = useEditorTranslation();
  const { state } = useSession();
  const date = useDate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const titleId = useId();
  const kind = draft.translationOf ? 'translation' : draft.articleId ? 'edit' : 'new';
  return (
    <li className="pc-drafts__item" aria-labelledby={titleId}>
      <div className="pc-drafts__main">
        <Link id={titleId} className="pc-drafts__title" to={`/write/${encodeURIComponent(draft.id)}`}>
          {draft.title.trim() || t('drafts.untitled')}
        </Link>
        <p className="pc-write__muted">
          {t(`drafts.kind.${kind}`)} · {t(`common:languages.${draft.language}`, { defaultValue: draft.language })} ·{' '}
          {t('drafts.updated', { date: date(draft.updatedAt) })}
          {draft.role === 'coAuthor' &&
            ` · ${t('drafts.coAuthorOf', { name: draft.owner.fullname || draft.owner.username })}`}
        </p>
      </div>
      {draft.role === 'owner' && (
        <div className="pc-drafts__actions">
          {confirming ? (
            <>
              <Button
                variant="danger"
                busy={busy}
                onClick={() => {
                  setBusy(true);
                  setError(undefined);
                  draftsApi.remove(draft.id).then(
                    () => {
                      // Unsent changes of a deleted draft have nowhere to go.
                      if (state.status === 'user')
                        keepPending(browserStorage(), draftKey(state.user.uid, draft.id), null);
                      onDeleted();
                    },
                    (e: unknown) => {
                      setBusy(false);
                      setError(errorMessage(e, t('common:dialog.failure')));
                    },
                  );
                }}
              >
                {t('drafts.confirmDelete')}
              </Button>
              <Button variant="ghost" onClick={() => setConfirming(false)} disabled={busy}>
                {t('drafts.cancel')}
              </Button>
            </>
          ) : (
            <Button variant="secondary" onClick={() => setConfirming(true)} aria-describedby={titleId}>
              {t('drafts.delete')}
            </Button>
          )}
        </div>
      )}
      {error && (
        <p className="pc-field__error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

function ArticleRow({ item, onDeleted }: { item: ReviewItem; onDeleted: () => void }) {
  const { t } = useEditorTranslation();
  const date = useDate();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string>();
  const titleId = useId();
  const published = item.status === 'published';
  return (
    <li className="pc-drafts__item" aria-labelledby={titleId}>
      <div className="pc-drafts__main">
        <Link id={titleId} className="pc-drafts__title" to={`/a/${encodeURIComponent(item.id)}`}>
          {item.title}
        </Link>
        <p className="pc-write__muted">
          {t(`articles.status.${item.status}`, { defaultValue: item.status })} ·{' '}
          {t(`common:languages.${item.language}`, { defaultValue: item.language })} · {date(item.createdAt)}
        </p>
      </div>
      <div className="pc-drafts__actions">
        {(published || item.editable) && (
          <Link className="pc-button pc-button--secondary" to={`/write?edit=${encodeURIComponent(item.id)}`}>
            {t('articles.edit')}
          </Link>
        )}
        {published && !item.translationOf && (
          <Link className="pc-button pc-button--secondary" to={`/write?translate=${encodeURIComponent(item.id)}`}>
            {t('articles.translate')}
          </Link>
        )}
        {item.deletable &&
          (confirming ? (
            <>
              <Button
                variant="danger"
                busy={busy}
                onClick={() => {
                  setBusy(true);
                  setError(undefined);
                  draftsApi.deleteArticle(item.id).then(onDeleted, (e: unknown) => {
                    setBusy(false);
                    setConfirming(false);
                    setError(errorMessage(e, t('common:dialog.failure')));
                  });
                }}
              >
                {t('articles.confirmDelete')}
              </Button>
              <Button variant="ghost" onClick={() => setConfirming(false)} disabled={busy}>
                {t('drafts.cancel')}
              </Button>
            </>
          ) : (
            <Button variant="secondary" onClick={() => setConfirming(true)} aria-describedby={titleId}>
              {t('articles.delete')}
            </Button>
          ))}
      </div>
      {error && (
        <p className="pc-field__error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

function DraftsList() {
  const { t } = useEditorTranslation();
  const [list, setList] = useState<DraftList | null>(null);
  const [articles, setArticles] = useState<ReviewItem[]>([]);
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  useEffect(() => {
    const controller = new AbortController();
    draftsApi.list(controller.signal).then(setList, (e: unknown) => {
      if (!controller.signal.aborted) setError(errorMessage(e, t('common:dialog.failure')));
    });
    draftsApi.reviewList(controller.signal).then(
      (body) => setArticles(body.items),
      () => undefined,
    );
    return () => controller.abort();
  }, [attempt, t]);

  if (error) {
    return (
      <div className="pc-notice" role="alert">
        <p>{error}</p>
        <Button variant="secondary" onClick={() => (setError(undefined), reload())}>
          {t('common:actions.retry')}
        </Button>
      </div>
    );
  }
  if (!list) {
    return (
      <div className="pc-center">
        <Spinner label={t('common:loading')} size="large" />
      </div>
    );
  }
  const max = list.max || DRAFTS_MAX;
  const full = list.count >= max;
  return (
    <>
      <div className="pc-drafts__head">
        <p className="pc-write__hint" id="pc-drafts-caps">
          {t('drafts.caps', {
            count: list.count,
            max,
            translations: list.translationCount,
            translationMax: list.translationMax || DRAFT_TRANSLATIONS_MAX,
          })}
        </p>
        {full ? (
          <p className="pc-notice" role="status">
            {t('drafts.full', { max })}
          </p>
        ) : (
          <Link className="pc-button pc-button--primary" to="/write">
            {t('drafts.new')}
          </Link>
        )}
      </div>
      {list.items.length === 0 ? (
        <EmptyState title={t('drafts.empty')} />
      ) : (
        <ul className="pc-drafts">
          {list.items.map((draft) => (
            <DraftRow key={draft.id} draft={draft} onDeleted={reload} />
          ))}
        </ul>
      )}
      {articles.length > 0 && (
        <section aria-labelledby="pc-drafts-articles">
          <h2 id="pc-drafts-articles">{t('articles.title')}</h2>
          <ul className="pc-drafts">
            {articles.map((item) => (
              <ArticleRow key={item.id} item={item} onDeleted={reload} />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** `/drafts`: the writer's drafts (and those they co-author), the caps, and their submitted articles. */
export default function Drafts() {
  const { t } = useEditorTranslation();
  const { state } = useSession();
  useDocumentMeta(`${t('drafts.title')} — Pencraft`);
  return (
    <div className="pc-editor pc-container pc-page">
      <h1>{t('drafts.title')}</h1>
      {state.status === 'loading' && (
        <div className="pc-center">
          <Spinner label={t('common:loading')} size="large" />
        </div>
      )}
      {state.status === 'visitor' && (
        <EmptyState
          title={t('signInRequired')}
          action={
            <Link className="pc-button pc-button--primary" to="/login?next=%2Fdrafts">
              {t('signIn')}
            </Link>
          }
        />
      )}
      {state.status === 'user' && <DraftsList />}
    </div>
  );
}
