import type pg from 'pg';
import { headers as natsHeaders, type JetStreamClient } from 'nats';
import type { Logger } from '../logging/logger.js';
import type { Metrics } from '../metrics/metrics.js';
import { assertIdentifier } from '../database/database.js';
import { outboxChannel } from './outbox.js';

interface OutboxRow {
  id: string;
  subject: string;
  payload: Buffer;
  headers: Record<string, string>;
}

/**
 * Publishes committed outbox rows to JetStream, oldest first, with the row id as Nats-Msg-Id so a retry
 * after a crash between publish and mark is dropped by the stream. Woken by NOTIFY, and polls as a fallback.
 */
export class OutboxRelay {
  private running = false;
  private loop?: Promise<void>;
  private wake?: () => void;
  private listener?: pg.PoolClient;

  constructor(
    private readonly pool: pg.Pool,
    private readonly js: JetStreamClient,
    private readonly schema: string,
    private readonly log: Logger,
    private readonly metrics?: Metrics,
    private readonly options: { batchSize?: number; pollMs?: number; retentionHours?: number } = {},
  ) {
    assertIdentifier(schema);
  }

  async start() {
    if (this.running) return;
    this.running = true;
    await this.listen();
    this.loop = this.run();
  }

  async stop() {
    this.running = false;
    this.wake?.();
    await this.loop;
    if (this.listener) {
      this.listener.removeAllListeners('notification');
      this.listener.release();
      this.listener = undefined;
    }
  }

  /** Relays one batch; returns how many events it published. */
  async relayBatch(): Promise<number> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      const { rows } = await client.query<OutboxRow>(
        `select id, subject, payload, headers from "${this.schema}".outbox
          where published_at is null order by created_at, id limit $1 for update skip locked`,
        [this.options.batchSize ?? 100],
      );
      for (const row of rows) {
        const h = natsHeaders();
        for (const [key, value] of Object.entries(row.headers)) h.set(key, value);
        await this.js.publish(row.subject, row.payload, { msgID: row.id, headers: h });
      }
      if (rows.length) {
        await client.query(`update "${this.schema}".outbox set published_at = now() where id = any($1::uuid[])`, [
          rows.map((r) => r.id),
        ]);
      }
      await client.query('commit');
      return rows.length;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  private async run() {
    let failures = 0;
    let lastCleanup = 0;
    let lastSample = 0;
    while (this.running) {
      try {
        const published = await this.relayBatch();
        failures = 0;
        if (Date.now() - lastCleanup > 3_600_000) {
          lastCleanup = Date.now();
          await this.cleanup();
        }
        // Counting the backlog is a query of its own: at most every few seconds, not after every batch.
        if (Date.now() - lastSample > 5_000) {
          lastSample = Date.now();
          await this.sampleBacklog();
        }
        if (published > 0) continue;
        await this.sleep(this.options.pollMs ?? 1_000);
      } catch (error) {
        failures += 1;
        this.log.warn({ err: error, failures }, 'outbox relay failed; retrying');
        await this.sleep(Math.min(30_000, 200 * 2 ** Math.min(failures, 8)));
      }
    }
  }

  private async listen() {
    try {
      this.listener = await this.pool.connect();
      this.listener.on('notification', () => this.wake?.());
      await this.listener.query(`listen "${outboxChannel(this.schema)}"`);
    } catch (error) {
      this.log.warn({ err: error }, 'outbox relay could not LISTEN; polling only');
    }
  }

  private sleep(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  private async sampleBacklog() {
    if (!this.metrics) return;
    const { rows } = await this.pool.query<{ n: string }>(
      `select count(*) as n from "${this.schema}".outbox where published_at is null`,
    );
    this.metrics.outboxPending.set({ service: this.metrics.service }, Number(rows[0]?.n ?? 0));
  }

  /** Published rows are kept for a while for inspection, then removed. */
  private async cleanup() {
    const hours = this.options.retentionHours ?? 72;
    await this.pool.query(
      `delete from "${this.schema}".outbox where published_at is not null and published_at < now() - make_interval(hours => $1)`,
      [hours],
    );
  }
}
