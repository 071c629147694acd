import { api, ApiError, Button, Captcha, TextField, useDocumentMeta, useSession } from '@pencraft/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useCooldown } from '../../lib/cooldown.js';
import { stepPath } from '../../lib/onboarding.js';
import { safeNextPath } from '../../lib/validation.js';
import { isCode, RESEND_COOLDOWN_SECONDS, waitFrom } from '../../lib/codes.js';

/** Registration, after the account form: the 6-digit code from the mail (the mail's link lands on /confirm). */
export function ConfirmEmailPage() {
  const { t } = useTranslation('shell');
  const { state, refresh } = useSession();
  const location = useLocation();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const email = (location.state as { email?: unknown } | null)?.email;
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [captcha, setCaptcha] = useState<string>();
  const [captchaRound, setCaptchaRound] = useState(0);
  const [resendMessage, setResendMessage] = useState<{ kind: 'info' | 'error'; text: string }>();
  const [resending, setResending] = useState(false);
  // A code was sent with the registration: the first resend waits as the server does.
  const cooldown = useCooldown(typeof email === 'string' ? RESEND_COOLDOWN_SECONDS : 0);
  useDocumentMeta(`${t('confirm.title')} — Pencraft`);

  if (state.status === 'loading') return null;
  if (state.status === 'visitor')
    return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  if (done) return <Navigate to={stepPath('profile', next)} replace />;
  if (state.user.confirmed) return <Navigate to={next} replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = code.trim();
    if (!isCode(value)) {
      setCodeError(t('codes.invalid'));
      return;
    }
    setBusy(true);
    setCodeError(undefined);
    try {
      await api.post('/api/id/register/verify', { body: { code: value } });
      setDone(true);
      await refresh();
    } catch (error) {
      setCodeError(error instanceof ApiError ? error.message : t('common:dialog.failure'));
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    if (!captcha) return;
    setResending(true);
    setResendMessage(undefined);
    try {
      await api.post('/api/id/register/resend', { params: { header: { 'X-Captcha': captcha } } });
      setResendMessage({ kind: 'info', text: t('codes.sent') });
      cooldown.start(RESEND_COOLDOWN_SECONDS);
    } catch (error) {
      const wait = waitFrom(error);
      if (wait) cooldown.start(wait);
      setResendMessage({ kind: 'error', text: error instanceof ApiError ? error.message : t('common:dialog.failure') });
    } finally {
      // A solved challenge is single-use: the widget starts over for the next send.
      setCaptcha(undefined);
      setCaptchaRound((n) => n + 1);
      setResending(false);
    }
  }

  return (
    <div className="pc-container pc-page pc-auth">
      <div className="pc-auth__card">
        <form onSubmit={submit} noValidate aria-labelledby="confirm-title">
          <h1 id="confirm-title">{t('confirm.title')}</h1>
          <p>{typeof email === 'string' ? t('confirm.sentTo', { email }) : t('confirm.sent')}</p>
          <TextField
            label={t('codes.label')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            required
            hint={t('codes.hint')}
            value={code}
            onChange={(e) => {
              setCode(e.target.value.replace(/\D/g, ''));
              setCodeError(undefined);
            }}
            error={codeError}
          />
          <Button type="submit" busy={busy} className="pc-auth__submit">
            {t('confirm.submit')}
          </Button>
        </form>
        <section className="pc-auth__resend" aria-labelledby="confirm-resend">
          <h2 id="confirm-resend">{t('codes.noCode')}</h2>
          <p>{t('confirm.linkHint')}</p>
          {cooldown.left === 0 && (
            <Captcha resetKey={captchaRound} onChange={(payload) => setCaptcha(payload ?? undefined)} />
          )}
          <Button
            variant="secondary"
            busy={resending}
            disabled={cooldown.left > 0 || !captcha}
            onClick={() => void resend()}
          >
            {cooldown.left > 0 ? t('codes.resendIn', { seconds: cooldown.left }) : t('codes.resend')}
          </Button>
          <p role="status" className={resendMessage?.kind === 'error' ? 'pc-form-error' : 'pc-auth__info'}>
            {resendMessage?.text}
          </p>
        </section>
      </div>
    </div>
  );
}
