import { LANGUAGES } from '@pencraft/i18n/runtime';
import {
  ARTICLE_CONTENT_MAX_CHARS,
  ARTICLE_CONTENT_MIN_CHARS,
  AUDIENCES,
  audienceProblem,
  subCategoriesProblem,
  visibleCharacterCount,
  wordCount,
} from '@pencraft/rules';
import { api, ApiError, Button, Select, TextField, useFeedback, type SessionUser } from '@pencraft/ui';
import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { useEditorTranslation } from '../i18n.js';
import { toArticleContent, visibleContentText, type EditorOutput } from '../lib/content.js';
import { draftBody, draftsApi, type Draft, type PublishedArticle } from '../lib/drafts-api.js';
import { errorMessage } from '../lib/errors.js';
import {
  browserStorage,
  draftKey,
  keepPending,
  newDraftKey,
  sameValues,
  toValues,
  type DraftStorage,
  type DraftValues,
  type Pending,
} from '../lib/local-draft.js';
import { DraftSaver, type SaveState } from '../lib/saver.js';
import {
  codePointLength,
  DESCRIPTION_MAX,
  TITLE_MAX,
  VALIDATION_LIMITS,
  validateArticle,
  type ArticleField,
} from '../lib/validation.js';
import { editorMessages } from '../tools/config.js';
import { CoAuthors } from './CoAuthors.js';
import { ConflictDialog } from './ConflictDialog.js';
import { CoverField } from './CoverField.js';
import { EditorCanvas, type EditorHandle } from './EditorCanvas.js';
import { PreviewLink } from './PreviewLink.js';
import { SaveStatus } from './SaveStatus.js';
import { SubCategories } from './SubCategories.js';

/** A pause after the last keystroke before the text is read from Editor.js, kept locally and sent. */
const COLLECT_DELAY_MS = 700;

type Field = ArticleField | 'subCategories';
type Category = { id: string; name: string };

const FIELD_CODES: Record<string, Field> = {
  InvalidArticleTitle: 'title',
  InvalidArticleDescription: 'description',
  InvalidCategory: 'category',
  InvalidArticleContent: 'content',
  InvalidContentMin: 'content',
  InvalidContentMax: 'content',
  InvalidLinkUrl: 'content',
};
const FIELDS: readonly Field[] = ['title', 'description', 'category', 'subCategories', 'content'];

/** Server errors per field (`details` first, else by code); anything else is for the whole form. */
function fieldErrors(error: ApiError): { fields: Partial<Record<Field, string>>; rest: string | undefined } {
  const fields: Partial<Record<Field, string>> = {};
  for (const detail of error.details) {
    const name = detail.field.split(/[.[]/, 1)[0];
    const field = FIELDS.find((f) => f === name);
    if (field && !fields[field]) fields[field] = detail.message || error.message;
  }
  const byCode = FIELD_CODES[error.code];
  if (Object.keys(fields).length === 0 && byCode) fields[byCode] = error.message;
  return { fields, rest: Object.keys(fields).length === 0 ? error.message : undefined };
}

function useCategories(language: string) {
  const [items, setItems] = useState<Category[]>([]);
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    api.get('/api/articles/categories', { signal: controller.signal }).then(
      (body) => {
        setItems(body.items);
        setError(undefined);
      },
      (e: unknown) => {
        if (!controller.signal.aborted) setError(e instanceof ApiError ? e.message : '');
      },
    );
    return () => controller.abort();
  }, [language, attempt]);
  return { items, error, retry: () => setAttempt((n) => n + 1) };
}

/** The personal blog's value in the "where to publish" choice (a publication's is its id). */
const PERSONAL = 'personal';

