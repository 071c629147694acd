import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { pingRedis } from './redis.js';

/** A stand-in for Redis: answers each command it receives with the next of `answers`, and records the commands. */
async function fakeRedis(answers: string[]) {
  const received: string[] = [];
  const server: Server = createServer((socket) => {
    socket.on('data', (chunk) => {
      received.push(chunk.toString('utf8'));
      socket.write(answers.join(''));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('pingRedis', () => {
  it('resolves when Redis answers PONG', async () => {
    const redis = await fakeRedis(['+PONG\r\n']);
    try {
      await expect(pingRedis(`redis://127.0.0.1:${redis.port}`)).resolves.toBeUndefined();
      expect(redis.received.join('')).toBe('*1\r\n$4\r\nPING\r\n');
    } finally {
      await redis.close();
    }
  });

  it('authenticates first when the URL has credentials, and rejects with what Redis refused', async () => {
    const redis = await fakeRedis([
      '-WRONGPASS invalid username-password pair\r\n',
      '-NOAUTH Authentication required\r\n',
    ]);
    try {
      await expect(pingRedis(`redis://app:s%40cret@127.0.0.1:${redis.port}`)).rejects.toThrow('redis: WRONGPASS');
      expect(redis.received.join('')).toBe('*3\r\n$4\r\nAUTH\r\n$3\r\napp\r\n$6\r\ns@cret\r\n*1\r\n$4\r\nPING\r\n');
    } finally {
      await redis.close();
    }
  });

  it('rejects when nothing listens or nothing answers in time', async () => {
    const redis = await fakeRedis([]);
    try {
      await expect(pingRedis(`redis://127.0.0.1:${redis.port}`, 200)).rejects.toThrow('did not answer within 200 ms');
    } finally {
      await redis.close();
    }
    await expect(pingRedis(`redis://127.0.0.1:${redis.port}`)).rejects.toThrow(/ECONNREFUSED/);
  });
});
