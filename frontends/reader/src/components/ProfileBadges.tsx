// The profile's badges tab: the badges a user earned or was granted, earliest first, each with what it means.
import { api, EmptyState, Spinner, type Schemas } from '@pencraft/ui';
import { useEffect, useState } from 'react';
import { formatDate } from '../lib/format.js';
import { useStandingTranslation } from '../lib/standing.js';
import { PartError } from './PartError.js';
import '../reader.css';
import '../standing.css';

type Badge = Schemas['Badge'];

type State = { status: 'loading' } | { status: 'ready'; items: Badge[] } | { status: 'error'; message?: string };

export function ProfileBadges({ username }: { username: string }) {
  const { t } = useStandingTranslation();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    api.get('/api/profile/{username}/badges', { params: { path: { username } }, signal: controller.signal }).then(
      (answer) => setState({ status: 'ready', items: answer.items }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', message: (error as Error)?.message });
      },
    );
    return () => controller.abort();
  }, [username, attempt]);

  if (state.status === 'loading') {
    return (
      <div className="pc-center">
        <Spinner label={t('common:loading')} size="large" />
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <PartError
        title={t('badges.error')}
        message={state.message}
        onRetry={() => {
          setState({ status: 'loading' });
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  if (state.items.length === 0) return <EmptyState title={t('badges.none')} />;
  const words = { months: t('common:date.months'), long: (parts: object) => t('common:date.long', { ...parts }) };
  return (
    <ul className="pc-badges" data-badges>
      {state.items.map((badge) => (
        <li key={badge.id} className="pc-badge" data-badge={badge.id}>
          <span className="pc-badge__mark" aria-hidden="true">
            ★
          </span>
          <span className="pc-badge__text">
            <span className="pc-badge__name">{t(`badges.names.${badge.id}`)}</span>
            <span className="pc-badge__description">{t(`badges.descriptions.${badge.id}`)}</span>
            <span className="pc-badge__date">
              {t('badges.earned', { date: formatDate(badge.earnedAt, words as never) })}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
