// The notification routes of the gateway (tag Notifications), through the frontends' one API client (CSRF, language,
// catalogue errors). Answers are read defensively: a malformed item is left out rather than breaking the header.
import { api } from '@pencraft/ui';
import { parseNotification, type Notification } from './model.js';

type LooseCall = (path: string, init?: Record<string, unknown>) => Promise<unknown>;
const get = api.get as unknown as LooseCall;
const put = api.put as unknown as LooseCall;

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
  const answer = await get('/api/notifications/my', signal ? { signal } : {});
  return { unread: count(answer), items: items(answer) };
}

/** GET /api/notifications?page&unread: one page of mine, newest first. */
export async function fetchPage(page: number, unread: boolean, signal?: AbortSignal): Promise<NotificationPage> {
  const query: Record<string, string | number> = { page };
  if (unread) query.unread = 'true';
  const answer = await get('/api/notifications', { params: { query }, ...(signal ? { signal } : {}) });
  const more = typeof answer === 'object' && answer !== null ? (answer as { hasMore?: unknown }).hasMore : false;
  return { items: items(answer), page, hasMore: more === true, unread: count(answer) };
}

/** PUT /api/notifications/{id}/read: the unread count after it. */
export async function markRead(id: string): Promise<number> {
  return count(await put('/api/notifications/{id}/read', { params: { path: { id } } }));
}

/** PUT /api/notifications/read: marks all of mine read. */
export async function markAllRead(): Promise<number> {
  return count(await put('/api/notifications/read'));
}

/**
 * The stream's address: after the newest one this page knows of, so one stored between the summary and the stream's
 * start is sent first (0 when the page knows none: every one stored since).
 */
export function streamUrl(after: string | undefined): string {
  return `/api/notifications/stream?after=${encodeURIComponent(after ?? '0')}`;
}
