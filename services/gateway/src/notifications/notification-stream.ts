import { Metadata, status, type ClientReadableStream, type ServiceError } from '@grpc/grpc-js';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type {
  Notification as NotificationPb,
  NotificationsServiceClient,
  SubscribeResponse,
} from '@pencraft/contracts/notifications/v1/notifications';
import { AppError } from '@pencraft/errors';
import { LOGGER, type Logger } from '@pencraft/kit';
import { PassThrough, type Readable } from 'node:stream';
import { toNotification } from './notifications.dto.js';
import { NOTIFICATIONS_STREAM } from './notifications.upstream.js';

/** Open streams one user may hold on one gateway replica (tabs, devices). */
export const STREAMS_PER_USER = 5;
/** What a browser waits before reconnecting when the stream ends. */
export const RETRY_MS = 5_000;

/** One SSE event: the id is what the browser sends back as Last-Event-ID. */
export function sseEvent(notification: NotificationPb): string {
  return `id: ${notification.id}\nevent: notification\ndata: ${JSON.stringify(toNotification(notification))}\n\n`;
}

/** Whether the session that opened a stream still stands (not signed out, not ended, its user not banned). */
export type SessionCheck = () => Promise<boolean>;

/** The stream's times (from NOTIFICATION_STREAM_HEARTBEAT_MS and NOTIFICATION_STREAM_MAX_LIFE_MS). */
export interface StreamTimes {
  heartbeatMs: number;
  maxLifeMs: number;
}
export const STREAM_TIMES = Symbol('notification stream times');

/**
 * A user's live notifications as a Server-Sent Events body, fed by NotificationsService.Subscribe. The gateway keeps
 * the page's connection when the upstream stream breaks (a restart, another replica): it subscribes again after the
 * last id it sent, so the page misses nothing and never sees one twice. Every heartbeat checks the session again and
 * ends the stream when it no longer stands; a stream also ends after its longest life, and the browser reconnects
 * with Last-Event-ID (through the session check of any request).
 */
@Injectable()
export class NotificationStreams implements OnApplicationShutdown {
  private readonly open = new Map<string, Set<() => void>>();

  constructor(
    @Inject(NOTIFICATIONS_STREAM) private readonly client: NotificationsServiceClient,
    @Inject(LOGGER) private readonly log: Logger,
    @Inject(STREAM_TIMES) private readonly times: StreamTimes,
  ) {}

  /** Ends every stream (the browsers reconnect to another replica). */
  onApplicationShutdown() {
    for (const set of this.open.values()) for (const end of [...set]) end();
  }

  count(uid: string) {
    return this.open.get(uid)?.size ?? 0;
  }

  /**
   * The body to send and what to call when the client goes; the stored notifications above `afterId` come first
   * (the caller passes the newest id the user has when the page gave none). Refuses a sixth stream of one user.
   * `session` is asked at every heartbeat; a refusal or a failure to answer ends the stream.
   */
  start(uid: string, afterId: number, session: SessionCheck): { body: Readable; close: () => void } {
    if (this.count(uid) >= STREAMS_PER_USER) throw new AppError('TooManyRequests');
    const body = new PassThrough();
    let last = afterId;
    let closed = false;
    let call: ClientReadableStream<SubscribeResponse> | undefined;
    let retry: NodeJS.Timeout | undefined;
    const set = this.open.get(uid) ?? new Set<() => void>();
    this.open.set(uid, set);
    let backoff = 250;

    const subscribe = () => {
      if (closed) return;
      call = this.client.subscribe({ uid, afterId: last }, new Metadata());
      call.on('data', ({ notification }: SubscribeResponse) => {
        if (!notification) return;
        backoff = 250;
        last = Math.max(last, notification.id);
        body.write(sseEvent(notification));
      });
      call.on('error', (error: ServiceError) => {
        if (closed || error.code === status.CANCELLED) return;
        this.log.warn({ code: error.code }, 'notification stream upstream broke; subscribing again');
        again();
      });
      call.on('end', () => again());
    };
    const again = () => {
      if (closed || retry) return;
      call?.removeAllListeners();
      // A late error of the old call must find a listener (an unheard 'error' would end the process).
      call?.on('error', () => undefined);
      call = undefined;
      retry = setTimeout(() => {
        retry = undefined;
        subscribe();
      }, backoff);
      backoff = Math.min(backoff * 2, 5_000);
    };
    let checking = false;
    const beat = async () => {
      if (checking || closed) return;
      checking = true;
      const stands = await session().catch((error: unknown) => {
        this.log.warn({ err: error }, 'notification stream could not check its session; ending it');
        return false;
      });
      checking = false;
      if (!stands) close();
      else if (!closed) body.write(': hb\n\n');
    };
    const heartbeat = setInterval(() => void beat(), this.times.heartbeatMs);
    heartbeat.unref();
    const lifeEnd = setTimeout(() => close(), this.times.maxLifeMs);
    lifeEnd.unref();
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(lifeEnd);
      clearTimeout(retry);
      call?.removeAllListeners();
      call?.on('error', () => undefined);
      call?.cancel();
      set.delete(close);
      if (set.size === 0) this.open.delete(uid);
      body.end();
    };

    set.add(close);
    body.write(`retry: ${RETRY_MS}\n\n`);
    subscribe();
    return { body, close };
  }
}
