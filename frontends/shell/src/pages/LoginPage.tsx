import { api, ApiError, Button, TextField, useDocumentMeta, useSession } from '@pencraft/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { safeNextPath, serverFieldErrors, validateLogin, type LoginValues } from '../lib/validation.js';

const FIELDS = ['login', 'password'] as const;

export function LoginPage() {
  const { t } = useTranslation('shell');
  const { state, signedIn } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const [values, setValues] = useState<LoginValues>({ login: '', password: '' });
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof LoginValues, string>>>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useDocumentMeta(`${t('login.title')} — Pencraft`);

  if (state.status === 'user' && !busy) return <Navigate to={next} replace />;

  const clientErrors = submitted ? validateLogin(values) : {};
  const errorFor = (field: keyof LoginValues) =>
    serverErrors[field] ?? (clientErrors[field] ? t(`validation.${clientErrors[field]}`) : undefined);
  const update = (field: keyof LoginValues) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setFormError(undefined);
    if (Object.keys(validateLogin(values)).length > 0) return;
    setBusy(true);
    try {
      const info = await api.post('/api/id/auth/login', {
        body: { login: values.login.trim(), password: values.password },
      });
      signedIn(info);
      void navigate(next, { replace: true });
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setFormError(t('common:dialog.failure'));
        return;
      }
      const spread = serverFieldErrors(error, FIELDS);
      setServerErrors(spread.fields);
      setFormError(spread.form);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="pc-container pc-page pc-auth">
      <form className="pc-auth__card" onSubmit={submit} noValidate aria-labelledby="login-title">
        <h1 id="login-title">{t('login.title')}</h1>
        <TextField
          label={t('login.login')}
          name="login"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={values.login}
          onChange={update('login')}
          error={errorFor('login')}
        />
        <TextField
          label={t('login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={values.password}
          onChange={update('password')}
          error={errorFor('password')}
        />
        {formError && (
          <p className="pc-form-error" role="alert">
            {formError}
          </p>
        )}
        <Button type="submit" busy={busy} className="pc-auth__submit">
          {busy ? t('login.submitting') : t('login.submit')}
        </Button>
        <p className="pc-auth__switch">
          {t('login.noAccount')}{' '}
          <Link to={`/register${next !== '/' ? `?next=${encodeURIComponent(next)}` : ''}`}>{t('login.register')}</Link>
        </p>
      </form>
    </div>
  );
}
