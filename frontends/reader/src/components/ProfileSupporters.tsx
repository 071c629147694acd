// The profile's supporters tab: the people who supported the user and chose to be shown (no amounts).
import { REPORT_MAX_PAGE } from '@pencraft/rules';
import { api, safeImageUrl, type Schemas } from '@pencraft/ui';
import { Link } from 'react-router';
import { useReaderTranslation } from '../i18n.js';
import { formatDate } from '../lib/format.js';
import { usePaged } from '../lib/usePaged.js';
import { PagedList } from './PagedList.js';

type PublicSupporter = Schemas['PublicSupporter'];

function SupporterItem({ supporter }: { supporter: PublicSupporter }) {
  const { t } = useReaderTranslation();
  const avatar = safeImageUrl(supporter.imageUrl);
  const name = supporter.fullname || (supporter.username ? `@${supporter.username}` : t('support.supporters.gone'));
  const last = formatDate(supporter.lastSupportedAt, {
    months: t('common:date.months'),
    long: (parts) => t('common:date.long', { ...parts }),
  });
  return (
    <li className="pc-person" data-supporter={supporter.username ?? ''}>
      <span className="pc-person__avatar" aria-hidden="true">
        {avatar ? <img src={avatar} alt="" /> : ([...name.replace(/^@/, '')][0] ?? '?').toUpperCase()}
      </span>
      <span className="pc-person__text">
        {supporter.username ? (
          <Link to={`/@${supporter.username}`} className="pc-person__name">
            {name}
          </Link>
        ) : (
          <span className="pc-person__name">{name}</span>
        )}
        {supporter.username && <span className="pc-person__username">@{supporter.username}</span>}
        <span className="pc-person__headline">
          {t('support.supporters.times', { count: supporter.supports, date: last })}
        </span>
      </span>
    </li>
  );
}

/**
 * The profile's supporters tab: the people who supported the user and chose to be shown, the most recent first
 * (no amounts).
 */
export function ProfileSupporters({ username }: { username: string }) {
  const { t } = useReaderTranslation();
  const list = usePaged(
    (page, signal) =>
      api.get('/api/profile/{username}/supporters', { params: { path: { username }, query: { page } }, signal }),
    REPORT_MAX_PAGE,
  );
  return (
    <PagedList list={list} empty={t('support.supporters.none')} error={t('profile.listError')}>
      {(items) => (
        <ul className="pc-people" data-supporters>
          {items.map((supporter) => (
            <SupporterItem key={supporter.uid} supporter={supporter} />
          ))}
        </ul>
      )}
    </PagedList>
  );
}
