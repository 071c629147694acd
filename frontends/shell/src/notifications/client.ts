// The notification routes of the gateway (tag Notifications), through the frontends' one API client (CSRF, language,
// catalogue errors). Answers are read defensively: a malformed item is left out rather than breaking the header.
import { api } from '@pencraft/ui';
import { parseNotification, type Notification } from './model.js';

function items(value: unknown): Notification[] {
  const list = typeof value === 'object' && value !== null ? (value as { items?: unknown }).items : undefined;
  return Array.isArray(list) ? list.map(parseNotification).filter((n): n is Notification => n !== undefined) : [];
}

function count(value: unknown): number {
  const unread = typeof value === 'object' && value !== null ? (value as { unread?: unknown }).unread : undefined;
  return typeof unread === 'number' && Number.isFinite(unread) && unread > 0 ? Math.floor(unread) : 0;
}

export interface Summary {
  unread: number;
  items: Notification[];
}

export interface NotificationPage {
  items: Notification[];
  page: number;
  hasMore: boolean;
  unread: number;
}

/** GET /api/notifications/my: the unread count and the newest few. */
export async function fetchSummary(signal?: AbortSignal): Promise<Summary> {
  const answer = await api.get('/api/notifications/my', signal ? { signal } : {});
  return { unread: count(answer), items: items(answer) };
}

/** GET /api/notifications?page&unread: one page of mine, newest first. */
export async function fetchPage(page: number, unread: boolean, signal?: AbortSignal): Promise<NotificationPage> {
  const answer = await api.get('/api/notifications', {
    params: { query: unread ? { page, unread: 'true' } : { page } },
    ...(signal ? { signal } : {}),
  });
  return { items: items(answer), page, hasMore: answer.hasMore === true, unread: count(answer) };
}

/** PUT /api/notifications/{id}/read: the unread count after it. */
export async function markRead(id: string): Promise<number> {
  return count(await api.put('/api/notifications/{id}/read', { params: { path: { id } } }));
}

/** PUT /api/notifications/read: marks all of mine read. */
export async function markAllRead(): Promise<number> {
  return count(await api.put('/api/notifications/read'));
}

/**
 * The stream's address: after the newest one this page knows of, so one stored between the summary and the stream's
 * start is sent first (0 when the page knows none: every one stored since).
 */
export function streamUrl(after: string | undefined): string {
  return `/api/notifications/stream?after=${encodeURIComponent(after ?? '0')}`;
}
