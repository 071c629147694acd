import { api, ApiError, Button, Captcha, Checkbox, TextField, useDocumentMeta, useSession } from '@pencraft/ui';
import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { adoptDevicePreferences } from '../lib/adopt-preferences.js';
import { stepPath } from '../lib/onboarding.js';
import {
  REGISTRATION_ERROR_FIELDS,
  safeNextPath,
  serverFieldErrors,
  validateRegistration,
  type RegistrationValues,
} from '../lib/validation.js';

const FIELDS = ['email', 'username', 'fullname', 'password', 'acceptTerms', 'acceptPrivacy'] as const;
type Field = (typeof FIELDS)[number];

const EMPTY: RegistrationValues = {
  email: '',
  username: '',
  fullname: '',
  password: '',
  acceptTerms: false,
  acceptPrivacy: false,
};

export function RegisterPage() {
  const { t } = useTranslation('shell');
  const { state, signedIn } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const [values, setValues] = useState<RegistrationValues>(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // The captcha's answer, sent as X-Captcha (unsolved: the gateway answers CaptchaRequired in the page's language).
  // A refused submit has spent it, so the widget then solves a new challenge.
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  useDocumentMeta(`${t('register.title')} — Pencraft`);

  if (state.status === 'user' && !busy) return <Navigate to={stepPath('confirm', next)} replace />;

  const clientErrors = submitted ? validateRegistration(values) : {};
  const errorFor = (field: Field) =>
    serverErrors[field] ?? (clientErrors[field] ? t(`validation.${clientErrors[field]}`) : undefined);
  function set<F extends Field>(field: F, value: RegistrationValues[F]) {
    setValues((v) => ({ ...v, [field]: value }));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setFormError(undefined);
    // Both agreements are part of the checks; the second test tells TypeScript the document's `true`.
    if (Object.keys(validateRegistration(values)).length > 0 || !values.acceptTerms || !values.acceptPrivacy) return;
    setBusy(true);
    try {
      const info = await api.post('/api/id/register', {
        params: { header: { 'X-Captcha': captcha ?? '' } },
        body: {
          email: values.email.trim(),
          username: values.username,
          fullname: values.fullname.trim(),
          password: values.password,
          acceptTerms: values.acceptTerms,
          acceptPrivacy: values.acceptPrivacy,
        },
      });
      adoptDevicePreferences(info);
      signedIn(info);
      // The account exists and is signed in, unconfirmed: next the code from the mail, then the first steps.
      void navigate(stepPath('confirm', next), { replace: true, state: { email: values.email.trim() } });
    } catch (error) {
      // Only a refusal ends "busy": after a success the page stays busy until the code screen replaces it, so the
      // signed-in redirect below does not replace that navigation (and the address it carries).
      setBusy(false);
      setCaptchaRound((round) => round + 1);
      if (!(error instanceof ApiError)) {
        setFormError(t('common:dialog.failure'));
        return;
      }
      const spread = serverFieldErrors(error, FIELDS, REGISTRATION_ERROR_FIELDS);
      setServerErrors(spread.fields);
      setFormError(spread.form);
    }
  }

  const agreementLink = (href: string) => <a href={href} target="_blank" rel="noopener" />;

  return (
    <div className="pc-container pc-page pc-auth">
      <form className="pc-auth__card" onSubmit={submit} noValidate aria-labelledby="register-title">
        <h1 id="register-title">{t('register.title')}</h1>
        <TextField
          label={t('register.email')}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          value={values.email}
          onChange={(e) => set('email', e.target.value)}
          error={errorFor('email')}
        />
        <TextField
          label={t('register.username')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={32}
          hint={t('register.usernameHint')}
          value={values.username}
          onChange={(e) => set('username', e.target.value)}
          error={errorFor('username')}
        />
        <TextField
          label={t('register.fullname')}
          name="fullname"
          autoComplete="name"
          required
          maxLength={64}
          value={values.fullname}
          onChange={(e) => set('fullname', e.target.value)}
          error={errorFor('fullname')}
        />
        <TextField
          label={t('register.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          maxLength={128}
          hint={t('register.passwordHint')}
          value={values.password}
          onChange={(e) => set('password', e.target.value)}
          error={errorFor('password')}
        />
        <Checkbox
          name="acceptTerms"
          checked={values.acceptTerms}
          onChange={(e) => set('acceptTerms', e.target.checked)}
          error={errorFor('acceptTerms')}
          label={<Trans t={t} i18nKey="register.acceptTerms" components={{ doc: agreementLink('/docs/agreement') }} />}
        />
        <Checkbox
          name="acceptPrivacy"
          checked={values.acceptPrivacy}
          onChange={(e) => set('acceptPrivacy', e.target.checked)}
          error={errorFor('acceptPrivacy')}
          label={<Trans t={t} i18nKey="register.acceptPrivacy" components={{ doc: agreementLink('/docs/privacy') }} />}
        />
        <Captcha onChange={setCaptcha} resetKey={captchaRound} />
        {formError && (
          <p className="pc-form-error" role="alert">
            {formError}
          </p>
        )}
        <Button type="submit" busy={busy} className="pc-auth__submit">
          {busy ? t('register.submitting') : t('register.submit')}
        </Button>
        <p className="pc-auth__switch">
          {t('register.haveAccount')}{' '}
          <Link to={`/login${next !== '/' ? `?next=${encodeURIComponent(next)}` : ''}`}>{t('register.signIn')}</Link>
        </p>
      </form>
    </div>
  );
}
