import { LANGUAGES } from '@pencraft/i18n/runtime';
import { isLang } from '@pencraft/rules';
import { Button, EmptyState, Select, Spinner, useDocumentMeta, useSession, type SessionUser } from '@pencraft/ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { DraftEditor } from '../components/DraftEditor.js';
import { useEditorTranslation } from '../i18n.js';
import { draftsApi, type Draft } from '../lib/drafts-api.js';
import { errorCode, errorMessage } from '../lib/errors.js';
import { browserStorage, draftKey, loadPending, newDraftKey, type Pending } from '../lib/local-draft.js';
import '../editor.css';

type Loaded =
  | { status: 'loading' }
  | { status: 'ready'; draft: Draft | null; pending: Pending | null; offline?: { draftId: string; version: number } }
  | { status: 'missing' }
  | { status: 'error'; message: string };

/** Loads the draft and this browser's unsent changes of it (or of the new article), then shows the editor. */
function DraftSession({
  user,
  draftId,
  onCreated,
}: {
  user: SessionUser;
  draftId: string | null;
  onCreated: (id: string) => void;
}) {
  const { t } = useEditorTranslation();
  const storage = useMemo(() => browserStorage(), []);
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded>(() =>
    draftId
      ? { status: 'loading' }
      : { status: 'ready', draft: null, pending: loadPending(storage, newDraftKey(user.uid)) },
  );

  useEffect(() => {
    if (!draftId) return;
    const controller = new AbortController();
    const pending = loadPending(storage, draftKey(user.uid, draftId));
    draftsApi.get(draftId, controller.signal).then(
      (draft) => setLoaded({ status: 'ready', draft, pending }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const code = errorCode(error);
        if (code === 'DraftNotFound' || code === 'NotFound' || code === 'InvalidIdentifier') {
          setLoaded({ status: 'missing' });
        } else if (pending && (code === 'NetworkError' || code === 'InternalServerError')) {
          // Offline with changes kept here: edit them; saving retries until the server answers.
          setLoaded({
            status: 'ready',
            draft: null,
            pending,
            offline: { draftId, version: pending.baseVersion },
          });
        } else {
          setLoaded({ status: 'error', message: errorMessage(error, t('common:dialog.failure')) });
        }
      },
    );
    return () => controller.abort();
  }, [draftId, storage, user.uid, attempt, t]);

  if (loaded.status === 'loading') {
    return (
      <div className="pc-center">
        <Spinner label={t('common:loading')} size="large" />
      </div>
    );
  }
  if (loaded.status === 'missing') {
    return (
      <>
        <h1>{t('title')}</h1>
        <EmptyState
          title={t('missing')}
          action={
            <Link className="pc-button pc-button--primary" to="/drafts">
              {t('drafts.open')}
            </Link>
          }
        />
      </>
    );
  }
  if (loaded.status === 'error') {
    return (
      <>
        <h1>{t('title')}</h1>
        <div className="pc-notice" role="alert">
          <p>{loaded.message}</p>
          <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
            {t('common:actions.retry')}
          </Button>
        </div>
      </>
    );
  }
  return (
    <DraftEditor
      user={user}
      draft={loaded.draft}
      pending={loaded.pending}
      offline={loaded.offline}
      onCreated={onCreated}
    />
  );
}

