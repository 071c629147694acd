import { describe, expect, it } from '@jest/globals';
import {
  accountKey,
  addressField,
  backoffMs,
  backoffTable,
  FREE_FAILURES,
  MAX_DELAY_MS,
} from './sign-in-throttle.rules.js';

const UID = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';

describe('sign-in throttle rules', () => {
  it('lets the first attempts of an account and address through, then doubles from one second, capped at 15 minutes', () => {
    for (let n = 0; n < FREE_FAILURES; n += 1) expect(backoffMs(n)).toBe(0);
    expect(backoffMs(FREE_FAILURES)).toBe(1_000);
    expect(backoffMs(FREE_FAILURES + 1)).toBe(2_000);
    expect(backoffMs(FREE_FAILURES + 3)).toBe(8_000);
    expect(backoffMs(FREE_FAILURES + 20)).toBe(MAX_DELAY_MS);
    expect(backoffMs(10_000)).toBe(15 * 60_000);
  });

  it('tables the waits by attempt number up to the first maximal one', () => {
    const table = backoffTable();
    table.forEach((wait, index) => expect(wait).toBe(backoffMs(index + 1)));
    expect(table.at(-1)).toBe(MAX_DELAY_MS);
    expect(table.filter((wait) => wait === MAX_DELAY_MS)).toHaveLength(1);
  });

  it('makes an account one bucket whether typed as e-mail or username, and holds neither id nor login', () => {
    expect(accountKey(UID, 'Leyla@Example.AZ')).toBe(accountKey(UID, 'leyla_m'));
    expect(accountKey(UID, '')).toBe(accountKey(UID, 'leyla_m'));
    expect(accountKey(UID, 'leyla_m')).not.toContain(UID);
    expect(accountKey(UID, 'leyla_m')).not.toBe(accountKey('', 'leyla_m'));
  });

  it('keys an unknown login however it is written, apart from every other login', () => {
    expect(accountKey('', ' Nobody@Example.AZ ')).toBe(accountKey('', 'nobody@example.az'));
    expect(accountKey('', 'Nobody')).toBe(accountKey('', 'nobody'));
    expect(accountKey('', 'nobody')).not.toBe(accountKey('', 'nobody2'));
    expect(accountKey('', 'nobody@example.az')).not.toContain('nobody');
  });

  it('gives each client address its own field, without the address', () => {
    expect(addressField('203.0.113.7')).toBe(addressField('203.0.113.7'));
    expect(addressField('203.0.113.7')).not.toBe(addressField('203.0.113.8'));
    expect(addressField('2001:db8:a:b::/64')).not.toContain('2001');
  });
});
