import { connect, type JetStreamClient, type JetStreamManager, type NatsConnection } from 'nats';
import type { Logger } from '../logging/logger.js';

export interface NatsHandle {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
}

/** Connects to NATS (retrying until bootTimeoutMs) and opens JetStream. */
export async function connectNats(options: {
  url: string;
  name: string;
  log: Logger;
  bootTimeoutMs?: number;
}): Promise<NatsHandle> {
  const servers = options.url.split(',').map((s) => s.trim());
  const deadline = Date.now() + (options.bootTimeoutMs ?? 60_000);
  for (let attempt = 1; ; attempt += 1) {
    try {
      const nc = await connect({
        servers,
        name: options.name,
        maxReconnectAttempts: -1,
        reconnectTimeWait: 1_000,
        timeout: 5_000,
      });
      void (async () => {
        for await (const s of nc.status()) {
          if (s.type === 'disconnect' || s.type === 'reconnect')
            options.log.warn({ nats: s.type, server: s.data }, 'nats connection changed');
        }
      })();
      const jsm = await nc.jetstreamManager({ timeout: 5_000 });
      return { nc, js: nc.jetstream(), jsm };
    } catch (error) {
      if (Date.now() > deadline) throw error;
      options.log.warn({ err: error, attempt }, 'waiting for NATS');
      await new Promise((r) => setTimeout(r, 1_000));
    }
  }
}