/** `/write?translate={articleId}`: the language of the translation, then a draft translation (H's route). */
function TranslateStart({ articleId }: { articleId: string }) {
  const { t, i18n } = useEditorTranslation();
  const navigate = useNavigate();
  const [language, setLanguage] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  return (
    <form
      className="pc-write pc-write__start"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!isLang(language)) return setError(t('translate.languageRequired'));
        setBusy(true);
        setError(undefined);
        draftsApi.translate(articleId, language).then(
          (draft) => void navigate(`/write/${encodeURIComponent(draft.id)}`, { replace: true }),
          (e: unknown) => {
            setBusy(false);
            setError(errorMessage(e, t('common:dialog.failure')));
          },
        );
      }}
    >
      <h1>{t('translate.title')}</h1>
      <p className="pc-write__hint">{t('translate.text')}</p>
      <Select
        label={t('translate.language')}
        value={language}
        placeholder={t('translate.chooseLanguage')}
        options={LANGUAGES.map((l) => ({
          value: l,
          label: t(`common:languages.${l}`, { lng: i18n.resolvedLanguage }),
        }))}
        onChange={(event) => setLanguage(event.target.value)}
        error={error}
      />
      <div className="pc-write__panel-actions">
        <Button type="submit" busy={busy}>
          {t('translate.start')}
        </Button>
        <Link className="pc-button pc-button--ghost" to="/drafts">
          {t('drafts.title')}
        </Link>
      </div>
    </form>
  );
}

/** `/write?edit={articleId}`: a draft of the published article (A's route; an open one is answered again). */
function EditStart({ articleId }: { articleId: string }) {
  const { t } = useEditorTranslation();
  const navigate = useNavigate();
  const [error, setError] = useState<string>();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    draftsApi.editPublished(articleId).then(
      (draft) => void navigate(`/write/${encodeURIComponent(draft.id)}`, { replace: true }),
      (e: unknown) => setError(errorMessage(e, t('common:dialog.failure'))),
    );
  }, [articleId, navigate, t]);
  return (
    <>
      <h1>{t('heading.edit')}</h1>
      {error ? (
        <div className="pc-notice" role="alert">
          <p>{error}</p>
          <Link className="pc-button pc-button--secondary" to="/drafts">
            {t('drafts.open')}
          </Link>
        </div>
      ) : (
        <div className="pc-center">
          <Spinner label={t('common:loading')} size="large" />
        </div>
      )}
    </>
  );
}

/**
 * `/write` and `/write/:draftId` (one route, so creating the draft on the first change only replaces the address
 * and never re-creates the editor under the writer's caret).
 */
function WriteRoute({ user }: { user: SessionUser }) {
  const { draftId } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [created, setCreated] = useState<string | null>(null);
  const [session, setSession] = useState({ draftId, key: draftId ?? 'new', generation: 0 });
  if (session.draftId !== draftId) {
    // Our own new draft got its address: the same editor goes on. Any other address is another draft.
    const adopted = draftId !== undefined && draftId === created;
    const generation = session.generation + 1;
    setSession({ draftId, key: adopted ? session.key : (draftId ?? `new:${generation}`), generation });
  }
  const translate = search.get('translate');
  const edit = search.get('edit');
  if (!draftId && translate) return <TranslateStart key={`t:${translate}`} articleId={translate} />;
  if (!draftId && edit) return <EditStart key={`e:${edit}`} articleId={edit} />;
  return (
    <DraftSession
      key={session.key}
      user={user}
      draftId={session.key === 'new' || session.key.startsWith('new:') ? null : session.key}
      onCreated={(id) => {
        setCreated(id);
        void navigate(`/write/${encodeURIComponent(id)}`, { replace: true });
      }}
    />
  );
}

export default function Write() {
  const { t } = useEditorTranslation();
  const { state } = useSession();
  useDocumentMeta(`${t('title')} — Pencraft`);

  return (
    <div className="pc-editor pc-container pc-page">
      {state.status === 'loading' && (
        <div className="pc-center">
          <Spinner label={t('common:loading')} size="large" />
        </div>
      )}
      {state.status === 'visitor' && <h1>{t('title')}</h1>}
      {state.status === 'visitor' && (
        <EmptyState
          title={t('signInRequired')}
          action={
            <Link className="pc-button pc-button--primary" to="/login?next=%2Fwrite">
              {t('signIn')}
            </Link>
          }
        />
      )}
      {state.status === 'user' && <WriteRoute key={state.user.uid} user={state.user} />}
    </div>
  );
}
