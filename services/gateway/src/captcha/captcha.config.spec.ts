import { ConfigError, parseConfig } from '@pencraft/kit';
import { gatewayConfigSchema } from '../config.js';

const env = {
  OTEL_SERVICE_NAME: 'gateway',
  HTTP_PORT: '3000',
  INTERNAL_HTTP_PORT: '9000',
  REDIS_URL: 'redis://127.0.0.1:6379',
  PUBLIC_ORIGIN: 'http://localhost:3000',
  CSRF_SECRET: 'c'.repeat(32),
  KEYCLOAK_URL: 'http://127.0.0.1:8380',
};

function problems(extra: Record<string, string>): string[] {
  try {
    parseConfig(gatewayConfigSchema, { ...env, ...extra });
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('the captcha configuration', () => {
  it('defaults to altcha, which needs its HMAC key', () => {
    expect(problems({})).toEqual(['CAPTCHA_HMAC_KEY is missing']);
    expect(problems({ CAPTCHA_HMAC_KEY: 'short' })).toEqual([expect.stringMatching(/^CAPTCHA_HMAC_KEY is invalid/)]);
    const config = parseConfig(gatewayConfigSchema, { ...env, CAPTCHA_HMAC_KEY: 'k'.repeat(32) });
    expect(config).toMatchObject({ CAPTCHA_PROVIDER: 'altcha', CAPTCHA_MAX_NUMBER: 50_000 });
  });

  it('needs the secret and site key of a hosted provider, and no HMAC key', () => {
    expect(problems({ CAPTCHA_PROVIDER: 'turnstile' })).toEqual([
      'CAPTCHA_SECRET is missing',
      'CAPTCHA_SITE_KEY is missing',
    ]);
    expect(problems({ CAPTCHA_PROVIDER: 'hcaptcha', CAPTCHA_SECRET: 's', CAPTCHA_SITE_KEY: 'k' })).toEqual([]);
    expect(problems({ CAPTCHA_PROVIDER: 'recaptcha' })).toEqual([
      expect.stringMatching(/^CAPTCHA_PROVIDER is invalid/),
    ]);
  });
});
