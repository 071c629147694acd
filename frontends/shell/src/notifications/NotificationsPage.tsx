import { ApiError, Spinner, useDocumentMeta, useFeedback, useSession } from '@pencraft/ui';
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { fetchPage, type NotificationPage } from './client.js';
import type { Notification } from './model.js';
import { useNotifications } from './NotificationsProvider.js';
import { NotificationItem, useNotificationsTranslation } from './parts.js';

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; page: NotificationPage };

function pageNumber(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

function query(page: number, unread: boolean): string {
  const params = new URLSearchParams();
  if (unread) params.set('unread', '1');
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * /notifications: all of the signed-in user's notifications, newest first, 20 a page, optionally only the unread;
 * mark one or all as read. The first page takes in live arrivals as they come.
 */
export function NotificationsPage() {
  const { t } = useNotificationsTranslation();
  const { state: session } = useSession();
  const notifications = useNotifications();
  const feedback = useFeedback();
  const location = useLocation();
  const [params] = useSearchParams();
  const page = pageNumber(params.get('page'));
  const unreadOnly = params.get('unread') === '1' || params.get('unread') === 'true';
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useDocumentMeta(`${t('page.title')} — Pencraft`);

  const signedIn = session.status === 'user';
  // Page 1 follows what arrives live; other pages stay put while being read.
  const arrivals = page === 1 ? notifications.arrivals : 0;
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    fetchPage(page, unreadOnly, controller.signal).then(
      (answer) => {
        if (!controller.signal.aborted) setLoad({ status: 'ready', page: answer });
      },
      (error: unknown) => {
        if (!controller.signal.aborted && !(error instanceof ApiError && error.code === 'Aborted'))
          setLoad({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [signedIn, page, unreadOnly, arrivals, attempt]);

  if (session.status === 'loading') return <Spinner size="large" label={t('common:loading')} />;
  if (session.status !== 'user') {
    return (
      <section className="pc-container pc-page pc-notifications">
        <h1>{t('page.title')}</h1>
        <p>{t('page.signIn')}</p>
        <Link className="pc-button pc-button--primary" to={`/login?next=${encodeURIComponent(location.pathname)}`}>
          {t('page.signInAction')}
        </Link>
      </section>
    );
  }

  const markOne = async (notification: Notification) => {
    try {
      await notifications.markRead(notification.id);
      setLoad((current) =>
        current.status === 'ready'
          ? {
              ...current,
              page: {
                ...current.page,
                items: current.page.items.map((item) => (item.id === notification.id ? { ...item, read: true } : item)),
              },
            }
          : current,
      );
    } catch (error) {
      feedback.failure(error instanceof ApiError ? error.message : undefined);
    }
  };

  const items = load.status === 'ready' ? load.page.items : [];
  return (
    <section className="pc-container pc-page pc-notifications" aria-labelledby="pc-notifications-title">
      <div className="pc-notifications__head">
        <h1 id="pc-notifications-title">{t('page.title')}</h1>
        {notifications.unread > 0 && (
          <button
            type="button"
            className="pc-button pc-button--secondary"
            onClick={async () => {
              try {
                await notifications.markAllRead();
                setAttempt((n) => n + 1);
              } catch (error) {
                feedback.failure(error instanceof ApiError ? error.message : undefined);
              }
            }}
          >
            {t('page.markAll')}
          </button>
        )}
      </div>
      <nav className="pc-notifications__filter" aria-label={t('page.filter')}>
        <Link to="/notifications" aria-current={unreadOnly ? undefined : 'page'}>
          {t('page.all')}
        </Link>
        <Link to="/notifications?unread=1" aria-current={unreadOnly ? 'page' : undefined}>
          {t('page.unread')}
        </Link>
      </nav>
      {load.status === 'loading' && <Spinner size="large" label={t('common:loading')} />}
      {load.status === 'failed' && (
        <div className="pc-notifications__failed" role="alert">
          <p>{t('page.failed')}</p>
          <button type="button" className="pc-button pc-button--secondary" onClick={() => setAttempt((n) => n + 1)}>
            {t('page.retry')}
          </button>
        </div>
      )}
      {load.status === 'ready' && items.length === 0 && (
        <p className="pc-notifications__empty">{t(unreadOnly ? 'page.emptyUnread' : 'page.empty')}</p>
      )}
      {items.length > 0 && (
        <ol className="pc-notifications__list">
          {items.map((notification) => (
            <li
              key={notification.id}
              className={`pc-notification${notification.read ? '' : ' pc-notification--unread'}`}
              data-notification={notification.id}
            >
              <NotificationItem
                notification={notification}
                headingLevel="h2"
                onOpen={(item) => {
                  if (!item.read) void notifications.markRead(item.id).catch(() => undefined);
                }}
              />
              {!notification.read && (
                <button
                  type="button"
                  className="pc-button pc-button--ghost pc-notification__mark"
                  onClick={() => void markOne(notification)}
                >
                  {t('page.markRead')}
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      {load.status === 'ready' && (page > 1 || load.page.hasMore) && (
        <nav className="pc-notifications__pages" aria-label={t('page.pages')}>
          {page > 1 && (
            <Link rel="prev" to={`/notifications${query(page - 1, unreadOnly)}`}>
              {t('page.newer')}
            </Link>
          )}
          {load.page.hasMore && (
            <Link rel="next" to={`/notifications${query(page + 1, unreadOnly)}`}>
              {t('page.older')}
            </Link>
          )}
        </nav>
      )}
    </section>
  );
}
