import { formatManat } from '@pencraft/rules';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { longDate } from '../lib/format.js';
import { linkOf, noteOf, sentenceOf, type Notification } from './model.js';

export function useNotificationsTranslation() {
  return useTranslation('notifications');
}

/** A YYYY-MM-DD day (a payout's expected date, Asia/Baku) in the long format, read without a time zone. */
function dayText(day: string | undefined, t: TFunction<'notifications'>): string | undefined {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  if (!match) return undefined;
  const months = String(t('common:date.months')).split(',');
  const month = months[Number(match[2]) - 1]?.trim() ?? match[2];
  return String(t('common:date.long', { day: Number(match[3]), month, year: Number(match[1]) }));
}

/** The sentence of a notification in the interface language (plain text); money as ₼ in the language's format. */
export function sentence(notification: Notification, t: TFunction<'notifications'>, language = 'az'): string {
  const named = sentenceOf(notification);
  // A badge whose name this page does not know (a newer badge than these strings) keeps the plain sentence.
  const badgeName =
    named.key === 'types.105_named' ? String(t(`badges.${named.values.badge}`, { defaultValue: '' })) : '';
  const { key, values } = named.key === 'types.105_named' && !badgeName ? { ...named, key: 'types.105' } : named;
  const money = values.amountQepik ? { amount: formatManat(Number(values.amountQepik), language) } : {};
  const date = dayText(values.expectedDate, t);
  return String(
    t(key, { ...values, ...money, badgeName, ...(date ? { date } : {}), actor: values.actor || t('someone') }),
  );
}

/**
 * One notification: its sentence as a link to the subject (marking it read on the way), the comment's excerpt or
 * the moderator's note below, and when it came. Everything users wrote is rendered as text.
 */
export function NotificationItem({
  notification,
  onOpen,
  headingLevel,
}: {
  notification: Notification;
  onOpen: (notification: Notification) => void;
  headingLevel?: 'h2' | 'h3';
}) {
  const { t, i18n } = useNotificationsTranslation();
  const text = sentence(notification, t, i18n.language);
  const link = linkOf(notification);
  const note = noteOf(notification);
  const excerpt = [1, 50, 51, 52].includes(notification.type) ? notification.subject?.excerpt : undefined;
  const Heading = headingLevel ?? 'p';
  return (
    <div className="pc-notification__body" data-type={notification.type}>
      <Heading className="pc-notification__text">
        {link ? (
          <Link to={link} onClick={() => onOpen(notification)}>
            {text}
          </Link>
        ) : (
          text
        )}
      </Heading>
      {excerpt && <p className="pc-notification__excerpt">{excerpt}</p>}
      {note && <p className="pc-notification__note">{t('note', { note })}</p>}
      <p className="pc-notification__meta">
        {!notification.read && <span className="pc-notification__unread">{t('page.unreadBadge')}</span>}
        <time dateTime={notification.createdAt}>{longDate(notification.createdAt, t)}</time>
      </p>
    </div>
  );
}