/** The publication the writer can aim a draft at (theirs, or the one they joined first); null when none. */
function useMyPublication() {
  const [publication, setPublication] = useState<{ id: string; name: string } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    draftsApi.myPublication(controller.signal).then(
      (mine) => setPublication(mine ? { id: mine.id, name: mine.name } : null),
      // Without it the personal blog is the one choice; the draft's own target is still shown.
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  return publication;
}

/** What the saver's calls need to know about the page; `draftId` is set once the server created the draft. */
interface SaverContext {
  draftId: string | null;
  /** What the server holds, as fingerprint(): a change that leads back to it needs no saving. */
  baseline: Baseline;
  uid: string;
  storage: DraftStorage | null;
  setDraft: (draft: Draft) => void;
  onCreated: (id: string) => void;
}

class Baseline {
  private value: string | null = null;
  is(values: DraftValues): boolean {
    return this.value !== null && this.value === fingerprint(values);
  }
  set(values: DraftValues): void {
    this.value = fingerprint(values);
  }
  /** As loaded, unless a save already told what the server has. */
  initial(values: DraftValues): void {
    if (this.value === null) this.set(values);
  }
}

/** The values as the server compares them: the API's shapes, without Editor.js's save time. */
function fingerprint(values: DraftValues): string {
  const body = draftBody(values, globalThis.location?.origin);
  return JSON.stringify({ ...body, content: body.content?.blocks ?? null });
}

const keyOf = (ctx: SaverContext) => (ctx.draftId ? draftKey(ctx.uid, ctx.draftId) : newDraftKey(ctx.uid));

function makeSaver(ctx: SaverContext, version: number, initial: SaveState): DraftSaver {
  return new DraftSaver(
    {
      send: async (next, base) => {
        if (!ctx.draftId) {
          const created = await draftsApi.create(next);
          ctx.draftId = created.id;
          // The new article's copy moves under the draft's key with the next keep.
          keepPending(ctx.storage, newDraftKey(ctx.uid), null);
          ctx.setDraft(created);
          ctx.onCreated(created.id);
          ctx.baseline.set(next);
          return { version: created.version };
        }
        const saved = await draftsApi.save(ctx.draftId, next, base);
        ctx.baseline.set(next);
        ctx.setDraft(saved);
        return { version: saved.version };
      },
      keep: (pending) => keepPending(ctx.storage, keyOf(ctx), pending),
      now: () => Date.now(),
      setTimer: (run, ms) => setTimeout(run, ms),
      clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
    version,
    initial,
  );
}

export interface DraftEditorProps {
  user: SessionUser;
  /** The server's draft, or null for a new article (created on the first change). */
  draft: Draft | null;
  /** Unsent changes this browser kept (of this draft, or of the new article). */
  pending: Pending | null;
  /** The draft could not be loaded: the local copy is shown and saving retries. */
  offline?: { draftId: string; version: number } | undefined;
  /** The server created the draft: the page's address becomes /write/{id}. */
  onCreated: (id: string) => void;
}

export function DraftEditor({ user, draft: initialDraft, pending, offline, onCreated }: DraftEditorProps) {
  const { t, i18n } = useEditorTranslation();
  const uiLanguage = i18n.resolvedLanguage ?? i18n.language;
  const feedback = useFeedback();
  const ids = { title: useId(), content: useId(), status: useId(), panels: useId() };
  const storage = useMemo(() => browserStorage(), []);
  const [draft, setDraft] = useState<Draft | null>(initialDraft);
  const serverValues = initialDraft ? toValues(initialDraft, uiLanguage) : null;
  const restored = pending && !(serverValues && sameValues(pending.values, serverValues)) ? pending : null;
  const [values, setValues] = useState<DraftValues>(() => restored?.values ?? serverValues ?? toValues({}, uiLanguage));
  /** The fields as loaded: what the server has (the writer may type in them before Editor.js is ready). */
  const [loadedValues] = useState(values);
  const valuesRef = useRef(values);
  const editor = useRef<EditorHandle>(null);
  const [content, setContent] = useState<EditorOutput | null>(values.content);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [publishing, setPublishing] = useState(false);
  const [published, setPublished] = useState<PublishedArticle | null>(null);
  const [conflictBusy, setConflictBusy] = useState(false);
  const [conflictError, setConflictError] = useState<string>();
  const categories = useCategories(uiLanguage);
  const myPublication = useMyPublication();
  const [placing, setPlacing] = useState(false);
  const [placeError, setPlaceError] = useState<string>();
  const messages = useMemo(() => editorMessages(t), [t]);

  const [ctx] = useState<SaverContext>(() => ({
    draftId: initialDraft?.id ?? offline?.draftId ?? null,
    baseline: new Baseline(),
    uid: user.uid,
    storage,
    setDraft,
    onCreated,
  }));
  const [saver] = useState(() =>
    makeSaver(ctx, initialDraft?.version ?? offline?.version ?? 0, restored ? 'editing' : 'saved'),
  );
  const snapshot = useSyncExternalStore(
    (listener) => saver.subscribe(listener),
    () => saver.current,
  );

  // Restored changes are sent (or found in conflict) once; an offline start retries by itself.
  useEffect(() => {
    if (restored) saver.restore(restored, serverValues ?? undefined);
    return () => saver.dispose();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per mounted draft
  }, [saver]);

  // Reading the editor's content is asynchronous: a pause after the last change, and at once when the page hides.
  const collectTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  async function collect() {
    if (collectTimer.current) clearTimeout(collectTimer.current);
    collectTimer.current = null;
    const output = (await editor.current?.save().catch(() => null)) ?? valuesRef.current.content;
    valuesRef.current = { ...valuesRef.current, content: output };
    setContent(output);
    if (ctx.baseline.is(valuesRef.current) && saver.settle()) return;
    saver.update(valuesRef.current);
  }

  /** What the editor shows once rendered is what the server has (unless this browser kept newer changes). */
  async function rebase(fields: DraftValues, loaded: boolean) {
    const output = await editor.current?.save().catch(() => null);
    if (!output) return;
    if (loaded) ctx.baseline.initial({ ...fields, content: output });
    else ctx.baseline.set({ ...fields, content: output });
  }
  function changed() {
    saver.touch();
    if (collectTimer.current) clearTimeout(collectTimer.current);
    collectTimer.current = setTimeout(() => void collect(), COLLECT_DELAY_MS);
  }
  useEffect(() => {
    const online = () => saver.retryNow();
    const hide = () => {
      if (collectTimer.current) void collect();
    };
    const visibility = () => {
      if (document.visibilityState === 'hidden') hide();
    };
    window.addEventListener('online', online);
    window.addEventListener('pagehide', hide);
    document.addEventListener('visibilitychange', visibility);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('pagehide', hide);
      document.removeEventListener('visibilitychange', visibility);
      if (collectTimer.current) clearTimeout(collectTimer.current);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- listeners for the page's life
  }, [saver]);

  function update<K extends keyof DraftValues>(field: K, value: DraftValues[K]) {
    valuesRef.current = { ...valuesRef.current, [field]: value };
    setValues(valuesRef.current);
    setServerErrors((e) => ({ ...e, [field]: undefined }));
    changed();
  }

  /** The server's version of the draft, for either choice of a conflict. */
  async function resolveConflict(choice: 'mine' | 'theirs') {
    const id = ctx.draftId;
    if (!id) return;
    setConflictBusy(true);
    setConflictError(undefined);
    try {
      const current = await draftsApi.get(id);
      if (choice === 'mine') {
        saver.keepMine(current.version);
      } else {
        const theirs = toValues(current, uiLanguage);
        valuesRef.current = theirs;
        setValues(theirs);
        setContent(theirs.content);
        setDraft(current);
        await editor.current?.load(theirs.content);
        saver.takeTheirs(current.version);
        await rebase(theirs, false);
      }
    } catch (e) {
      setConflictError(errorMessage(e, t('common:dialog.failure')));
    } finally {
      setConflictBusy(false);
    }
  }

  const apiContent = useMemo(() => toArticleContent(content, globalThis.location?.origin), [content]);
  const visibleText = useMemo(() => visibleContentText(apiContent), [apiContent]);
  const counts = { symbols: visibleCharacterCount(visibleText), words: wordCount(visibleText) };
  const limits = useMemo(() => {
    const format = new Intl.NumberFormat(uiLanguage);
    return Object.fromEntries(Object.entries(VALIDATION_LIMITS).map(([key, value]) => [key, format.format(value)]));
  }, [uiLanguage]);
  const clientErrors: Partial<Record<Field, string>> = {};
  if (submitted) {
    for (const [field, key] of Object.entries(validateArticle({ ...values, content: apiContent }))) {
      clientErrors[field as Field] = t(`validation.${key}`, limits);
    }
    const sub = subCategoriesProblem(values.subCategories, values.category);
    if (sub) clientErrors.subCategories = t(`validation.${sub}`, { max: 4 });
  }
  const errorFor = (field: Field) => serverErrors[field] ?? clientErrors[field];

  /** Waits until the server holds everything typed so far (or a save failed). */
  function savedNow(): Promise<boolean> {
    return new Promise((resolve) => {
      const check = () => {
        const s = saver.current;
        if (s.state === 'saved' && !saver.hasUnsent) return true;
        return s.state === 'failed' ? false : null;
      };
      const first = check();
      if (first !== null) return resolve(first);
      const stop = saver.subscribe(() => {
        const result = check();
        if (result === null) return;
        stop();
        resolve(result);
      });
    });
  }

  async function publish() {
    setSubmitted(true);
    setServerErrors({});
    await collect();
    const current = valuesRef.current;
    const checked = toArticleContent(current.content, globalThis.location?.origin);
    if (
      Object.keys(validateArticle({ ...current, content: checked })).length > 0 ||
      subCategoriesProblem(current.subCategories, current.category)
    ) {
      return;
    }
    setPublishing(true);
    feedback.showLoading(t('publishing'));
    try {
      if (!(await savedNow()) || !ctx.draftId) {
        // A save the server refused says why (e.g. AccountNotConfirmed); anything else is "not saved yet".
        const failure = saver.current.failure;
        feedback.failure(failure?.kind === 'refused' && failure.message ? failure.message : t('publishNotSaved'));
        return;
      }
      const article = await draftsApi.publish(ctx.draftId);
      // The server consumed the draft: nothing of it is left to keep here.
      saver.dispose();
      keepPending(storage, keyOf(ctx), null);
      setPublished(article);
    } catch (error) {
      if (error instanceof ApiError) {
        const spread = fieldErrors(error);
        setServerErrors(spread.fields);
        if (spread.rest) feedback.failure(spread.rest);
      } else {
        feedback.failure();
      }
    } finally {
      feedback.hideLoading();
      setPublishing(false);
    }
  }

  /**
   * Aims the draft at a publication or the personal blog (PUT /api/drafts/{id}/publication) once everything typed is
   * saved, so the two writes do not cross; back on the personal blog a paid audience becomes free (the rules'
   * audienceProblem: only a publication's article may be paid).
   */
  async function place(choice: string) {
    const wanted = choice === PERSONAL ? null : choice;
    if (!ctx.draftId || wanted === (draft?.publicationId ?? null)) return;
    setPlacing(true);
    setPlaceError(undefined);
    try {
      await collect();
      if (!(await savedNow()) || !ctx.draftId) {
        setPlaceError(t('publishNotSaved'));
        return;
      }
      const next = await draftsApi.setPublication(ctx.draftId, wanted);
      setDraft(next);
      saver.adopt(next.version);
      if (audienceProblem(next.publicationId, valuesRef.current.audience)) update('audience', 'free');
    } catch (e) {
      setPlaceError(errorMessage(e, t('common:dialog.failure')));
    } finally {
      setPlacing(false);
    }
  }

  const categoryOptions = categories.items.map((c) => ({ value: c.id, label: c.name }));
  if (values.category && !categories.items.some((c) => c.id === values.category)) {
    categoryOptions.unshift({ value: values.category, label: values.category });
  }
  const isOwner = !draft || draft.role === 'owner';
  const kind = draft?.translationOf ? 'translation' : draft?.articleId ? 'edit' : 'new';
  const publicationId = draft?.publicationId ?? null;
  const targetOptions = [{ value: PERSONAL, label: t('fields.targetPersonal') }];
  if (myPublication) targetOptions.push({ value: myPublication.id, label: myPublication.name });
  if (publicationId && publicationId !== myPublication?.id) {
    targetOptions.push({ value: publicationId, label: t('fields.targetOtherPublication') });
  }

  if (published) return <Published article={published} editing={kind === 'edit'} />;

  return (
    <div className="pc-write">
      <div className="pc-write__head">
        <h1>{t(`heading.${kind}`)}</h1>
        <SaveStatus id={ids.status} snapshot={snapshot} onRetry={() => saver.retryNow()} />
      </div>
      {offline && (
        <p className="pc-notice" role="alert">
          {t('offlineCopy')}
        </p>
      )}
      {draft && draft.role === 'coAuthor' && (
        <p className="pc-write__hint">{t('coAuthorOf', { name: draft.owner.fullname || draft.owner.username })}</p>
      )}
      <div className="pc-write__layout">
        <div className="pc-write__main">
          <TextField
            id={ids.title}
            label={t('fields.title')}
            placeholder={t('fields.titlePlaceholder')}
            // maxLength counts UTF-16 units, the limit counts code points (at most two units each): validation is exact.
            maxLength={TITLE_MAX * 2}
            required
            value={values.title}
            onChange={(e) => update('title', e.target.value)}
            counter={t('fields.counter', { count: codePointLength(values.title), max: TITLE_MAX })}
            error={errorFor('title')}
          />
          <TextField
            multiline
            rows={2}
            label={t('fields.description')}
            placeholder={t('fields.descriptionPlaceholder')}
            maxLength={DESCRIPTION_MAX * 2}
            value={values.description}
            onChange={(e) => update('description', e.target.value)}
            counter={t('fields.counter', { count: codePointLength(values.description), max: DESCRIPTION_MAX })}
            error={errorFor('description')}
          />
          <div className="pc-field">
            <span id={ids.content} className="pc-field__label">
              {t('fields.content')}
            </span>
            <EditorCanvas
              ref={editor}
              initialData={values.content}
              language={uiLanguage}
              messages={messages}
              placeholder={t('placeholder')}
              labelledBy={ids.content}
              image={imageConfig}
              onReady={() => {
                // Unless this browser kept newer changes, what the editor shows is what the server has (or, for a
                // new article, nothing worth creating a draft for).
                if (!restored) void rebase(loadedValues, true);
              }}
              onEdit={() => {
                setServerErrors((e) => ({ ...e, content: undefined }));
                changed();
              }}
            />
            <p className="pc-write__counts" aria-live="off">
              {t('counts', {
                symbols: counts.symbols.toLocaleString(uiLanguage),
                words: counts.words.toLocaleString(uiLanguage),
              })}{' '}
              <span className="pc-write__muted">
                {t('limits', {
                  min: ARTICLE_CONTENT_MIN_CHARS.toLocaleString(uiLanguage),
                  max: ARTICLE_CONTENT_MAX_CHARS.toLocaleString(uiLanguage),
                })}
              </span>
            </p>
            {errorFor('content') && (
              <span className="pc-field__error" role="alert">
                {errorFor('content')}
              </span>
            )}
          </div>
        </div>
        <div className="pc-write__side">
          <Select
            label={t('fields.language')}
            value={values.language}
            // A translation keeps the language it was made for.
            disabled={kind === 'translation'}
            options={LANGUAGES.map((l) => ({ value: l, label: t(`common:languages.${l}`) }))}
            onChange={(e) => update('language', e.target.value)}
          />
          <Select
            label={t('fields.category')}
            value={values.category}
            placeholder={t('fields.chooseCategory')}
            options={categoryOptions}
            onChange={(e) => update('category', e.target.value)}
            error={errorFor('category')}
          />
          {categories.error !== undefined && (
            <div className="pc-notice" role="alert">
              <p>
                {t('categoriesError')} {categories.error}
              </p>
              <Button variant="secondary" onClick={categories.retry}>
                {t('common:actions.retry')}
              </Button>
            </div>
          )}
          <SubCategories
            categories={categories.items}
            category={values.category}
            value={values.subCategories}
            error={errorFor('subCategories')}
            onChange={(next) => update('subCategories', next)}
          />
          <Select
            label={t('fields.target')}
            value={publicationId ?? PERSONAL}
            options={targetOptions}
            // A translation goes where its original is; a new article is placed once it is saved.
            disabled={!isOwner || kind === 'translation' || !draft || placing}
            {...(!draft ? { 'aria-describedby': `${ids.panels}-target-hint` } : {})}
            onChange={(e) => void place(e.target.value)}
            error={placeError}
          />
          {!draft && (
            <p id={`${ids.panels}-target-hint`} className="pc-field__hint">
              {t('fields.targetAfterSave')}
            </p>
          )}
          <fieldset className="pc-write__audience">
            <legend className="pc-field__label">{t('fields.audience')}</legend>
            {AUDIENCES.map((audience) => (
              <label key={audience} className="pc-write__radio">
                <input
                  type="radio"
                  name={`${ids.panels}-audience`}
                  value={audience}
                  checked={values.audience === audience}
                  disabled={audienceProblem(publicationId, audience) !== undefined}
                  aria-describedby={audience === 'paid' ? `${ids.panels}-audience-hint` : undefined}
                  onChange={() => update('audience', audience)}
                />
                <span>{t(`fields.audience_${audience}`)}</span>
              </label>
            ))}
            {audienceProblem(publicationId, 'paid') && (
              <p id={`${ids.panels}-audience-hint`} className="pc-field__hint">
                {t('fields.audiencePaidNeedsPublication')}
              </p>
            )}
          </fieldset>
        </div>
      </div>
      <div className="pc-write__actions">
        <p className="pc-write__hint">{t('autosaveHint')}</p>
        <div className="pc-write__panel-actions">
          <Link className="pc-button pc-button--ghost" to="/drafts">
            {t('drafts.title')}
          </Link>
          <Button onClick={() => void publish()} busy={publishing} disabled={!isOwner}>
            {publishing ? t('publishing') : kind === 'edit' ? t('publishChanges') : t('publish')}
          </Button>
        </div>
      </div>
      <div className="pc-write__panels">
        <CoverField
          draftId={draft?.id ?? null}
          coverUrl={draft?.coverUrl ?? null}
          onChange={(next) => {
            setDraft(next);
            saver.adopt(next.version);
          }}
        />
        {isOwner && <PreviewLink draftId={draft?.id ?? null} expiresAt={draft?.previewExpiresAt ?? null} />}
        {isOwner && <CoAuthors draftId={draft?.id ?? null} />}
      </div>
      <ConflictDialog
        open={snapshot.failure?.kind === 'conflict'}
        busy={conflictBusy}
        error={conflictError}
        onKeepMine={() => void resolveConflict('mine')}
        onTakeTheirs={() => void resolveConflict('theirs')}
      />
    </div>
  );
}

/** Uploads of the image block go to the media route; its refusals are shown in the block. */
const imageConfig = {
  upload: (file: File) => draftsApi.uploadImage(file),
  errorMessage: (error: unknown) => errorMessage(error, ''),
};

/** After submitting: where the article is now and what can be done next. */
function Published({ article, editing }: { article: PublishedArticle; editing: boolean }) {
  const { t } = useEditorTranslation();
  const live = article.status === 'published';
  return (
    <div className="pc-write pc-write__done">
      <h1>{live ? t('done.publishedTitle') : t('done.submittedTitle')}</h1>
      <p role="status">
        {live ? t('done.publishedText') : editing ? t('done.editSubmittedText') : t('done.submittedText')}
      </p>
      <div className="pc-write__panel-actions">
        <Link className="pc-button pc-button--primary" to={`/a/${encodeURIComponent(article.id)}`}>
          {t('done.open')}
        </Link>
        <Link className="pc-button pc-button--secondary" to="/me/review">
          {t('done.review')}
        </Link>
        {live && (
          <Link className="pc-button pc-button--secondary" to={`/write?translate=${encodeURIComponent(article.id)}`}>
            {t('done.translate')}
          </Link>
        )}
        <Link className="pc-button pc-button--ghost" to="/write">
          {t('done.another')}
        </Link>
      </div>
    </div>
  );
}
