import { api, ApiError, Button, Captcha, TextField, useDocumentMeta, useSession, type UserInfo } from '@pencraft/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ChoiceDialog } from '../components/ChoiceDialog.js';
import { banMessage } from '../lib/ban.js';
import { longDate } from '../lib/format.js';
import { safeNextPath, serverFieldErrors, validateLogin, type LoginValues } from '../lib/validation.js';

const FIELDS = ['login', 'password'] as const;

type Step = { name: 'credentials' } | { name: 'secondFactor' } | { name: 'deletion'; at: string; info: UserInfo };

export function LoginPage() {
  const { t } = useTranslation('shell');
  const { state, signedIn } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;
  const next = safeNextPath(params.get('next'));
  const [values, setValues] = useState<LoginValues>({ login: '', password: '' });
  const [step, setStep] = useState<Step>({ name: 'credentials' });
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof LoginValues, string>>>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // After failed attempts the server asks for a captcha (ChallengeFailed); from then on the form shows the widget.
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  const [captcha, setCaptcha] = useState<string>();
  const [captchaRound, setCaptchaRound] = useState(0);
  const [secondFactor, setSecondFactor] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [factorError, setFactorError] = useState<string>();
  const [undoing, setUndoing] = useState(false);
  useDocumentMeta(`${t('login.title')} — Pencraft`);

  if (state.status === 'user' && !busy && step.name !== 'deletion') return <Navigate to={next} replace />;

  const clientErrors = submitted ? validateLogin(values) : {};
  const errorFor = (field: keyof LoginValues) =>
    serverErrors[field] ?? (clientErrors[field] ? t(`validation.${clientErrors[field]}`) : undefined);
  const update = (field: keyof LoginValues) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
  };

  function finish(info: UserInfo) {
    signedIn(info);
    void navigate(next, { replace: true });
  }

  /** One sign-in call; the answer says what comes next (a second factor, the deletion offer, or done). */
  async function signIn(factor?: string): Promise<void> {
    const answer = await api.post('/api/id/auth/login', {
      body: { login: values.login.trim(), password: values.password, ...(factor ? { secondFactor: factor } : {}) },
      ...(captcha ? { params: { header: { 'X-Captcha': captcha } } } : {}),
    });
    if ('mfa' in answer) {
      setStep({ name: 'secondFactor' });
      return;
    }
    if (answer.del) {
      // Signed in already: the dialog asks whether to keep the account.
      signedIn(answer);
      setStep({ name: 'deletion', at: answer.del, info: answer });
      return;
    }
    finish(answer);
  }

  function refused(error: unknown): string {
    if (!(error instanceof ApiError)) return t('common:dialog.failure');
    if (error.code === 'TooManyRequests' && error.retryAfter)
      return `${error.message} ${t('login.retryIn', { seconds: error.retryAfter })}`;
    if (error.code === 'UserBanned') return banMessage(error, t);
    if (error.code === 'ChallengeFailed' || error.code === 'CaptchaRequired') {
      setCaptchaNeeded(true);
      return t('login.captchaNeeded');
    }
    return error.message;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setFormError(undefined);
    if (Object.keys(validateLogin(values)).length > 0) return;
    setBusy(true);
    try {
      await signIn();
    } catch (error) {
      if (
        error instanceof ApiError &&
        !['UserBanned', 'ChallengeFailed', 'CaptchaRequired', 'TooManyRequests'].includes(error.code)
      ) {
        const spread = serverFieldErrors(error, FIELDS);
        setServerErrors(spread.fields);
        setFormError(spread.form);
      } else {
        setFormError(refused(error));
      }
    } finally {
      if (captcha) {
        // A solved challenge is single-use.
        setCaptcha(undefined);
        setCaptchaRound((n) => n + 1);
      }
      setBusy(false);
    }
  }

  async function submitFactor(event: FormEvent) {
    event.preventDefault();
    const code = secondFactor.replace(/\s/g, '');
    if (!code) {
      setFactorError(t('validation.required'));
      return;
    }
    setBusy(true);
    setFactorError(undefined);
    try {
      await signIn(code);
    } catch (error) {
      setFactorError(refused(error));
    } finally {
      setBusy(false);
    }
  }

  async function cancelDeletion(info: UserInfo) {
    setUndoing(true);
    try {
      await api.post('/api/id/account/danger/undo');
      finish(info);
    } catch (error) {
      setFormError(error instanceof ApiError ? error.message : t('common:dialog.failure'));
      setUndoing(false);
    }
  }

  if (step.name === 'secondFactor') {
    return (
      <div className="pc-container pc-page pc-auth">
        <form className="pc-auth__card" onSubmit={submitFactor} noValidate aria-labelledby="mfa-title">
          <h1 id="mfa-title">{t('mfa.title')}</h1>
          <p>{useRecovery ? t('mfa.recoveryText') : t('mfa.text')}</p>
          <TextField
            key={useRecovery ? 'recovery' : 'totp'}
            label={useRecovery ? t('mfa.recoveryLabel') : t('mfa.codeLabel')}
            name="secondFactor"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            inputMode={useRecovery ? 'text' : 'numeric'}
            maxLength={useRecovery ? 32 : 6}
            required
            autoFocus
            value={secondFactor}
            onChange={(e) => {
              setSecondFactor(e.target.value);
              setFactorError(undefined);
            }}
            error={factorError}
          />
          <Button type="submit" busy={busy} className="pc-auth__submit">
            {t('mfa.submit')}
          </Button>
          <p className="pc-auth__switch">
            <Button
              variant="ghost"
              onClick={() => {
                setUseRecovery((r) => !r);
                setSecondFactor('');
                setFactorError(undefined);
              }}
            >
              {useRecovery ? t('mfa.useCode') : t('mfa.useRecovery')}
            </Button>
          </p>
        </form>
      </div>
    );
  }

  return (
    <div className="pc-container pc-page pc-auth">
      <form className="pc-auth__card" onSubmit={submit} noValidate aria-labelledby="login-title">
        <h1 id="login-title">{t('login.title')}</h1>
        {notice === 'passwordReset' && (
          <p className="pc-form-success" role="status">
            {t('login.passwordReset')}
          </p>
        )}
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
        <p className="pc-auth__forgot">
          <Link to="/forgot">{t('login.forgot')}</Link>
        </p>
        {captchaNeeded && <Captcha resetKey={captchaRound} onChange={(payload) => setCaptcha(payload ?? undefined)} />}
        {formError && (
          <p className="pc-form-error" role="alert">
            {formError}
          </p>
        )}
        <Button type="submit" busy={busy} disabled={captchaNeeded && !captcha} className="pc-auth__submit">
          {busy ? t('login.submitting') : t('login.submit')}
        </Button>
        <p className="pc-auth__switch">
          {t('login.noAccount')}{' '}
          <Link to={`/register${next !== '/' ? `?next=${encodeURIComponent(next)}` : ''}`}>{t('login.register')}</Link>
        </p>
      </form>
      {step.name === 'deletion' && (
        <ChoiceDialog
          open
          title={t('deletion.title')}
          confirm={t('deletion.cancel')}
          dismiss={t('deletion.keep')}
          busy={undoing}
          onConfirm={() => void cancelDeletion(step.info)}
          onDismiss={() => finish(step.info)}
        >
          <p>{t('deletion.text', { date: longDate(step.at, t) })}</p>
        </ChoiceDialog>
      )}
    </div>
  );
}
