import { api, Button, TextField, useFeedback, errorMessage, formatDate, useLoad } from '@pencraft/ui';
import { useId, useState } from 'react';
import { CodeEntry } from '../components/CodeStep.js';
import { FormActions, FormError, Loaded, Panel } from '../components/parts.js';
import { SettingsFrame } from '../components/SettingsFrame.js';
import { useSettingsTranslation } from '../i18n.js';
import { bound, useForm } from '../lib/useForm.js';
import { codeCheck, problems, requiredCheck } from '../lib/validation.js';

const FIELDS = ['password', 'code'] as const;
const CODE_FIELDS = {
  IncorrectOldPassword: 'password',
  IncorrectEmailOrPassword: 'password',
  WrongCode: 'code',
  ExpiredOrInvalid: 'code',
} as const;

/** Password → a code by mail → deletion scheduled in 30 days. */
function RequestDeletion({ onScheduled }: { onScheduled: () => void }) {
  const { t } = useSettingsTranslation();
  const form = useForm(FIELDS, CODE_FIELDS);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState(false);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!codeSent) {
          void form.submit(problems({ password: requiredCheck(password) }), async () => {
            const answer = await api.post('/api/id/account/danger', { body: { password } });
            // The answer names the stage reached: step one mails the code.
            if (answer.stage === 'codeSent') setCodeSent(true);
            else onScheduled();
          });
          return;
        }
        void form.submit(problems({ password: requiredCheck(password), code: codeCheck(code) }), async () => {
          await api.post('/api/id/account/danger', { body: { password, code: code.trim() } });
          onScheduled();
        });
      }}
    >
      <TextField
        label={t('deletion.password')}
        type="password"
        autoComplete="current-password"
        readOnly={codeSent}
        {...bound(form, 'password', password, setPassword)}
      />
      {codeSent && (
        <CodeEntry form={form} sent={t('deletion.codeSent')} label={t('deletion.code')} code={code} setCode={setCode} />
      )}
      <FormActions
        form={form}
        submitLabel={codeSent ? t('deletion.confirm') : t('deletion.sendCode')}
        variant="danger"
        onCancel={
          codeSent
            ? () => {
                setCodeSent(false);
                setCode('');
                form.clear();
              }
            : undefined
        }
      />
    </form>
  );
}

/** /settings/delete: request deletion (password and a mailed code), or see the pending one and undo it. */
export default function Deletion() {
  const { t } = useSettingsTranslation();
  const id = useId();
  const feedback = useFeedback();
  const summary = useLoad((signal) => api.get('/api/ttin/sec', { signal }), [], t('common:dialog.failure'));
  const [undoing, setUndoing] = useState(false);
  const [undoError, setUndoError] = useState<string>();

  return (
    <SettingsFrame title={t('sections.delete.title')}>
      {() => (
        <Loaded state={summary.state} onRetry={summary.reload}>
          {(data) =>
            data.deletionScheduledAt ? (
              <Panel id={`${id}-pending`} title={t('deletion.pendingTitle')}>
                <p className="pc-settings__text" data-deletion-date={data.deletionScheduledAt}>
                  {t('deletion.pendingText', { date: formatDate(data.deletionScheduledAt, t) })}
                </p>
                <FormError message={undoError} />
                <div className="pc-settings__actions">
                  <Button
                    busy={undoing}
                    onClick={() => {
                      setUndoing(true);
                      setUndoError(undefined);
                      api.post('/api/id/account/danger/undo').then(
                        () => {
                          setUndoing(false);
                          feedback.success(t('deletion.undone'));
                          summary.reload();
                        },
                        (error: unknown) => {
                          setUndoing(false);
                          setUndoError(errorMessage(error, t('common:dialog.failure')));
                        },
                      );
                    }}
                  >
                    {t('deletion.undo')}
                  </Button>
                </div>
              </Panel>
            ) : (
              <Panel id={`${id}-request`} title={t('deletion.requestTitle')}>
                <p className="pc-settings__text">{t('deletion.requestText')}</p>
                <ul className="pc-settings__bullets">
                  <li>{t('deletion.grace')}</li>
                  <li>{t('deletion.sessions')}</li>
                  <li>{t('deletion.content')}</li>
                </ul>
                <RequestDeletion onScheduled={summary.reload} />
              </Panel>
            )
          }
        </Loaded>
      )}
    </SettingsFrame>
  );
}
