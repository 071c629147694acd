import { api, Button, TextField, useFeedback, errorMessage, useLoad } from '@pencraft/ui';
import { useId, useState } from 'react';
import { CodeStep } from '../components/CodeStep.js';
import { FormActions, FormError, Loaded, Panel } from '../components/parts.js';
import { SettingsFrame } from '../components/SettingsFrame.js';
import { useSettingsTranslation } from '../i18n.js';
import { bound, useForm } from '../lib/useForm.js';
import { normalizePhone, phoneCheck, problems } from '../lib/validation.js';

const FIELDS = ['phone', 'code'] as const;
const CODE_FIELDS = {
  InvalidPhoneNumber: 'phone',
  PhoneNumberAlreadyExists: 'phone',
  NewOldPhoneNumberMatch: 'phone',
  WrongCode: 'code',
  ExpiredOrInvalid: 'code',
} as const;

/** A number in international form → a 6-digit code by SMS → the number is the account's, verified. */
function ChangePhone({ hasPhone, onVerified }: { hasPhone: boolean; onVerified: () => void }) {
  const { t } = useSettingsTranslation();
  const form = useForm(FIELDS, CODE_FIELDS);
  const [phone, setPhone] = useState('');
  const [sentTo, setSentTo] = useState<string>();

  const request = (number: string) =>
    api.put('/api/ttin/phone', { body: { phone: number } }).then((answer) => setSentTo(answer.phone));

  if (sentTo) {
    return (
      <CodeStep
        form={form}
        sent={t('phone.codeSent', { phone: sentTo })}
        label={t('phone.code')}
        submitLabel={t('phone.confirm')}
        verify={async (code) => {
          await api.post('/api/ttin/phone/verify', { body: { code } });
          onVerified();
        }}
        resend={{
          label: t('phone.resend'),
          onClick: () => void form.submit({}, () => request(normalizePhone(phone))),
        }}
        onCancel={() => {
          setSentTo(undefined);
          form.clear();
        }}
      />
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit(problems({ phone: phoneCheck(phone) }), () => request(normalizePhone(phone)));
      }}
    >
      <TextField
        label={hasPhone ? t('phone.new') : t('phone.number')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        placeholder="+994501234567"
        {...bound(form, 'phone', phone, setPhone)}
        hint={t('phone.hint')}
      />
      <FormActions form={form} submitLabel={t('phone.sendCode')} />
    </form>
  );
}

/** /settings/phone: the verified number (masked), a change confirmed by SMS, and removal. */
export default function Phone() {
  const { t } = useSettingsTranslation();
  const id = useId();
  const feedback = useFeedback();
  const account = useLoad((signal) => api.get('/api/ttin/accs', { signal }), [], t('common:dialog.failure'));
  const [removing, setRemoving] = useState(false);
  const [removeError, setRemoveError] = useState<string>();

  return (
    <SettingsFrame title={t('sections.phone.title')}>
      {() => (
        <Loaded state={account.state} onRetry={account.reload}>
          {(data) => (
            <>
              <Panel id={`${id}-current`} title={t('phone.currentTitle')}>
                {data.phone ? (
                  <>
                    <p className="pc-settings__value" data-current-phone>
                      {data.phone}
                    </p>
                    <p className="pc-settings__text">
                      {data.phoneVerified ? t('phone.verified') : t('phone.unverified')}
                    </p>
                    <FormError message={removeError} />
                    <Button
                      variant="secondary"
                      busy={removing}
                      onClick={() => {
                        setRemoving(true);
                        setRemoveError(undefined);
                        api.delete('/api/ttin/phone').then(
                          () => {
                            setRemoving(false);
                            feedback.success(t('phone.removed'));
                            account.reload();
                          },
                          (error: unknown) => {
                            setRemoving(false);
                            setRemoveError(errorMessage(error, t('common:dialog.failure')));
                          },
                        );
                      }}
                    >
                      {t('phone.remove')}
                    </Button>
                  </>
                ) : (
                  <p className="pc-settings__text">{t('phone.none')}</p>
                )}
              </Panel>
              <Panel id={`${id}-change`} title={data.phone ? t('phone.changeTitle') : t('phone.addTitle')}>
                <p className="pc-settings__text">{t('phone.changeText')}</p>
                <ChangePhone
                  key={data.phone}
                  hasPhone={Boolean(data.phone)}
                  onVerified={() => {
                    feedback.success(t('phone.saved'));
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
