import { STAFF_BADGES, type BadgeId } from '@pencraft/rules';
import { Button, Select, TextField, useFormSubmit } from '@pencraft/ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODERATION_ROLES, StaffFrame, type StaffContext } from '../auth/StaffFrame.js';
import { Done, FormError } from '../components/parts.js';

function useBadgesTranslation() {
  return useTranslation('staffBadges');
}

/** The grant form: a username and one of the staff badges (POST /api/staff/users/{username}/badges). */
function GrantBadge({ api }: StaffContext) {
  const { t } = useBadgesTranslation();
  const id = useId();
  const [username, setUsername] = useState('');
  const [badge, setBadge] = useState<BadgeId>(STAFF_BADGES[0]!);
  const form = useFormSubmit<'username'>({ fallback: t('common:dialog.failure') });

  const submit = async () => {
    const name = username.trim().replace(/^@/, '');
    await form.submit({ username: name ? undefined : t('errors.username') }, async () => {
      const answer = await api.grantBadge(name, badge as 'beta-tester' | 'bug-hunter');
      const values = { username: name, badge: t(`names.${badge}`) };
      setUsername('');
      return answer.granted ? t('granted', values) : t('already', values);
    });
  };

  return (
    <form
      className="pc-staff__form pc-staff__panel"
      aria-labelledby={`${id}-title`}
      noValidate
      data-grant-badge
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id={`${id}-title`}>{t('title')}</h2>
      <p className="pc-staff__text">{t('text')}</p>
      <TextField
        label={t('username')}
        value={username}
        required
        autoComplete="off"
        spellCheck={false}
        error={form.errors.username}
        onChange={(event) => setUsername(event.target.value)}
      />
      <Select
        label={t('badge')}
        value={badge}
        onChange={(event) => setBadge(event.target.value as BadgeId)}
        options={STAFF_BADGES.map((value) => ({ value, label: t(`names.${value}`) }))}
      />
      <FormError message={form.formError} />
      <Done message={form.notice} />
      <Button type="submit" busy={form.busy}>
        {t('submit')}
      </Button>
    </form>
  );
}

/** /staff/badges: grant the beta-tester and bug-hunter badges (moderators and admins). */
export default function Badges() {
  const { t } = useBadgesTranslation();
  return (
    <StaffFrame title={t('title')} roles={MODERATION_ROLES}>
      {(context) => <GrantBadge {...context} />}
    </StaffFrame>
  );
}
