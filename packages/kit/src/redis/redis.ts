import { connect as connectTcp, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { processRedisTls, type RedisTls } from './redis-tls.js';

// The Redis client library is loaded only by the services that use Redis (bootService({ redis: true })), through
// ./client.js: its modules alone hold about 10 MiB of a process. The others only check that Redis answers.
export type { RedisClient } from './client.js';
export { processRedisTls, redisTlsFromEnv, REDIS_TLS_VARIABLES, type RedisTls } from './redis-tls.js';

/** One RESP command as an array of bulk strings. */
function command(...parts: string[]): string {
  return `*${parts.length}\r\n${parts.map((part) => `$${Buffer.byteLength(part)}\r\n${part}\r\n`).join('')}`;
}

/**
 * Checks that Redis answers PING (after AUTH when the URL carries credentials, over TLS for rediss://, with the CA and
 * client certificate of `tls`, the environment's by default) on a fresh connection, without the client library.
 * Rejects with Redis's error, a socket error, a certificate not signed by the CA, or a timeout.
 */
export function pingRedis(
  url: string,
  timeoutMs = 2_000,
  tls: RedisTls | undefined = processRedisTls(url),
): Promise<void> {
  const target = new URL(url);
  const port = Number(target.port || 6379);
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1') || '127.0.0.1';
  const username = decodeURIComponent(target.username);
  const password = decodeURIComponent(target.password);
  const commands = [
    ...(password ? [username ? command('AUTH', username, password) : command('AUTH', password)] : []),
    command('PING'),
  ];
  return new Promise<void>((resolve, reject) => {
    const socket: Socket =
      target.protocol === 'rediss:'
        ? connectTls({
            host,
            port,
            ...(tls?.ca ? { ca: tls.ca } : {}),
            ...(tls?.cert ? { cert: tls.cert, key: tls.key } : {}),
            ...(tls?.servername ? { servername: tls.servername } : {}),
          })
        : connectTcp({ host, port });
    let received = '';
    const finish = (error?: Error) => {
      socket.destroy();
      if (error) reject(error);
      else resolve();
    };
    socket.setTimeout(timeoutMs, () => finish(new Error(`redis did not answer within ${timeoutMs} ms`)));
    socket.once('error', (error) => finish(error));
    socket.once(target.protocol === 'rediss:' ? 'secureConnect' : 'connect', () => socket.write(commands.join('')));
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('utf8');
      const lines = received.split('\r\n').slice(0, -1);
      const failed = lines.find((line) => line.startsWith('-'));
      if (failed) finish(new Error(`redis: ${failed.slice(1)}`));
      else if (lines.length >= commands.length) {
        const last = lines[commands.length - 1];
        finish(last === '+PONG' ? undefined : new Error(`redis answered ${last} to PING`));
      }
    });
    socket.once('end', () => finish(new Error('redis closed the connection')));
  });
}
