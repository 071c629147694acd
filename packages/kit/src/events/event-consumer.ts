import {
  AckPolicy,
  DeliverPolicy,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from 'nats';
import type { Database, Transaction } from '../database/database.js';
import type { Logger } from '../logging/logger.js';
import type { Metrics } from '../metrics/metrics.js';
import { extractContext, SpanKind, withSpan } from '../tracing/tracing.js';
import type { eventTables } from './event-tables.js';
import { ensureStream, streamNameForSubject } from './streams.js';

export interface ReceivedEvent {
  id: string;
  subject: string;
  type: string;
  data: Uint8Array;
}

/** Runs inside the transaction that also records the event as processed: both commit or neither does. */
export type EventHandler = (event: ReceivedEvent, tx: Transaction) => Promise<void>;

export interface Subscription {
  /** The durable consumer's name, unique per service and purpose (e.g. "search-articles"). */
  durable: string;
  subjects: string[];
  handler: EventHandler;
}

/**
 * Durable JetStream consumers whose handlers run exactly once per event id: the id is recorded in the
 * service's processed_events in the handler's transaction, so a redelivery is acknowledged and skipped.
 */
export class EventConsumers {
  private readonly running: { messages: ConsumerMessages; done: Promise<void> }[] = [];
  private readonly lagTimers: NodeJS.Timeout[] = [];
  private stopped = false;

  constructor(
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly db: Database,
    private readonly tables: ReturnType<typeof eventTables>,
    private readonly log: Logger,
    private readonly metrics?: Metrics,
  ) {}

  async subscribe(subscription: Subscription) {
    const streams = new Set(subscription.subjects.map(streamNameForSubject));
    if (streams.size !== 1) throw new Error(`durable ${subscription.durable} must read one stream`);
    const stream = [...streams][0]!;
    await ensureStream(this.jsm, stream.toLowerCase());
    await this.ensureConsumer(stream, subscription);
    const consumer = await this.js.consumers.get(stream, subscription.durable);
    const messages = await consumer.consume({ max_messages: 64 });
    const done = (async () => {
      for await (const msg of messages) {
        await this.handle(subscription, msg);
        if (this.stopped) break;
      }
    })();
    this.running.push({ messages, done });
    this.watchLag(stream, subscription.durable);
  }

  /** Stops fetching, lets the message in hand finish, and returns. */
  async stop() {
    this.stopped = true;
    for (const timer of this.lagTimers) clearInterval(timer);
    await Promise.all(
      this.running.map(async ({ messages, done }) => {
        await messages.close().catch(() => undefined);
        await done.catch(() => undefined);
      }),
    );
  }

  private async ensureConsumer(stream: string, subscription: Subscription) {
    // One subject uses the single filter every JetStream server knows; several need nats-server 2.10+.
    const filter: { filter_subject?: string; filter_subjects?: string[] } =
      subscription.subjects.length === 1
        ? { filter_subject: subscription.subjects[0]! }
        : { filter_subjects: subscription.subjects };
    const config = {
      durable_name: subscription.durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ...filter,
      ack_wait: 30 * 1e9,
      max_ack_pending: 256,
    };
    try {
      const info = await this.jsm.consumers.info(stream, subscription.durable);
      const current = [
        ...(info.config.filter_subjects ?? []),
        ...(info.config.filter_subject ? [info.config.filter_subject] : []),
      ];
      if (current.sort().join() !== [...subscription.subjects].sort().join()) {
        await this.jsm.consumers.update(stream, subscription.durable, filter);
      }
    } catch {
      await this.jsm.consumers.add(stream, config);
    }
  }

  private async handle(subscription: Subscription, msg: JsMsg) {
    const headerRecord: Record<string, string> = {};
    for (const [key, values] of msg.headers ?? []) headerRecord[key.toLowerCase()] = values[0] ?? '';
    const id = headerRecord['nats-msg-id'] || `${msg.info.stream}:${msg.seq}`;
    const event: ReceivedEvent = {
      id,
      subject: msg.subject,
      type: headerRecord['pc-event-type'] ?? '',
      data: msg.data,
    };
    const labels = { service: this.metrics?.service ?? '', subject: msg.subject };
    try {
      const result = await withSpan(
        `consume ${msg.subject}`,
        {
          kind: SpanKind.CONSUMER,
          parent: extractContext(headerRecord),
          attributes: { 'messaging.system': 'nats', 'messaging.message.id': id },
        },
        () =>
          this.db.transaction(async (tx) => {
            const inserted = await tx
              .insert(this.tables.processedEvents)
              .values({ consumer: subscription.durable, eventId: id, subject: msg.subject })
              .onConflictDoNothing()
              .returning({ eventId: this.tables.processedEvents.eventId });
            if (inserted.length === 0) return 'duplicate' as const;
            await subscription.handler(event, tx);
            return 'ok' as const;
          }),
      );
      msg.ack();
      this.metrics?.eventsProcessed.inc({ ...labels, result });
    } catch (error) {
      this.metrics?.eventsProcessed.inc({ ...labels, result: 'error' });
      const attempt = msg.info.redeliveryCount;
      this.log.error(
        { err: error, subject: msg.subject, eventId: id, attempt },
        'event handler failed; will be redelivered',
      );
      msg.nak(Math.min(60_000, 500 * 2 ** Math.min(attempt, 7)));
    }
  }

  private watchLag(stream: string, durable: string) {
    if (!this.metrics) return;
    const metrics = this.metrics;
    const sample = async () => {
      try {
        const info = await this.jsm.consumers.info(stream, durable);
        metrics.consumerPending.set(
          { service: metrics.service, stream, consumer: durable },
          info.num_pending + info.num_ack_pending,
        );
      } catch {
        // the next sample will tell
      }
    };
    void sample();
    const timer = setInterval(() => void sample(), 10_000);
    timer.unref();
    this.lagTimers.push(timer);
  }
}
