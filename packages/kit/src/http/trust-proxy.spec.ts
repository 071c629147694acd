import Fastify from 'fastify';
import { trustProxyOf } from './trust-proxy.js';

async function ipSeen(hops: number, forwardedFor?: string) {
  const app = Fastify({ trustProxy: trustProxyOf(hops) });
  app.get('/', (request) => ({ ip: request.ip }));
  const response = await app.inject({
    method: 'GET',
    url: '/',
    remoteAddress: '10.0.0.1',
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
  await app.close();
  return (response.json() as { ip: string }).ip;
}

describe('trustProxyOf', () => {
  it('trusts nothing with 0 hops: the socket address, whatever the header says', async () => {
    expect(trustProxyOf(0)).toBe(false);
    expect(await ipSeen(0, '203.0.113.7')).toBe('10.0.0.1');
  });

  it('takes the entry `hops` back from the socket', async () => {
    expect(await ipSeen(1, '198.51.100.1, 203.0.113.7')).toBe('203.0.113.7');
    expect(await ipSeen(2, '198.51.100.1, 203.0.113.7')).toBe('198.51.100.1');
  });

  it('stops at the leftmost entry when the header is shorter than the hops, and at the socket without one', async () => {
    expect(await ipSeen(3, '203.0.113.7')).toBe('203.0.113.7');
    expect(await ipSeen(1)).toBe('10.0.0.1');
  });
});
