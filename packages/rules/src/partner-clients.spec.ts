import { describe, expect, it } from '@jest/globals';
import {
  checkPartnerClient,
  isPartnerOrigin,
  normalizePartnerName,
  partnerScopesFrom,
  PARTNER_DAILY_QUOTA_MAX,
  PARTNER_RATE_LIMIT_MAX,
} from './partner-clients.js';
import { PARTNER_ORIGINS_MAX } from './partner.js';

const valid = {
  name: 'Baku Newsroom',
  scopes: ['read', 'search'],
  origins: ['https://news.example.az'],
  rateLimitPerMinute: 600,
  dailyQuota: 100_000,
};

describe('partner clients', () => {
  it('takes https origins with a port, and http only on localhost', () => {
    expect(isPartnerOrigin('https://news.example.az')).toBe(true);
    expect(isPartnerOrigin('https://news.example.az:8443')).toBe(true);
    expect(isPartnerOrigin('http://localhost:3000')).toBe(true);
    expect(isPartnerOrigin('http://127.0.0.1:5173')).toBe(true);
    expect(isPartnerOrigin('http://news.example.az')).toBe(false);
  });

  it('refuses paths, trailing slashes, queries, users, other schemes and garbage', () => {
    for (const origin of [
      'https://news.example.az/',
      'https://news.example.az/app',
      'https://news.example.az?x=1',
      'https://user@news.example.az',
      'ftp://news.example.az',
      'javascript:alert(1)',
      'news.example.az',
      '*',
      '',
    ]) {
      expect({ origin, ok: isPartnerOrigin(origin) }).toEqual({ origin, ok: false });
    }
  });

  it('orders known scopes and refuses unknown ones', () => {
    expect(partnerScopesFrom(['webhooks', 'read', 'read'])).toEqual(['read', 'webhooks']);
    expect(partnerScopesFrom(['read', 'admin'])).toBeUndefined();
  });

  it('normalises names', () => {
    expect(normalizePartnerName('  Baku   News \n room ')).toBe('Baku News room');
  });

  it('accepts a valid client and names every broken field in form order', () => {
    expect(checkPartnerClient(valid)).toEqual([]);
    expect(
      checkPartnerClient({
        name: ' x ',
        scopes: [],
        origins: ['https://a.az/'],
        rateLimitPerMinute: 0,
        dailyQuota: 1.5,
      }),
    ).toEqual(['name', 'scopes', 'origins', 'rateLimitPerMinute', 'dailyQuota']);
  });

  it('bounds the limits and the origins, and skips the name of an update', () => {
    expect(checkPartnerClient({ ...valid, rateLimitPerMinute: PARTNER_RATE_LIMIT_MAX + 1 })).toEqual([
      'rateLimitPerMinute',
    ]);
    expect(checkPartnerClient({ ...valid, dailyQuota: PARTNER_DAILY_QUOTA_MAX })).toEqual([]);
    const many = Array.from({ length: PARTNER_ORIGINS_MAX + 1 }, (_, i) => `https://a${i}.example.az`);
    expect(checkPartnerClient({ ...valid, origins: many })).toEqual(['origins']);
    expect(checkPartnerClient({ ...valid, name: undefined, scopes: ['act'] })).toEqual([]);
    expect(checkPartnerClient({ ...valid, scopes: ['read', 'admin'] })).toEqual(['scopes']);
  });
});
