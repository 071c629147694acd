import { ApiError, initials, safeImageUrl, useFeedback, useSession, type SessionUser } from '@pencraft/ui';
import { Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ratingTier } from '../lib/user.js';
import { useNavEntries } from '../remotes/context.js';
import { useEntryLabels } from './Navigation.js';

// The signed-in user's menu (UserMenu loads it for a signed-in user only: a visitor's page carries none of it).

/** The links remotes put in the signed-in user's menu (placement `userMenu`). */
function MenuLinks({ onNavigate }: { onNavigate: () => void }) {
  const entries = useNavEntries('userMenu');
  const { t } = useEntryLabels(entries.map((entry) => entry.label));
  if (entries.length === 0) return null;
  return (
    <ul className="pc-user-menu__links">
      {entries.map((entry) => (
        <li key={`${entry.remote}:${entry.id}`}>
          <Link to={entry.path} onClick={onNavigate} data-nav={`${entry.remote}:${entry.id}`}>
            {t(entry.label)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The menu of a signed-in user: who they are, their tier, the remotes' links and signing out. */
export function SignedInMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation('shell');
  const { signOut } = useSession();
  const feedback = useFeedback();
  const navigate = useNavigate();
  const details = useRef<HTMLDetailsElement>(null);
  const avatar = safeImageUrl(user.imageUrl);
  const tier = t(`user.tiers.${ratingTier(user.rating)}`);

  return (
    <details className="pc-user pc-user-menu" ref={details}>
      <summary
        className="pc-user-menu__summary"
        aria-label={t('user.signedInAs', { name: user.fullname || user.username })}
      >
        {/* Initials drawn by CSS: as text they would be part of the summary's visible label, not of its name. */}
        <span
          className="pc-avatar"
          aria-hidden="true"
          data-initials={avatar ? undefined : initials(user.fullname, user.username)}
        >
          {avatar && <img src={avatar} alt="" />}
        </span>
        <span className="pc-user-menu__name">{user.fullname || user.username}</span>
      </summary>
      <div className="pc-user-menu__panel">
        <p className="pc-user-menu__fullname">{user.fullname}</p>
        <p className="pc-user-menu__username">@{user.username}</p>
        <p className="pc-user-menu__tier">
          <span className={`pc-tier pc-tier--${ratingTier(user.rating)}`}>{t('user.rating', { tier })}</span>
        </p>
        <Suspense fallback={null}>
          <MenuLinks onNavigate={() => details.current?.removeAttribute('open')} />
        </Suspense>
        <button
          type="button"
          className="pc-button pc-button--secondary pc-user-menu__signout"
          onClick={async () => {
            details.current?.removeAttribute('open');
            feedback.showLoading();
            try {
              await signOut();
              void navigate('/');
            } catch (error) {
              feedback.failure(error instanceof ApiError ? error.message : undefined);
            } finally {
              feedback.hideLoading();
            }
          }}
        >
          {t('nav.signOut')}
        </button>
      </div>
    </details>
  );
}
