import { api, ApiError, Button, Captcha, TextField, useDocumentMeta } from '@pencraft/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isCode, RESEND_COOLDOWN_SECONDS, waitFrom } from '../../lib/codes.js';
import { useCooldown } from '../../lib/cooldown.js';
import { validateEmail, validatePassword } from '../../lib/validation.js';
import { afterReset } from './reset.js';

/** Forgot password: the address (and a captcha), then the code from the mail with the new password. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string>();
  const [sent, setSent] = useState(false);
  const [captcha, setCaptcha] = useState<string>();
  const [captchaRound, setCaptchaRound] = useState(0);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ code?: string | undefined; password?: string | undefined }>({});
  const [formError, setFormError] = useState<string>();
  const [info, setInfo] = useState<string>();
  const [busy, setBusy] = useState(false);
  const cooldown = useCooldown();
  useDocumentMeta(`${t('forgot.title')} — Pencraft`);

  function newCaptcha() {
    setCaptcha(undefined);
    setCaptchaRound((n) => n + 1);
  }

  async function send(path: '/api/id/account/password/reset' | '/api/id/account/reset/resend') {
    if (!captcha) return;
    setBusy(true);
    setFormError(undefined);
    try {
      await api.post(path, { body: { email: email.trim() }, params: { header: { 'X-Captcha': captcha } } });
      setSent(true);
      setInfo(t('forgot.sent'));
      cooldown.start(RESEND_COOLDOWN_SECONDS);
    } catch (error) {
      const wait = waitFrom(error);
      if (wait) cooldown.start(wait);
      if (error instanceof ApiError && error.code === 'InvalidEmail') setEmailError(error.message);
      else setFormError(error instanceof ApiError ? error.message : t('common:dialog.failure'));
    } finally {
      newCaptcha();
      setBusy(false);
    }
  }

  async function requestCode(event: FormEvent) {
    event.preventDefault();
    const problem = validateEmail(email);
    if (problem) {
      setEmailError(t(`validation.${problem}`));
      return;
    }
    await send('/api/id/account/password/reset');
  }

  async function reset(event: FormEvent) {
    event.preventDefault();
    const codeProblem = isCode(code) ? undefined : t('codes.invalid');
    const passwordProblem = validatePassword(password);
    setErrors({ code: codeProblem, password: passwordProblem ? t(`validation.${passwordProblem}`) : undefined });
    if (codeProblem || passwordProblem) return;
    setBusy(true);
    setFormError(undefined);
    try {
      await api.post('/api/id/account/reset/verify', {
        body: { email: email.trim(), code, newPassword: password },
      });
      afterReset(navigate);
    } catch (error) {
      if (error instanceof ApiError && ['WrongCode', 'ExpiredOrInvalid'].includes(error.code))
        setErrors({ code: error.message });
      else if (error instanceof ApiError && ['InvalidPassword', 'NewOldPasswordMatch'].includes(error.code))
        setErrors({ password: error.message });
      else setFormError(error instanceof ApiError ? error.message : t('common:dialog.failure'));
    } finally {
      setBusy(false);
    }
  }

  if (!sent) {
    return (
      <div className="pc-container pc-page pc-auth">
        <form className="pc-auth__card" onSubmit={requestCode} noValidate aria-labelledby="forgot-title">
          <h1 id="forgot-title">{t('forgot.title')}</h1>
          <p>{t('forgot.text')}</p>
          <TextField
            label={t('register.email')}
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setEmailError(undefined);
            }}
            error={emailError}
          />
          <Captcha resetKey={captchaRound} onChange={(payload) => setCaptcha(payload ?? undefined)} />
          {formError && (
            <p className="pc-form-error" role="alert">
              {formError}
            </p>
          )}
          <Button type="submit" busy={busy} disabled={!captcha || cooldown.left > 0} className="pc-auth__submit">
            {cooldown.left > 0 ? t('codes.resendIn', { seconds: cooldown.left }) : t('forgot.submit')}
          </Button>
          <p className="pc-auth__switch">
            <Link to="/login">{t('forgot.back')}</Link>
          </p>
        </form>
      </div>
    );
  }

  return (
    <div className="pc-container pc-page pc-auth">
      <div className="pc-auth__card">
        <form onSubmit={reset} noValidate aria-labelledby="reset-code-title">
          <h1 id="reset-code-title">{t('reset.title')}</h1>
          <p role="status">{info}</p>
          <TextField
            label={t('codes.label')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            hint={t('codes.hint')}
            value={code}
            onChange={(e) => {
              setCode(e.target.value.replace(/\D/g, ''));
              setErrors((v) => ({ ...v, code: undefined }));
            }}
            error={errors.code}
          />
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
              setErrors((v) => ({ ...v, password: undefined }));
            }}
            error={errors.password}
          />
          {formError && (
            <p className="pc-form-error" role="alert">
              {formError}
            </p>
          )}
          <Button type="submit" busy={busy} className="pc-auth__submit">
            {t('reset.submit')}
          </Button>
        </form>
        <section className="pc-auth__resend" aria-labelledby="reset-resend">
          <h2 id="reset-resend">{t('codes.noCode')}</h2>
          {cooldown.left === 0 && (
            <Captcha resetKey={captchaRound} onChange={(payload) => setCaptcha(payload ?? undefined)} />
          )}
          <Button
            variant="secondary"
            disabled={cooldown.left > 0 || !captcha || busy}
            onClick={() => void send('/api/id/account/reset/resend')}
          >
            {cooldown.left > 0 ? t('codes.resendIn', { seconds: cooldown.left }) : t('codes.resend')}
          </Button>
        </section>
      </div>
    </div>
  );
}
