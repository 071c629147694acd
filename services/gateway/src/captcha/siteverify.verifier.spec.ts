import { jest } from '@jest/globals';
import { AppError } from '@pencraft/errors';
import { SITEVERIFY_URLS, SiteVerifyVerifier } from './siteverify.verifier.js';

/** A strict double of the one HTTP call: it answers only the expected request, anything else fails the test. */
function provider(expected: { url: string; form: Record<string, string> }, answer: () => Promise<Response>) {
  return jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    expect(String(url)).toBe(expected.url);
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(String(init?.body)))).toEqual(expected.form);
    return answer();
  });
}

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
const quiet = { warn: jest.fn() };

describe('SiteVerifyVerifier', () => {
  it('asks hCaptcha with the secret, token, address and site key, and trusts only success: true', async () => {
    const form = { secret: 's3cret', response: 'token-1', remoteip: '203.0.113.7', sitekey: 'site-1' };
    const options = { provider: 'hcaptcha' as const, secret: 's3cret', siteKey: 'site-1' };
    const ok = provider({ url: SITEVERIFY_URLS.hcaptcha, form }, () => json({ success: true }));
    expect(await new SiteVerifyVerifier(options, quiet, ok).verify('token-1', '203.0.113.7')).toBe(true);
    expect(ok).toHaveBeenCalledTimes(1);
    for (const body of [{ success: false, 'error-codes': ['invalid-input-response'] }, { success: 'true' }, {}]) {
      const refused = provider({ url: SITEVERIFY_URLS.hcaptcha, form }, () => json(body));
      expect(await new SiteVerifyVerifier(options, quiet, refused).verify('token-1', '203.0.113.7')).toBe(false);
    }
  });

  it('asks Turnstile with the secret, token and address', async () => {
    const form = { secret: 'ts', response: 'token-2', remoteip: '2001:db8::1' };
    const options = { provider: 'turnstile' as const, secret: 'ts', siteKey: 'site-2' };
    const ok = provider({ url: SITEVERIFY_URLS.turnstile, form }, () => json({ success: true }));
    expect(await new SiteVerifyVerifier(options, quiet, ok).verify('token-2', '2001:db8::1')).toBe(true);
    const duplicate = provider({ url: SITEVERIFY_URLS.turnstile, form }, () =>
      json({ success: false, 'error-codes': ['timeout-or-duplicate'] }),
    );
    expect(await new SiteVerifyVerifier(options, quiet, duplicate).verify('token-2', '2001:db8::1')).toBe(false);
  });

  it('gives the widget its site key', async () => {
    const verifier = new SiteVerifyVerifier(
      { provider: 'turnstile', secret: 'ts', siteKey: 'site-2' },
      quiet,
      jest.fn<typeof fetch>(),
    );
    expect(await verifier.challenge()).toEqual({ provider: 'turnstile', siteKey: 'site-2' });
  });

  it('answers NetworkError when the provider is away or failing, never a false "you failed"', async () => {
    const options = { provider: 'turnstile' as const, secret: 'ts', siteKey: 'k' };
    const form = { secret: 'ts', response: 't', remoteip: '::1' };
    const failures = [() => Promise.reject(new TypeError('fetch failed')), () => json({ error: 'x' }, 500)];
    for (const failure of failures) {
      const verifier = new SiteVerifyVerifier(
        options,
        quiet,
        provider({ url: SITEVERIFY_URLS.turnstile, form }, failure),
      );
      const error = await verifier.verify('t', '::1').catch((e: unknown) => e);
      expect(AppError.is(error) && error.code).toBe('NetworkError');
    }
    expect(quiet.warn).toHaveBeenCalledTimes(2);
  });

  it('refuses an oversized token without asking', async () => {
    const never = jest.fn<typeof fetch>();
    const verifier = new SiteVerifyVerifier({ provider: 'hcaptcha', secret: 's', siteKey: 'k' }, quiet, never);
    expect(await verifier.verify('x'.repeat(10_000), '::1')).toBe(false);
    expect(never).not.toHaveBeenCalled();
  });
});
