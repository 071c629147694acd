import { serviceConfigSchema } from '../config/config.js';
import { inboxPrefixFor } from './nats.js';

const base = {
  OTEL_SERVICE_NAME: 'search',
  HTTP_PORT: '4108',
  INTERNAL_HTTP_PORT: '9108',
  GRPC_PORT: '5108',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/pencraft',
  REDIS_URL: 'redis://search:pw@127.0.0.1:6379',
  NATS_URL: 'nats://127.0.0.1:4222',
};

describe('NATS credentials (issue #19)', () => {
  it("gives a service's connection its own inbox prefix, the one its user may subscribe to", () => {
    expect(inboxPrefixFor('search')).toBe('_INBOX_search');
    expect(inboxPrefixFor(undefined)).toBeUndefined();
  });

  it('reads NATS_USER and NATS_PASSWORD, both optional', () => {
    expect(serviceConfigSchema.parse({ ...base, NATS_USER: 'search', NATS_PASSWORD: 'pw' })).toMatchObject({
      NATS_USER: 'search',
      NATS_PASSWORD: 'pw',
    });
    expect(serviceConfigSchema.parse(base).NATS_USER).toBeUndefined();
    expect(() => serviceConfigSchema.parse({ ...base, NATS_USER: '' })).toThrow();
  });
});
