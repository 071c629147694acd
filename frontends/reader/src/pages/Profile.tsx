import { ratingTier } from '@pencraft/rules';
import {
  api,
  ApiError,
  Button,
  EmptyState,
  initials,
  safeImageUrl,
  Spinner,
  useDocumentMeta,
  useSession,
  type Schemas,
} from '@pencraft/ui';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ProfileComments } from '../comments/ProfileComments.js';
import { PartError } from '../components/PartError.js';
import { profileData } from '../data/index.js';
import { usePageData } from '../data/usePageData.js';
import { ProfileBadges } from '../components/ProfileBadges.js';
import { ProfileArticles, ProfileBookmarks, ProfileCollections, ProfilePeople } from '../components/ProfileLists.js';
import { ProfileSupporters } from '../components/ProfileSupporters.js';
import { SupportButton, SupportResult, useAcceptsSupport, useShowSupport } from '../components/Support.js';
import { useReaderTranslation } from '../i18n.js';
import { formatDate } from '../lib/format.js';
import { linkLabel, profileTab, profileTabs } from '../lib/profile.js';
import { formatPoints, useStandingTranslation } from '../lib/standing.js';
import '../reader.css';
import '../support.css';

type PublicProfile = Schemas['PublicProfile'];

function FollowButton({ profile, onChange }: { profile: PublicProfile; onChange: (p: PublicProfile) => void }) {
  const { t } = useReaderTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const following = profile.followedByMe;
  async function toggle() {
    setBusy(true);
    setError(undefined);
    try {
      const params = { path: { id: profile.uid } };
      const answer = following
        ? await api.delete('/api/users/{id}/follow', { params })
        : await api.post('/api/users/{id}/follow', { params });
      onChange({ ...profile, followedByMe: answer.following, followers: answer.followers });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('profile.followFailed'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="pc-profile__follow">
      <Button
        variant={following ? 'secondary' : 'primary'}
        busy={busy}
        aria-pressed={following}
        onClick={() => void toggle()}
      >
        {following ? t('profile.unfollow') : t('profile.follow')}
      </Button>
      {error && (
        <p className="pc-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function ProfileView({ handle }: { handle: string }) {
  const { t, i18n } = useReaderTranslation();
  const { t: ts } = useStandingTranslation();
  const tabName = (name: string) => (name === 'badges' ? ts('badges.tab') : t(`profile.tabs.${name}`));
  const { state: session } = useSession();
  const [params] = useSearchParams();
  const { state, reload, refresh, set, rendered } = usePageData(profileData(handle));
  const viewer = session.status === 'user' ? session.user.uid : session.status;
  // Whom the shown value was read for: the server renders for a visitor, even when the session is known by now.
  const shownFor = useRef(rendered ? 'visitor' : viewer);
  const profileUser = state.status === 'ready' ? state.value : undefined;
  const recipient = { uid: profileUser?.uid ?? '', username: handle, fullname: profileUser?.fullname ?? '' };
  const acceptsSupport = useAcceptsSupport(handle);
  const showSupport = useShowSupport(recipient, acceptsSupport);

  useEffect(() => {
    // "Followed by you" depends on the viewer: read again once a signed-in viewer is known or changes.
    if (viewer === 'loading' || viewer === shownFor.current) return;
    shownFor.current = viewer;
    if (viewer !== 'visitor') refresh();
  }, [viewer, refresh]);

  const profile = state.status === 'ready' ? state.value : undefined;
  useDocumentMeta(
    profile
      ? `${profile.fullname || profile.username} (@${profile.username}) — Pencraft`
      : state.status === 'notFound'
        ? `${t('profile.notFound')} — Pencraft`
        : undefined,
    profile ? profile.headline || profile.bio || t('profile.description', { name: profile.fullname }) : undefined,
  );

  if (state.status === 'loading') {
    return (
      <div className="pc-center">
        <Spinner label={t('common:loading')} size="large" />
      </div>
    );
  }
  if (state.status === 'notFound') {
    return (
      <EmptyState
        title={
          <span role="heading" aria-level={1}>
            {t('profile.notFound')}
          </span>
        }
        hint={t('profile.notFoundText', { username: handle })}
        action={
          <Link className="pc-button pc-button--secondary" to="/">
            {t('article.back')}
          </Link>
        }
      />
    );
  }
  if (state.status === 'error') {
    return <PartError title={t('profile.error')} message={state.message} onRetry={reload} />;
  }

  const p = state.value;
  const own = session.status === 'user' && session.user.uid === p.uid;
  const tab = profileTab(params.get('tab'), own);
  const avatar = safeImageUrl(p.imageUrl);
  const banner = safeImageUrl(p.bannerUrl);
  const joined = formatDate(p.joinedAt, {
    months: t('common:date.months'),
    long: (parts) => t('common:date.long', { ...parts }),
  });
  const count = (n: number) => n.toLocaleString(i18n.language === 'az' ? 'az-Latn-AZ' : i18n.language);

  return (
    <>
      <SupportResult />
      <header className="pc-profile">
        <div className={banner ? 'pc-profile__banner' : 'pc-profile__banner pc-profile__banner--empty'}>
          {banner && <img src={banner} alt="" />}
        </div>
        <div className="pc-profile__head">
          <span
            className="pc-profile__avatar"
            data-initials={avatar ? undefined : initials(p.fullname, p.username)}
            aria-hidden={!avatar}
          >
            {avatar && <img src={avatar} alt={t('profile.picture', { name: p.fullname || p.username })} />}
          </span>
          <div className="pc-profile__names">
            <h1>{p.fullname || p.username}</h1>
            <p className="pc-profile__username">@{p.username}</p>
          </div>
          {session.status === 'user' && !own && <FollowButton profile={p} onChange={set} />}
          {showSupport && (
            <SupportButton
              recipient={{ uid: p.uid, username: p.username, fullname: p.fullname }}
              label={t('support.button')}
              variant="secondary"
            />
          )}
          {own && (
            <Link className="pc-button pc-button--secondary" to="/settings/profile">
              {t('profile.edit')}
            </Link>
          )}
        </div>
        {p.headline && <p className="pc-profile__headline">{p.headline}</p>}
        {p.bio && <p className="pc-profile__bio">{p.bio}</p>}
        {p.links.length > 0 && (
          <ul className="pc-profile__links" aria-label={t('profile.links')}>
            {p.links.map((link) => (
              <li key={link.id}>
                <a href={link.url} rel="noopener nofollow ugc" target="_blank">
                  {linkLabel(link.provider, link.url)}
                </a>
              </li>
            ))}
          </ul>
        )}
        <dl className="pc-profile__counts">
          <div>
            <dt>{t('profile.articles')}</dt>
            <dd>{count(p.articles)}</dd>
          </div>
          <div>
            <dt>{t('profile.followers')}</dt>
            <dd>{count(p.followers)}</dd>
          </div>
          <div>
            <dt>{t('profile.following')}</dt>
            <dd>{count(p.following)}</dd>
          </div>
          <div>
            <dt>{ts('leaderboard.rating')}</dt>
            <dd data-tier={ratingTier(p.rating)}>
              <Link to="/leaderboard">
                {formatPoints(p.rating, i18n.language)} · {ts(`tiers.${ratingTier(p.rating)}`)}
              </Link>
            </dd>
          </div>
          {joined && (
            <div>
              <dt>{t('profile.joined')}</dt>
              <dd>{joined}</dd>
            </div>
          )}
        </dl>
      </header>
      <nav className="pc-tabs" aria-label={t('profile.sections')}>
        {profileTabs(own).map((name) => (
          <Link
            key={name}
            className="pc-tabs__tab"
            to={name === 'articles' ? `/@${p.username}` : `/@${p.username}?tab=${name}`}
            aria-current={tab === name ? 'page' : undefined}
            replace
          >
            {tabName(name)}
          </Link>
        ))}
      </nav>
      <section aria-label={tabName(tab)}>
        {tab === 'articles' && <ProfileArticles key={`a-${p.username}`} username={p.username} />}
        {tab === 'comments' && <ProfileComments key={`m-${p.username}-${String(own)}`} username={p.username} />}
        {(tab === 'followers' || tab === 'following') && (
          <ProfilePeople key={`${tab}-${p.uid}`} uid={p.uid} kind={tab} />
        )}
        {tab === 'bookmarks' && own && <ProfileBookmarks key={`b-${p.uid}`} />}
        {tab === 'collections' && <ProfileCollections key={`c-${p.uid}`} username={p.username} own={own} />}
        {tab === 'supporters' && <ProfileSupporters key={`s-${p.uid}`} username={p.username} />}
        {tab === 'badges' && <ProfileBadges key={`g-${p.uid}`} username={p.username} />}
      </section>
    </>
  );
}

export default function Profile() {
  // The shell mounts `/@:username` as one segment and passes it with its "@".
  const handle = (useParams().username ?? '').replace(/^@/, '');
  return (
    <div className="pc-reader pc-container pc-page">{handle ? <ProfileView key={handle} handle={handle} /> : null}</div>
  );
}
