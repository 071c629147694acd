import { connect, type JetStreamClient, type JetStreamManager, type NatsConnection } from 'nats';
import type { Logger } from '../logging/logger.js';
import { natsTlsFromEnv } from './nats-tls.js';

export { natsTlsFromEnv, NATS_TLS_VARIABLES, type NatsTls } from './nats-tls.js';

export interface NatsHandle {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
}

/**
 * A service's own inbox prefix: its NATS user may subscribe to `_INBOX_<user>.>` only (issue #19), so no other service
 * reads the JetStream answers and pull deliveries meant for it.
 */
export function inboxPrefixFor(user: string | undefined): string | undefined {
  return user ? `_INBOX_${user}` : undefined;
}

/**
 * Connects to NATS (retrying until bootTimeoutMs) and opens JetStream; as `user` (NATS_USER, NATS_PASSWORD) when given,
 * whose permissions allow its own subjects, its durable consumers and its inbox only. Over TLS as `env` configures it
 * (NATS_TLS_*, tls:// URLs: natsTlsFromEnv), which refuses at once, before any attempt, a plaintext connection in
 * production without NATS_INSECURE=true.
 */
export async function connectNats(options: {
  url: string;
  name: string;
  log: Logger;
  bootTimeoutMs?: number;
  user?: string;
  password?: string;
  env?: NodeJS.ProcessEnv;
}): Promise<NatsHandle> {
  const servers = options.url.split(',').map((s) => s.trim());
  const tls = natsTlsFromEnv(options.url, options.env);
  const deadline = Date.now() + (options.bootTimeoutMs ?? 60_000);
  for (let attempt = 1; ; attempt += 1) {
    try {
      const nc = await connect({
        servers,
        name: options.name,
        maxReconnectAttempts: -1,
        reconnectTimeWait: 1_000,
        timeout: 5_000,
        // Required when configured: a server without TLS, or whose certificate does not chain to the CA, is refused.
        ...(tls ? { tls } : {}),
        ...(options.user ? { user: options.user, pass: options.password ?? '' } : {}),
        ...(options.user ? { inboxPrefix: inboxPrefixFor(options.user) } : {}),
      });
      // A refused publish or subscription (a permissions violation) is not fatal to the connection: it is logged.
      void (async () => {
        for await (const s of nc.status()) {
          if (s.type === 'disconnect' || s.type === 'reconnect')
            options.log.warn({ nats: s.type, server: s.data }, 'nats connection changed');
          else if (s.type === 'error') {
            // A permissions violation names the refused operation and subject (issue #19: one user per service).
            const refused = (s as { permissionContext?: { operation: string; subject: string } }).permissionContext;
            options.log.error({ nats: s.data, ...(refused ? { refused } : {}) }, 'nats refused an operation');
          }
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
