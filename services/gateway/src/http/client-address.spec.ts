import { clientAddress, clientAddressKey } from './client-address.js';

describe('clientAddressKey', () => {
  it('keeps IPv4 addresses, also written as IPv4-mapped IPv6', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });

  it('groups IPv6 clients by their /64, however the address is written', () => {
    const key = clientAddressKey('2001:db8:1234:5678::1');
    expect(key).toBe('2001:db8:1234:5678::/64');
    expect(clientAddressKey('2001:0db8:1234:5678:ffff:eeee:dddd:cccc')).toBe(key);
    expect(clientAddressKey('2001:DB8:1234:5678:0:0:0:2%eth0')).toBe(key);
    expect(clientAddressKey('2001:db8:1234:5679::1')).not.toBe(key);
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  });
});

describe('clientAddress', () => {
  it('takes the entry as many hops back as there are trusted proxies', () => {
    expect(clientAddress('10.0.0.1', '203.0.113.9', 0)).toBe('10.0.0.1');
    expect(clientAddress('10.0.0.1', '203.0.113.9', 1)).toBe('203.0.113.9');
    expect(clientAddress('10.0.0.1', 'spoofed, 203.0.113.9', 1)).toBe('203.0.113.9');
    expect(clientAddress('10.0.0.1', ['spoofed', '203.0.113.9, 10.0.0.2'], 2)).toBe('203.0.113.9');
    expect(clientAddress('10.0.0.1', undefined, 1)).toBe('10.0.0.1');
    expect(clientAddress('10.0.0.1', '203.0.113.9', 3)).toBe('203.0.113.9');
  });
});
