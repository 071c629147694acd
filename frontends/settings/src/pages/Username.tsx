import { normalizeUsername } from '@pencraft/rules';
import { api, Button, TextField, useFeedback, useSession, formatDateTime, useLoad } from '@pencraft/ui';
import { useId, useState } from 'react';
import { FormError, Loaded, Panel } from '../components/parts.js';
import { SettingsFrame } from '../components/SettingsFrame.js';
import { useSettingsTranslation } from '../i18n.js';
import { LIMITS } from '../lib/limits.js';
import { useForm } from '../lib/useForm.js';
import { problems, usernameCheck } from '../lib/validation.js';

const FIELDS = ['username'] as const;
const CODE_FIELDS = {
  InvalidUsername: 'username',
  UsernameAlreadyExists: 'username',
  CantUpdateUsername: 'username',
} as const;

/** /settings/username: the name in the profile's address, changeable once every 14 days. */
export default function Username() {
  const { t } = useSettingsTranslation();
  const id = useId();
  const feedback = useFeedback();
  const session = useSession();
  const account = useLoad((signal) => api.get('/api/ttin/accs', { signal }), [], t('common:dialog.failure'));
  const form = useForm(FIELDS, CODE_FIELDS);
  const [username, setUsername] = useState('');

  return (
    <SettingsFrame title={t('sections.username.title')}>
      {() => (
        <Loaded state={account.state} onRetry={account.reload}>
          {(data) => {
            const lockedUntil =
              data.usernameChangeableAt && Date.parse(data.usernameChangeableAt) > Date.now()
                ? data.usernameChangeableAt
                : undefined;
            return (
              <Panel id={`${id}-title`} title={t('username.title')}>
                <p className="pc-settings__text">
                  {t('username.current')} <strong data-current-username>@{data.username}</strong>
                </p>
                <p className="pc-settings__text">{t('username.rule', LIMITS)}</p>
                {lockedUntil && (
                  <p className="pc-settings__text" role="status">
                    {t('username.lockedUntil', { date: formatDateTime(lockedUntil, t) })}
                  </p>
                )}
                <form
                  noValidate
                  onSubmit={(event) => {
                    event.preventDefault();
                    const value = normalizeUsername(username);
                    void form
                      .submit(problems({ username: usernameCheck(username, data.username) }), async () => {
                        await api.put('/api/me/settings/profile/username', { body: { username: value } });
                      })
                      .then((ok) => {
                        if (!ok) return;
                        setUsername('');
                        feedback.success(t('username.saved', { username: value }));
                        account.reload();
                        void session.refresh();
                      });
                  }}
                >
                  <TextField
                    label={t('username.new')}
                    autoComplete="username"
                    autoCapitalize="none"
                    spellCheck={false}
                    value={username}
                    disabled={lockedUntil !== undefined}
                    onChange={(event) => {
                      setUsername(event.target.value);
                      form.clear('username');
                    }}
                    error={form.errors.username}
                    hint={t('username.hint', LIMITS)}
                    required
                  />
                  <FormError message={form.formError} />
                  <div className="pc-settings__actions">
                    <Button type="submit" busy={form.busy} disabled={lockedUntil !== undefined}>
                      {t('username.submit')}
                    </Button>
                  </div>
                </form>
              </Panel>
            );
          }}
        </Loaded>
      )}
    </SettingsFrame>
  );
}
