import { z } from 'zod';
import { booleanFlag, ConfigError, parseConfig, serviceConfigSchema } from './config.js';

const valid = {
  OTEL_SERVICE_NAME: 'articles',
  HTTP_PORT: '4102',
  INTERNAL_HTTP_PORT: '9102',
  GRPC_PORT: '5102',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:55432/pencraft',
  REDIS_URL: 'redis://127.0.0.1:6390',
  NATS_URL: 'nats://127.0.0.1:4223',
};

describe('parseConfig', () => {
  it('parses and coerces a valid environment, with defaults', () => {
    const config = parseConfig(serviceConfigSchema, valid);
    expect(config.HTTP_PORT).toBe(4102);
    expect(config.DATABASE_POOL_MAX).toBe(10);
    expect(config.NODE_ENV).toBe('production');
    expect(config.OTEL_TRACES_EXPORTER).toBe('none');
  });

  it('names every missing or bad variable at once', () => {
    const env: Record<string, string> = { ...valid, HTTP_PORT: 'eighty', REDIS_URL: 'http://nope' };
    delete env.DATABASE_URL;
    try {
      parseConfig(serviceConfigSchema, env);
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/^HTTP_PORT is invalid/m);
      expect(problems).toMatch(/^DATABASE_URL is missing/m);
      expect(problems).toMatch(/^REDIS_URL is invalid/m);
    }
  });

  it('accepts several NATS servers and rejects other schemes', () => {
    expect(parseConfig(serviceConfigSchema, { ...valid, NATS_URL: 'nats://a:4222,nats://b:4222' }).NATS_URL).toContain(
      'b:4222',
    );
    expect(() => parseConfig(serviceConfigSchema, { ...valid, NATS_URL: 'http://a' })).toThrow(/NATS_URL is invalid/);
  });

  it('reads boolean flags strictly', () => {
    const schema = z.object({ FLAG: booleanFlag(false) });
    expect(parseConfig(schema, {}).FLAG).toBe(false);
    expect(parseConfig(schema, { FLAG: 'true' }).FLAG).toBe(true);
    expect(() => parseConfig(schema, { FLAG: 'yes' })).toThrow(/FLAG is invalid/);
  });
});
