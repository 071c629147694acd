import { analyticsGranted, isPublicationHost, resolveConsent } from './consent.js';

describe('isPublicationHost', () => {
  it.each([
    ['pencraft.az', false],
    ['www.pencraft.az', false],
    ['PENCRAFT.AZ.', false],
    ['devblog.pencraft.az', true],
    ['team.pencraft.az', true],
    ['localhost', false],
    ['devblog.localhost', true],
    ['DEVBLOG.localhost.', true],
    ['www.localhost', false],
    ['127.0.0.1', false],
    ['[::1]', false],
    ['example.org', false],
    ['blog.example.org', true],
  ])('%s → %s (main host pencraft.az)', (host, expected) => {
    expect(isPublicationHost(host, 'pencraft.az')).toBe(expected);
  });

  it('works with a deeper main host', () => {
    expect(isPublicationHost('staging.pencraft.dev', 'staging.pencraft.dev')).toBe(false);
    expect(isPublicationHost('slug.staging.pencraft.dev', 'staging.pencraft.dev')).toBe(true);
  });
});

describe('resolveConsent', () => {
  it('shows the banner until the visitor answers', () => {
    expect(resolveConsent(null, false)).toEqual({ consent: null, showBanner: true, persist: null });
    expect(resolveConsent('garbage', false).showBanner).toBe(true);
  });

  it('hides the banner once set', () => {
    expect(resolveConsent('true', false)).toEqual({ consent: true, showBanner: false, persist: null });
    expect(resolveConsent('false', false)).toEqual({ consent: false, showBanner: false, persist: null });
  });

  it('forces false and hides the banner on a publication subdomain', () => {
    expect(resolveConsent(null, true)).toEqual({ consent: false, showBanner: false, persist: 'false' });
    expect(resolveConsent('true', true)).toEqual({ consent: false, showBanner: false, persist: 'false' });
    expect(resolveConsent('false', true)).toEqual({ consent: false, showBanner: false, persist: null });
  });

  it('grants analytics only after an explicit accept', () => {
    expect(analyticsGranted(resolveConsent('true', false))).toBe(true);
    expect(analyticsGranted(resolveConsent(null, false))).toBe(false);
    expect(analyticsGranted(resolveConsent('false', false))).toBe(false);
    expect(analyticsGranted(resolveConsent('true', true))).toBe(false);
  });
});
