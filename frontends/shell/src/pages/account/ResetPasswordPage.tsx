import { api, ApiError, Button, TextField, useDocumentMeta } from '@pencraft/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { validatePassword } from '../../lib/validation.js';
import { afterReset } from './reset.js';

/** The mail's reset link (through /api/atrium/drop) lands here with its token: only the new password is asked. */
export function ResetPasswordPage() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useDocumentMeta(`${t('reset.title')} — Pencraft`);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validatePassword(password);
    if (problem) {
      setError(t(`validation.${problem}`));
      return;
    }
    setBusy(true);
    setFormError(undefined);
    try {
      await api.post('/api/id/account/reset/verify', { body: { token, newPassword: password } });
      afterReset(navigate);
    } catch (failure) {
      if (failure instanceof ApiError && ['InvalidPassword', 'NewOldPasswordMatch'].includes(failure.code))
        setError(failure.message);
      else setFormError(failure instanceof ApiError ? failure.message : t('common:dialog.failure'));
    } finally {
      setBusy(false);
    }
  }

  if (!token) {
    return (
      <div className="pc-container pc-page pc-auth">
        <div className="pc-auth__card">
          <h1>{t('reset.title')}</h1>
          <p className="pc-form-error" role="alert">
            {t('reset.badLink')}
          </p>
          <Link className="pc-button pc-button--primary" to="/forgot">
            {t('reset.again')}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="pc-container pc-page pc-auth">
      <form className="pc-auth__card" onSubmit={submit} noValidate aria-labelledby="reset-title">
        <h1 id="reset-title">{t('reset.title')}</h1>
        <TextField
          label={t('reset.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          maxLength={128}
          hint={t('register.passwordHint')}
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setError(undefined);
          }}
          error={error}
        />
        {formError && (
          <div className="pc-form-error" role="alert">
            <p>{formError}</p>
            <Link to="/forgot">{t('reset.again')}</Link>
          </div>
        )}
        <Button type="submit" busy={busy} className="pc-auth__submit">
          {t('reset.submit')}
        </Button>
      </form>
    </div>
  );
}
