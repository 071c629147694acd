import { issueCsrfToken, isValidCsrfToken } from './csrf.js';

const secret = 'a-test-secret-that-is-long-enough-123';

describe('CSRF tokens', () => {
  it('accepts a token it issued', () => {
    expect(isValidCsrfToken(secret, issueCsrfToken(secret))).toBe(true);
  });

  it('rejects tokens signed with another secret, altered, or malformed', () => {
    const token = issueCsrfToken(secret);
    expect(isValidCsrfToken('another-secret-that-is-long-enough-456', token)).toBe(false);
    expect(isValidCsrfToken(secret, `x${token}`)).toBe(false);
    expect(isValidCsrfToken(secret, token.split('.')[0])).toBe(false);
    expect(isValidCsrfToken(secret, `${token}.extra`)).toBe(false);
    expect(isValidCsrfToken(secret, undefined)).toBe(false);
  });

  it('issues a different token each time', () => {
    expect(issueCsrfToken(secret)).not.toBe(issueCsrfToken(secret));
  });
});
