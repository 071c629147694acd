import { LANGUAGES } from '@pencraft/i18n/runtime';
import { DEFAULT_LANG, isLang } from '@pencraft/rules';
import {
  api,
  ApiError,
  Button,
  EmptyState,
  Select,
  Spinner,
  TextField,
  useDocumentMeta,
  useFeedback,
  useSession,
  type Schemas,
  type SessionUser,
} from '@pencraft/ui';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EditorCanvas, type EditorHandle } from '../components/EditorCanvas.js';
import { useEditorTranslation } from '../i18n.js';
import { toArticleContent, type EditorOutput } from '../lib/content.js';
import { browserStorage, clearDraft, loadDraft, saveDraft, type LocalDraft } from '../lib/draft.js';
import {
  codePointLength,
  DESCRIPTION_MAX,
  TITLE_MAX,
  VALIDATION_LIMITS,
  validateArticle,
  type ArticleField,
} from '../lib/validation.js';
import { editorMessages } from '../tools/config.js';
import '../editor.css';

type SaveState = 'editing' | 'saving' | 'saved' | 'failed';

type Category = Schemas['CategoryList']['items'][number];

const AUTOSAVE_DELAY_MS = 800;

const CODE_FIELDS: Record<string, ArticleField> = {
  InvalidArticleTitle: 'title',
  InvalidArticleDescription: 'description',
  InvalidCategory: 'category',
  InvalidArticleContent: 'content',
  InvalidContentMin: 'content',
  InvalidContentMax: 'content',
};

/** Server errors per field: `details` first, else the error code; anything else is for the whole form. */
function fieldErrors(error: ApiError): { fields: Partial<Record<ArticleField, string>>; rest: string | undefined } {
  const fields: Partial<Record<ArticleField, string>> = {};
  for (const detail of error.details) {
    const name = detail.field.split(/[.[]/, 1)[0];
    const field = (['title', 'description', 'category', 'content'] as const).find((f) => f === name);
    if (field && !fields[field]) fields[field] = detail.message || error.message;
  }
  const byCode = CODE_FIELDS[error.code];
  if (Object.keys(fields).length === 0 && byCode) fields[byCode] = error.message;
  return { fields, rest: Object.keys(fields).length === 0 ? error.message : undefined };
}

function useCategories(language: string) {
  const [state, setState] = useState<{ items: Category[]; error: string | undefined; loading: boolean }>({
    items: [],
    error: undefined,
    loading: true,
  });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    api.get('/api/articles/categories', { signal: controller.signal }).then(
      (body) => setState({ items: body.items, error: undefined, loading: false }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ items: [], error: error instanceof ApiError ? error.message : '', loading: false });
      },
    );
    return () => controller.abort();
  }, [language, attempt]);
  return { ...state, retry: () => setAttempt((n) => n + 1) };
}

