import { normalizeEmail } from '@pencraft/rules';
import { api, TextField, useFeedback, errorMessage, useLoad } from '@pencraft/ui';
import { useId, useState } from 'react';
import { CodeStep } from '../components/CodeStep.js';
import { FormActions, Loaded, Panel } from '../components/parts.js';
import { SettingsFrame } from '../components/SettingsFrame.js';
import { useSettingsTranslation } from '../i18n.js';
import { bound, useForm } from '../lib/useForm.js';
import { emailCheck, problems, requiredCheck } from '../lib/validation.js';

const FIELDS = ['email', 'password', 'code'] as const;
const CODE_FIELDS = {
  InvalidEmail: 'email',
  EmailAlreadyExists: 'email',
  NewOldEmailMatch: 'email',
  IncorrectOldPassword: 'password',
  WrongCode: 'code',
  ExpiredOrInvalid: 'code',
} as const;

/** New address and password → a code mailed to the new address → the code (or the mail's link) confirms it. */
function ChangeEmail({ current, onChanged }: { current: string; onChanged: () => void }) {
  const { t } = useSettingsTranslation();
  const form = useForm(FIELDS, CODE_FIELDS);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [sentTo, setSentTo] = useState<string>();
  const [resend, setResend] = useState<{ busy: boolean; message?: string }>({ busy: false });

  if (sentTo) {
    return (
      <CodeStep
        form={form}
        sent={t('email.codeSent', { email: sentTo })}
        label={t('email.code')}
        submitLabel={t('email.confirm')}
        verify={async (code) => {
          await api.post('/api/id/account/email/verify', { body: { code } });
          onChanged();
        }}
        resend={{
          label: t('email.resend'),
          busy: resend.busy,
          onClick: () => {
            setResend({ busy: true });
            api.post('/api/id/account/email/resend').then(
              () => setResend({ busy: false, message: t('email.resent') }),
              (error: unknown) => setResend({ busy: false, message: errorMessage(error, t('common:dialog.failure')) }),
            );
          },
        }}
        onCancel={() => {
          setSentTo(undefined);
          form.clear();
        }}
      >
        <p className="pc-settings__text" role="status">
          {resend.message ?? ''}
        </p>
      </CodeStep>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const address = normalizeEmail(email);
        void form.submit(
          problems({ email: emailCheck(email, current), password: requiredCheck(password) }),
          async () => {
            await api.post('/api/id/account/email', { body: { email: address, password } });
            setSentTo(address);
            setPassword('');
          },
        );
      }}
    >
      <TextField label={t('email.new')} type="email" autoComplete="email" {...bound(form, 'email', email, setEmail)} />
      <TextField
        label={t('email.password')}
        type="password"
        autoComplete="current-password"
        {...bound(form, 'password', password, setPassword)}
      />
      <FormActions form={form} submitLabel={t('email.sendCode')} />
    </form>
  );
}

/** /settings/email: the current address and the change to a new one, confirmed by a code sent there. */
export default function Email() {
  const { t } = useSettingsTranslation();
  const id = useId();
  const feedback = useFeedback();
  const account = useLoad((signal) => api.get('/api/ttin/accs', { signal }), [], t('common:dialog.failure'));

  return (
    <SettingsFrame title={t('sections.email.title')}>
      {() => (
        <Loaded state={account.state} onRetry={account.reload}>
          {(data) => (
            <>
              <Panel id={`${id}-current`} title={t('email.currentTitle')}>
                <p className="pc-settings__value" data-current-email>
                  {data.email}
                </p>
                <p className="pc-settings__text">
                  {data.emailConfirmed ? t('email.confirmed') : t('email.unconfirmed')}
                </p>
              </Panel>
              <Panel id={`${id}-change`} title={t('email.changeTitle')}>
                <p className="pc-settings__text">{t('email.changeText')}</p>
                <ChangeEmail
                  key={data.email}
                  current={data.email}
                  onChanged={() => {
                    feedback.success(t('email.changed'));
                    account.reload();
                  }}
                />
              </Panel>
            </>
          )}
        </Loaded>
      )}
    </SettingsFrame>
  );
}
