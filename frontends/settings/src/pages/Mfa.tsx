import { api, TextField, useFeedback, useLoad } from '@pencraft/ui';
import { useId, useState } from 'react';
import { CodeEntry } from '../components/CodeStep.js';
import { RecoveryCodes } from '../components/RecoveryCodes.js';
import { FormActions, Loaded, Panel } from '../components/parts.js';
import { SettingsFrame } from '../components/SettingsFrame.js';
import { useSettingsTranslation } from '../i18n.js';
import { bound, useForm } from '../lib/useForm.js';
import { codeCheck, problems, requiredCheck, secondFactorCheck } from '../lib/validation.js';

const FIELDS = ['password', 'code'] as const;
const CODE_FIELDS = {
  IncorrectOldPassword: 'password',
  IncorrectEmailOrPassword: 'password',
  WrongCode: 'code',
} as const;

/** The secret in groups of four, easier to type into an app by hand. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

interface Enrolment {
  secret: string;
  qrCode: string;
}

/** Off → password → QR code and secret → first code → the ten recovery codes, once. */
function Enrol({ onEnabled }: { onEnabled: () => void }) {
  const { t } = useSettingsTranslation();
  const id = useId();
  const form = useForm(FIELDS, CODE_FIELDS);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [enrolment, setEnrolment] = useState<Enrolment>();
  const [codes, setCodes] = useState<string[]>();

  if (codes) return <RecoveryCodes codes={codes} onDone={onEnabled} />;

  if (!enrolment) {
    return (
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.submit(problems({ password: requiredCheck(password) }), async () => {
            const answer = await api.post('/api/ttin/sec/mfa', { body: { password } });
            setEnrolment({ secret: answer.secret, qrCode: answer.qrCode });
            setPassword('');
          });
        }}
      >
        <p className="pc-settings__text">{t('mfa.enrolText')}</p>
        <TextField
          label={t('mfa.password')}
          type="password"
          autoComplete="current-password"
          {...bound(form, 'password', password, setPassword)}
        />
        <FormActions form={form} submitLabel={t('mfa.start')} />
      </form>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit(problems({ code: codeCheck(code) }), async () => {
          const answer = await api.post('/api/ttin/sec/mfa/confirm', { body: { code: code.trim() } });
          setCodes(answer.recoveryCodes);
        });
      }}
    >
      <ol className="pc-settings__steps">
        <li>{t('mfa.scanStep')}</li>
        <li>{t('mfa.codeStep')}</li>
      </ol>
      <div className="pc-settings__qr">
        <img src={enrolment.qrCode} alt={t('mfa.qrAlt')} width={192} height={192} />
        <div>
          <p id={`${id}-secret`} className="pc-settings__text">
            {t('mfa.secretText')}
          </p>
          <code className="pc-settings__secret" aria-describedby={`${id}-secret`} data-mfa-secret={enrolment.secret}>
            {grouped(enrolment.secret)}
          </code>
        </div>
      </div>
      <CodeEntry form={form} label={t('mfa.appCode')} code={code} setCode={setCode} />
      <FormActions form={form} submitLabel={t('mfa.confirm')} onCancel={() => setEnrolment(undefined)} />
    </form>
  );
}

/** Password and a code (from the app or a recovery code) before turning MFA off or replacing the codes. */
function Confirmed({
  submitLabel,
  variant,
  send,
}: {
  submitLabel: string;
  variant: 'primary' | 'danger' | 'secondary';
  send: (body: { password: string; code: string }) => Promise<void>;
}) {
  const { t } = useSettingsTranslation();
  const form = useForm(FIELDS, CODE_FIELDS);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit(problems({ password: requiredCheck(password), code: secondFactorCheck(code) }), async () => {
          await send({ password, code: code.trim() });
          setPassword('');
          setCode('');
        });
      }}
    >
      <TextField
        label={t('mfa.password')}
        type="password"
        autoComplete="current-password"
        {...bound(form, 'password', password, setPassword)}
      />
      <TextField
        label={t('mfa.codeOrRecovery')}
        autoComplete="one-time-code"
        spellCheck={false}
        {...bound(form, 'code', code, setCode)}
      />
      <FormActions form={form} submitLabel={submitLabel} variant={variant} />
    </form>
  );
}

/** /settings/mfa: two-factor authentication with an authenticator app (TOTP) and ten recovery codes. */
export default function Mfa() {
  const { t } = useSettingsTranslation();
  const id = useId();
  const feedback = useFeedback();
  const summary = useLoad((signal) => api.get('/api/ttin/sec', { signal }), [], t('common:dialog.failure'));
  const [codes, setCodes] = useState<string[]>();

  return (
    <SettingsFrame title={t('sections.mfa.title')}>
      {() => (
        <Loaded state={summary.state} onRetry={summary.reload}>
          {(data) =>
            !data.mfa ? (
              <Panel id={`${id}-enrol`} title={t('mfa.enrolTitle')}>
                <p className="pc-settings__state pc-settings__state--off">{t('mfa.off')}</p>
                <Enrol
                  onEnabled={() => {
                    feedback.success(t('mfa.enabled'));
                    summary.reload();
                  }}
                />
              </Panel>
            ) : (
              <>
                <Panel id={`${id}-state`} title={t('mfa.stateTitle')}>
                  <p className="pc-settings__state pc-settings__state--on">{t('mfa.on')}</p>
                  <p className="pc-settings__text">{t('mfa.codesLeft', { count: data.recoveryCodesLeft })}</p>
                </Panel>
                <Panel id={`${id}-codes`} title={t('mfa.regenerateTitle')}>
                  {codes ? (
                    <RecoveryCodes
                      codes={codes}
                      onDone={() => {
                        setCodes(undefined);
                        summary.reload();
                      }}
                    />
                  ) : (
                    <>
                      <p className="pc-settings__text">{t('mfa.regenerateText')}</p>
                      <Confirmed
                        submitLabel={t('mfa.regenerate')}
                        variant="secondary"
                        send={async (body) => {
                          const answer = await api.post('/api/ttin/sec/mfa/recovery', { body });
                          setCodes(answer.recoveryCodes);
                        }}
                      />
                    </>
                  )}
                </Panel>
                {!codes && (
                  <Panel id={`${id}-disable`} title={t('mfa.disableTitle')}>
                    <p className="pc-settings__text">{t('mfa.disableText')}</p>
                    <Confirmed
                      submitLabel={t('mfa.disable')}
                      variant="danger"
                      send={async (body) => {
                        await api.post('/api/ttin/sec/mfa/disable', { body });
                        feedback.success(t('mfa.disabled'));
                        summary.reload();
                      }}
                    />
                  </Panel>
                )}
              </>
            )
          }
        </Loaded>
      )}
    </SettingsFrame>
  );
}