function WriteForm({ user }: { user: SessionUser }) {
  const { t, i18n } = useEditorTranslation();
  const uiLanguage = i18n.resolvedLanguage ?? i18n.language;
  const feedback = useFeedback();
  const navigate = useNavigate();
  const ids = { title: useId(), content: useId(), status: useId() };
  const storage = useMemo(() => browserStorage(), []);
  const [restored] = useState(() => loadDraft(storage, user.uid));
  const [form, setForm] = useState<Omit<LocalDraft, 'content'>>(() => ({
    title: restored?.title ?? '',
    description: restored?.description ?? '',
    language: restored?.language || uiLanguage,
    category: restored?.category ?? '',
  }));
  const [content, setContent] = useState<EditorOutput | null>(restored?.content ?? null);
  const [status, setStatus] = useState<SaveState>(restored ? 'saved' : 'editing');
  const [changes, setChanges] = useState(0);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<ArticleField, string>>>({});
  const [publishing, setPublishing] = useState(false);
  /** A draft created by a publish attempt whose publishing step failed; reused unless the text changes. */
  const created = useRef<string | null>(null);
  const editor = useRef<EditorHandle>(null);
  const categories = useCategories(uiLanguage);
  const messages = useMemo(() => editorMessages(t), [t]);

  // Autosave: a pause after the last change keeps the form and the editor's current content here.
  const changeCount = useRef(0);
  useEffect(() => {
    if (changes === 0) return;
    const timer = setTimeout(() => {
      const change = changes;
      setStatus('saving');
      void (async () => {
        const output = (await editor.current?.save().catch(() => null)) ?? null;
        if (changeCount.current !== change) return;
        setContent(output);
        setStatus(saveDraft(storage, user.uid, { ...form, content: output }) ? 'saved' : 'failed');
      })();
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [changes, form, storage, user.uid]);

  function changed() {
    created.current = null;
    changeCount.current += 1;
    setStatus('editing');
    setChanges(changeCount.current);
  }

  function update<K extends keyof typeof form>(field: K, value: (typeof form)[K]) {
    setForm((f) => ({ ...f, [field]: value }));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
    changed();
  }

  const clientErrors = submitted
    ? validateArticle({ ...form, content: toArticleContent(content, window.location.origin) })
    : {};
  const limits = useMemo(() => {
    const format = new Intl.NumberFormat(uiLanguage);
    return Object.fromEntries(Object.entries(VALIDATION_LIMITS).map(([key, value]) => [key, format.format(value)]));
  }, [uiLanguage]);
  const errorFor = (field: ArticleField) =>
    serverErrors[field] ?? (clientErrors[field] ? t(`validation.${clientErrors[field]}`, limits) : undefined);

  async function publish() {
    setSubmitted(true);
    setServerErrors({});
    const output = (await editor.current?.save()) ?? content;
    setContent(output);
    // Keep this exact text locally whatever happens to the request.
    saveDraft(storage, user.uid, { ...form, content: output });
    const body = {
      title: form.title.trim(),
      description: form.description.trim(),
      language: isLang(form.language) ? form.language : DEFAULT_LANG,
      // An id the server does not list (a draft kept from before a category was removed) is answered
      // InvalidCategory, shown under the field.
      category: form.category as Schemas['CategoryId'],
      subCategories: [],
      content: toArticleContent(output, window.location.origin),
    } satisfies Schemas['CreateArticleBody'];
    if (Object.keys(validateArticle(body)).length > 0) return;
    setPublishing(true);
    setStatus('saving');
    feedback.showLoading(t('publishing'));
    try {
      let id = created.current;
      if (!id) {
        id = (await api.post('/api/articles', { body })).id;
        created.current = id;
      }
      await api.post('/api/articles/publishing/{id}', { params: { path: { id } } });
      setStatus('saved');
      clearDraft(storage, user.uid);
      void navigate(`/a/${encodeURIComponent(id)}`);
    } catch (error) {
      setStatus('failed');
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

  const categoryOptions = categories.items.map((c) => ({ value: c.id, label: c.name }));
  if (form.category && !categories.items.some((c) => c.id === form.category)) {
    categoryOptions.unshift({ value: form.category, label: form.category });
  }

  return (
    <form
      className="pc-write"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void publish();
      }}
    >
      <div className="pc-write__head">
        <h1>{t('title')}</h1>
        <p id={ids.status} className={`pc-save-state pc-save-state--${status}`} role="status" aria-live="polite">
          <span className="pc-save-state__dot" aria-hidden="true" />
          <span className="pc-visually-hidden">{t('status.label')}: </span>
          {t(`status.${status}`)}
        </p>
      </div>
      <TextField
        id={ids.title}
        label={t('fields.title')}
        placeholder={t('fields.titlePlaceholder')}
        // maxLength counts UTF-16 units, the limit counts code points (at most two units each): validation is exact.
        maxLength={TITLE_MAX * 2}
        required
        value={form.title}
        onChange={(e) => update('title', e.target.value)}
        counter={t('fields.counter', { count: codePointLength(form.title), max: TITLE_MAX })}
        error={errorFor('title')}
      />
      <TextField
        multiline
        rows={2}
        label={t('fields.description')}
        placeholder={t('fields.descriptionPlaceholder')}
        maxLength={DESCRIPTION_MAX * 2}
        value={form.description}
        onChange={(e) => update('description', e.target.value)}
        counter={t('fields.counter', { count: codePointLength(form.description), max: DESCRIPTION_MAX })}
        error={errorFor('description')}
      />
      <div className="pc-write__row">
        <Select
          label={t('fields.language')}
          value={form.language}
          options={LANGUAGES.map((l) => ({ value: l, label: t(`common:languages.${l}`) }))}
          onChange={(e) => update('language', e.target.value)}
        />
        <Select
          label={t('fields.category')}
          value={form.category}
          placeholder={t('fields.chooseCategory')}
          options={categoryOptions}
          disabled={categories.loading}
          onChange={(e) => update('category', e.target.value)}
          error={errorFor('category')}
        />
      </div>
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
      <div className="pc-field">
        <span id={ids.content} className="pc-field__label">
          {t('fields.content')}
        </span>
        <EditorCanvas
          ref={editor}
          initialData={restored?.content ?? null}
          language={uiLanguage}
          messages={messages}
          placeholder={t('placeholder')}
          labelledBy={ids.content}
          onEdit={() => {
            setServerErrors((e) => ({ ...e, content: undefined }));
            changed();
          }}
        />
        {errorFor('content') && (
          <span className="pc-field__error" role="alert">
            {errorFor('content')}
          </span>
        )}
      </div>
      <div className="pc-write__actions">
        <p className="pc-write__hint">{t('autosaveHint')}</p>
        <Button type="submit" busy={publishing}>
          {publishing ? t('publishing') : t('publish')}
        </Button>
      </div>
    </form>
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
      {state.status === 'user' && <WriteForm key={state.user.uid} user={state.user} />}
    </div>
  );
}
