import { useEffect } from 'react';
import { Link } from 'react-router';
import { linkOf, type Notification } from './model.js';
import { useNotifications } from './NotificationsProvider.js';
import { sentence, useNotificationsTranslation } from './parts.js';

const SHOWN_MS = 10_000;

function Toast({ notification }: { notification: Notification }) {
  const { t, i18n } = useNotificationsTranslation();
  const { dismiss, markRead } = useNotifications();
  const link = linkOf(notification);

  useEffect(() => {
    const timer = setTimeout(() => dismiss(notification.id), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [dismiss, notification.id]);

  return (
    <div className="pc-toast" data-notification={notification.id} data-type={notification.type}>
      <p className="pc-toast__text">{t('live.arrived', { sentence: sentence(notification, t, i18n.language) })}</p>
      <div className="pc-toast__actions">
        {link && (
          <Link
            className="pc-button pc-button--primary"
            to={link}
            onClick={() => {
              dismiss(notification.id);
              if (!notification.read) void markRead(notification.id).catch(() => undefined);
            }}
          >
            {t('live.open')}
          </Link>
        )}
        <button type="button" className="pc-button pc-button--ghost" onClick={() => dismiss(notification.id)}>
          {t('live.dismiss')}
        </button>
      </div>
    </div>
  );
}

/**
 * What arrives live while the page is open: a short toast per notification, in a polite live region so screen
 * readers announce it without taking the focus. It goes by itself after a while (the bell keeps it).
 */
export function LiveToasts() {
  const { arrived } = useNotifications();
  return (
    <div className="pc-toasts" role="status" aria-live="polite" aria-atomic="false">
      {arrived.map((notification) => (
        <Toast key={notification.id} notification={notification} />
      ))}
    </div>
  );
}
