import { api, ApiError, Button, Captcha, Select, TextField, useDocumentMeta, useSession } from '@pencraft/ui';
import {
  checkFeedback,
  codePointLength,
  DEFAULT_LANG,
  FEEDBACK_DESCRIPTION_MAX,
  FEEDBACK_DESCRIPTION_MIN,
  FEEDBACK_TYPES,
  feedbackRuleOf,
  isLang,
  normalizeFeedbackText,
  type FeedbackField,
  type FeedbackRule,
  type FeedbackType,
} from '@pencraft/rules';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import './feedback.css';

type Errors = Partial<Record<FeedbackField, FeedbackRule>>;

/** Where a signed-in user reads their feedback and its answers (the settings remote's page). */
const LOG_PATH = '/settings/feedback';
const FIELD_ORDER: readonly FeedbackField[] = ['title', 'type', 'description', 'email'];

/**
 * /feedback (SPEC.md sections 3 and 5): subject, type and description, and a visitor's address, with a captcha.
 * Each broken rule shows its own message (SPEC.md's exact Azerbaijani ones), checked here with the rules the server
 * uses; a refusal of the server is shown the same way, its codes mapped back to the rule (feedbackRuleOf).
 */
export default function FeedbackPage() {
  const { t, i18n } = useTranslation('feedback');
  const pageLanguage = isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
  const { state } = useSession();
  const signedIn = state.status === 'user';
  const [title, setTitle] = useState('');
  const [type, setType] = useState<FeedbackType | ''>('');
  const [description, setDescription] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string>();
  const [captcha, setCaptcha] = useState<string>();
  const [captchaRound, setCaptchaRound] = useState(0);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useDocumentMeta(`${t('title')} — Pencraft`, t('intro'));

  const message = (field: FeedbackField) => (errors[field] ? t(`errors.${errors[field]}`) : undefined);
  const clear = (field: FeedbackField) => setErrors(({ [field]: _, ...rest }) => rest);

  function focusFirst(found: Errors) {
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(undefined);
    const values = { title, type, description, email };
    const found = checkFeedback(values, { emailRequired: !signedIn });
    setErrors(found);
    if (Object.keys(found).length) {
      focusFirst(found);
      return;
    }
    if (!captcha) {
      setFormError(t('captcha'));
      return;
    }
    setBusy(true);
    try {
      await api.post('/api/feedback', {
        body: { title, type, description, ...(signedIn ? {} : { email: email.trim(), lang: pageLanguage }) },
        params: { header: { 'X-Captcha': captcha } },
      });
      setSent(true);
    } catch (error) {
      const fromServer: Errors = {};
      if (error instanceof ApiError) {
        for (const detail of error.details) {
          const rule = feedbackRuleOf(detail.field, detail.code, values);
          if (rule) fromServer[detail.field as FeedbackField] = rule;
        }
      }
      setErrors(fromServer);
      if (Object.keys(fromServer).length) focusFirst(fromServer);
      else setFormError(error instanceof ApiError ? error.message : t('common:dialog.failure'));
    } finally {
      setCaptcha(undefined);
      setCaptchaRound((n) => n + 1);
      setBusy(false);
    }
  }

  function again() {
    setTitle('');
    setType('');
    setDescription('');
    setErrors({});
    setSent(false);
  }

  if (sent) {
    return (
      <div className="pc-reader pc-container pc-page pc-feedback">
        <h1>{t('title')}</h1>
        <div className="pc-feedback__sent" role="status">
          <p>{t('sent')}</p>
          <p>{signedIn ? t('sentToUser') : t('sentToVisitor')}</p>
        </div>
        <p className="pc-feedback__actions">
          {signedIn && <Link to={LOG_PATH}>{t('log')}</Link>}
          <Button variant="secondary" onClick={again}>
            {t('another')}
          </Button>
        </p>
      </div>
    );
  }

  const length = codePointLength(normalizeFeedbackText(description));
  return (
    <div className="pc-reader pc-container pc-page pc-feedback">
      <h1 id="feedback-title">{t('title')}</h1>
      <p>{t('intro')}</p>
      <p>
        {signedIn ? (
          <>
            {t('answerToUser')} <Link to={LOG_PATH}>{t('log')}</Link>
          </>
        ) : (
          t('answerToVisitor')
        )}
      </p>
      <form ref={form} className="pc-feedback__form" onSubmit={submit} noValidate aria-labelledby="feedback-title">
        <TextField
          label={t('subject')}
          name="title"
          required
          value={title}
          onChange={(e) => {
            setTitle(e.target.value);
            clear('title');
          }}
          error={message('title')}
        />
        <Select
          label={t('type')}
          name="type"
          required
          placeholder={t('typePlaceholder')}
          options={FEEDBACK_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
          value={type}
          onChange={(e) => {
            setType(e.target.value as FeedbackType | '');
            clear('type');
          }}
          error={message('type')}
        />
        <TextField
          multiline
          label={t('description')}
          name="description"
          required
          rows={7}
          hint={t('descriptionHint', { min: FEEDBACK_DESCRIPTION_MIN, max: FEEDBACK_DESCRIPTION_MAX })}
          counter={t('counter', { length, max: FEEDBACK_DESCRIPTION_MAX })}
          value={description}
          onChange={(e) => {
            setDescription(e.target.value);
            clear('description');
          }}
          error={message('description')}
        />
        {!signedIn && (
          <TextField
            label={t('email')}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              clear('email');
            }}
            error={message('email')}
          />
        )}
        <Captcha resetKey={captchaRound} onChange={(payload) => setCaptcha(payload ?? undefined)} />
        {formError && (
          <p className="pc-form-error pc-feedback__error" role="alert">
            {formError}
          </p>
        )}
        <Button type="submit" busy={busy}>
          {t('submit')}
        </Button>
      </form>
    </div>
  );
}
