import { z } from 'zod';

/** The gateway's variables of the live notification stream (SSE). */
export const notificationStreamConfigShape = {
  /**
   * Milliseconds between a stream's heartbeats. Each heartbeat checks the stream's session again (through the same
   * cache as every request): once it is signed out, ended elsewhere, ended by a password reset, or its user banned,
   * the stream closes.
   */
  NOTIFICATION_STREAM_HEARTBEAT_MS: z.coerce.number().int().min(100).max(60_000).default(25_000),
  /** A stream's longest life in milliseconds: then it ends cleanly and the browser reconnects with Last-Event-ID. */
  NOTIFICATION_STREAM_MAX_LIFE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(900_000),
};

export type NotificationStreamConfig = z.output<z.ZodObject<typeof notificationStreamConfigShape>>;
