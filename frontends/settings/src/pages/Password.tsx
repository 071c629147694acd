import { api, TextField, formatDate, useLoad } from '@pencraft/ui';
import { useId, useState } from 'react';
import { FormActions, Panel, Saved } from '../components/parts.js';
import { SettingsFrame } from '../components/SettingsFrame.js';
import { useSettingsTranslation } from '../i18n.js';
import { useForm } from '../lib/useForm.js';
import { newPasswordCheck, problems, requiredCheck } from '../lib/validation.js';

const FIELDS = ['oldPassword', 'newPassword', 'repeat'] as const;
const CODE_FIELDS = {
  IncorrectOldPassword: 'oldPassword',
  NewOldPasswordMatch: 'newPassword',
  InvalidPassword: 'newPassword',
} as const;

/** /settings/password: the current password, the new one twice. */
export default function Password() {
  const { t } = useSettingsTranslation();
  const id = useId();
  const form = useForm(FIELDS, CODE_FIELDS);
  const [values, setValues] = useState({ oldPassword: '', newPassword: '', repeat: '' });
  const [saved, setSaved] = useState<string>();
  const security = useLoad((signal) => api.get('/api/ttin/sec', { signal }), [saved], '');
  const changedAt = security.state.status === 'ready' ? security.state.data.passwordChangedAt : null;
  const set = (field: (typeof FIELDS)[number]) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setSaved(undefined);
    form.clear(field);
  };

  return (
    <SettingsFrame title={t('sections.password.title')}>
      {() => (
        <Panel id={`${id}-title`} title={t('password.title')}>
          <p className="pc-settings__text">{t('password.text')}</p>
          {changedAt && (
            <p className="pc-settings__text">{t('password.changedOn', { date: formatDate(changedAt, t) })}</p>
          )}
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              const checks = problems({
                oldPassword: requiredCheck(values.oldPassword),
                newPassword: newPasswordCheck(values.newPassword, values.oldPassword),
                repeat: values.repeat === values.newPassword ? undefined : 'passwordMismatch',
              });
              void form
                .submit(checks, () =>
                  api.post('/api/id/account/password', {
                    body: { oldPassword: values.oldPassword, newPassword: values.newPassword },
                  }),
                )
                .then((ok) => {
                  if (!ok) return;
                  setValues({ oldPassword: '', newPassword: '', repeat: '' });
                  setSaved('password.saved');
                });
            }}
          >
            <TextField
              label={t('password.old')}
              type="password"
              autoComplete="current-password"
              value={values.oldPassword}
              onChange={set('oldPassword')}
              error={form.errors.oldPassword}
              required
            />
            <TextField
              label={t('password.new')}
              type="password"
              autoComplete="new-password"
              value={values.newPassword}
              onChange={set('newPassword')}
              error={form.errors.newPassword}
              hint={t('password.rules')}
              required
            />
            <TextField
              label={t('password.repeat')}
              type="password"
              autoComplete="new-password"
              value={values.repeat}
              onChange={set('repeat')}
              error={form.errors.repeat}
              required
            />
            <FormActions form={form} submitLabel={t('password.submit')}>
              <Saved messageKey={saved} />
            </FormActions>
          </form>
        </Panel>
      )}
    </SettingsFrame>
  );
}
