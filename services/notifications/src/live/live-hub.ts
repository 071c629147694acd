import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { CONFIG, DATABASE, LOGGER, type DatabaseHandle, type Logger } from '@pencraft/kit';
import type pg from 'pg';
import { LIVE_CHANNEL, NotificationRepository } from '../notifications/notification.repository.js';
import type { NotificationsConfig } from '../config.js';

export interface Listener {
  /** Called when the user may have a notification the stream has not sent. */
  wake(): void;
  end(): void;
  /** The newest id the stream has sent (or started after). */
  last(): number;
}

/** Users whose newest ids one safety-net query asks for. */
const POLL_CHUNK = 1_000;

/**
 * Wakes the open streams of a user when a notification of theirs commits. The inserting transaction sends
 * NOTIFY notifications_live '<uid>:<id>'; PostgreSQL delivers it after the commit, to every replica's LISTEN
 * connection, so a stream on any replica learns of it and reads it from the table. A lost connection is
 * re-established and every stream looks again. As a safety net, every LIVE_POLL_MS one query asks for the newest id
 * of every user with an open stream here and wakes the streams behind it (not a query per stream: a thousand open
 * streams were 67 queries a second).
 */
@Injectable()
export class LiveHub implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly listeners = new Map<string, Set<Listener>>();
  private client?: pg.PoolClient;
  private stopped = false;
  private retry?: NodeJS.Timeout;
  private poller?: NodeJS.Timeout;
  private polling = false;

  constructor(
    @Inject(DATABASE) private readonly database: DatabaseHandle,
    @Inject(LOGGER) private readonly log: Logger,
    @Inject(CONFIG) private readonly config: NotificationsConfig,
    private readonly notifications: NotificationRepository,
  ) {}

  async onApplicationBootstrap() {
    await this.listen();
    this.poller = setInterval(() => void this.poll(), this.config.LIVE_POLL_MS);
    this.poller.unref();
  }

  /** Wakes every stream whose user has a newer notification than it has sent (the safety net; also for the tests). */
  async poll() {
    if (this.polling || this.listeners.size === 0) return;
    this.polling = true;
    try {
      const uids = [...this.listeners.keys()];
      for (let i = 0; i < uids.length; i += POLL_CHUNK) {
        const newest = await this.notifications.newestIds(uids.slice(i, i + POLL_CHUNK));
        for (const [uid, id] of newest) {
          for (const listener of this.listeners.get(uid) ?? []) if (id > listener.last()) listener.wake();
        }
      }
    } catch (error) {
      this.log.warn({ err: error }, 'could not look for missed live notifications; looking again later');
    } finally {
      this.polling = false;
    }
  }

  /** Streams end first (gRPC's graceful shutdown waits for open calls), then the connection goes back. */
  beforeApplicationShutdown() {
    this.stopped = true;
    clearTimeout(this.retry);
    clearInterval(this.poller);
    for (const set of this.listeners.values()) for (const listener of set) listener.end();
    this.listeners.clear();
    if (this.client) {
      this.client.removeAllListeners();
      this.client.release();
      this.client = undefined;
    }
  }

  add(uid: string, listener: Listener): () => void {
    let set = this.listeners.get(uid);
    if (!set) this.listeners.set(uid, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(uid) === set) this.listeners.delete(uid);
    };
  }

  /** Open streams on this replica (for the metrics and the tests). */
  get size() {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  private async listen() {
    if (this.stopped) return;
    try {
      const client = await this.database.pool.connect();
      client.on('notification', (message) => {
        const uid = message.payload?.split(':')[0];
        if (uid) for (const listener of this.listeners.get(uid) ?? []) listener.wake();
      });
      client.on('error', (error) => {
        this.log.warn({ err: error }, 'live notifications connection lost; reconnecting');
        client.removeAllListeners();
        client.release(error);
        if (this.client === client) this.client = undefined;
        this.scheduleListen();
      });
      await client.query(`listen ${LIVE_CHANNEL}`);
      this.client = client;
      // Whatever committed while no connection listened is found by looking again.
      for (const set of this.listeners.values()) for (const listener of set) listener.wake();
    } catch (error) {
      this.log.warn({ err: error }, 'could not listen for live notifications; retrying');
      this.scheduleListen();
    }
  }

  private scheduleListen() {
    if (this.stopped) return;
    this.retry = setTimeout(() => void this.listen(), 1_000);
    this.retry.unref();
  }
}
