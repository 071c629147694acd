import { z } from 'zod';
import { defineRoute } from '../http/route.js';
import {
  NotificationPage,
  NotificationPageQuery,
  NotificationParams,
  NotificationSummary,
  StreamQuery,
  UnreadCount,
} from './notifications.dto.js';

const TAG = 'notifications';

export const listNotificationsRoute = defineRoute({
  operationId: 'listNotifications',
  method: 'GET',
  path: '/api/notifications',
  tag: TAG,
  summary: 'My notifications, newest first, 20 a page (unread=true: unread ones only)',
  query: NotificationPageQuery,
  response: NotificationPage,
  auth: 'required',
  errors: ['InvalidPage'],
  fieldCodes: { page: 'InvalidPage' },
});

export const myNotificationsRoute = defineRoute({
  operationId: 'getNotificationSummary',
  method: 'GET',
  path: '/api/notifications/my',
  tag: TAG,
  summary: 'The unread count and the newest five notifications (the header bell)',
  response: NotificationSummary,
  auth: 'required',
});

export const markAllReadRoute = defineRoute({
  operationId: 'markAllNotificationsRead',
  method: 'PUT',
  path: '/api/notifications/read',
  tag: TAG,
  summary: 'Mark all my notifications read',
  response: UnreadCount,
  auth: 'required',
});

export const markReadRoute = defineRoute({
  operationId: 'markNotificationRead',
  method: 'PUT',
  path: '/api/notifications/:id/read',
  tag: TAG,
  summary: "Mark one of my notifications read (another user's id is not found)",
  params: NotificationParams,
  response: UnreadCount,
  auth: 'required',
  errors: ['NotificationNotFound'],
  fieldCodes: { id: 'NotificationNotFound' },
});

export const notificationStreamRoute = defineRoute({
  operationId: 'streamNotifications',
  method: 'GET',
  path: '/api/notifications/stream',
  tag: TAG,
  summary:
    'Server-Sent Events: each new notification as `event: notification` with `id:` its id and the Notification JSON ' +
    'as data; with Last-Event-ID (or ?after=) the stored ones above it first. A comment line every 25 s keeps the ' +
    'connection open once the session is checked again: the stream ends when the session was signed out or ended ' +
    '(a password reset ends them all) or the user banned, and after 15 minutes in any case (the browser reconnects ' +
    'with Last-Event-ID); at most 5 streams per user (TooManyRequests)',
  query: StreamQuery,
  response: z.string(),
  responseType: 'text/event-stream',
  auth: 'required',
  errors: ['TooManyRequests'],
});
