import { describe, expect, it } from '@jest/globals';
import { isPartnerScope, partnerScopesOf, TOKEN_PATTERN, TOKEN_SCOPES } from './partner.js';

describe('partner scopes', () => {
  it('keeps only known scopes of a claim, in vocabulary order, once each', () => {
    expect(partnerScopesOf('profile search read email read')).toEqual(['read', 'search']);
    expect(partnerScopesOf(undefined)).toEqual([]);
    expect(partnerScopesOf('webhooks act')).toEqual(['act', 'webhooks']);
  });

  it('knows its vocabulary and keeps webhooks out of personal tokens', () => {
    expect(isPartnerScope('act')).toBe(true);
    expect(isPartnerScope('admin')).toBe(false);
    expect(TOKEN_SCOPES).not.toContain('webhooks');
  });

  it('recognises a personal access token by its shape', () => {
    const pattern = new RegExp(TOKEN_PATTERN);
    expect(pattern.test(`pcp_${'a'.repeat(43)}`)).toBe(true);
    expect(pattern.test(`pcp_${'a'.repeat(42)}`)).toBe(false);
    expect(pattern.test(`ghp_${'a'.repeat(43)}`)).toBe(false);
  });
});
