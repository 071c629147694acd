import './notifications.css';
import { useFeedback } from '@pencraft/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useNotifications } from './NotificationsProvider.js';
import { NotificationItem, useNotificationsTranslation } from './parts.js';
import type { Notification } from './model.js';

const BellIcon = () => (
  <svg
    viewBox="0 0 24 24"
    width={20}
    height={20}
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
    <path d="M13.7 21a2 2 0 0 1-3.4 0" />
  </svg>
);

/**
 * The header's bell (signed in only): the unread count, kept live, and a panel with the newest few, "mark all as
 * read" and the way to the notifications page. Escape or a click elsewhere closes the panel; focus returns to the bell.
 */
export function Bell() {
  const notifications = useNotifications();
  const { t } = useNotificationsTranslation();
  const feedback = useFeedback();
  const location = useLocation();
  // Open on the page where it was opened: another page closes it.
  const [openOn, setOpenOn] = useState<string>();
  const open = openOn === location.pathname;
  const setOpen = (value: boolean | ((current: boolean) => boolean)) =>
    setOpenOn((current) => {
      const next = typeof value === 'function' ? value(current === location.pathname) : value;
      return next ? location.pathname : undefined;
    });
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpenOn(undefined);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(undefined);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const { unread, recent } = notifications;
  const label = unread > 0 ? t('bell.labelUnread', { count: unread }) : t('bell.label');
  const openItem = (notification: Notification) => {
    setOpen(false);
    if (!notification.read) void notifications.markRead(notification.id).catch(() => undefined);
  };

  return (
    <div className="pc-bell" ref={root}>
      <button
        ref={button}
        type="button"
        className="pc-icon-button pc-bell__button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        data-unread={unread}
        onClick={() => {
          setOpen((current) => !current);
          // Opening is a good moment to catch up (another tab may have read some).
          if (!open) notifications.refresh();
        }}
      >
        <BellIcon />
        {unread > 0 && (
          <span className="pc-bell__count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      <div id={panelId} className="pc-bell__panel" hidden={!open}>
        <div className="pc-bell__head">
          <p className="pc-bell__title">{t('bell.panel')}</p>
          {unread > 0 && (
            <button
              type="button"
              className="pc-button pc-button--ghost pc-bell__mark-all"
              onClick={async () => {
                try {
                  await notifications.markAllRead();
                } catch {
                  feedback.failure();
                }
              }}
            >
              {t('bell.markAll')}
            </button>
          )}
        </div>
        {recent.length === 0 ? (
          <p className="pc-bell__empty">{t('bell.empty')}</p>
        ) : (
          <ul className="pc-bell__list">
            {recent.map((notification) => (
              <li
                key={notification.id}
                className={`pc-notification${notification.read ? '' : ' pc-notification--unread'}`}
                data-notification={notification.id}
              >
                <NotificationItem notification={notification} onOpen={openItem} />
              </li>
            ))}
          </ul>
        )}
        <Link className="pc-bell__all" to="/notifications" onClick={() => setOpen(false)}>
          {t('bell.all')}
        </Link>
      </div>
    </div>
  );
}
