import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { longDate } from '../lib/format.js';
import { linkOf, noteOf, sentenceOf, type Notification } from './model.js';

export function useNotificationsTranslation() {
  return useTranslation('notifications');
}

/** The sentence of a notification in the interface language (plain text). */
export function sentence(notification: Notification, t: TFunction<'notifications'>): string {
  const { key, values } = sentenceOf(notification);
  return String(t(key, { ...values, actor: values.actor || t('someone') }));
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
  const { t } = useNotificationsTranslation();
  const text = sentence(notification, t);
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
