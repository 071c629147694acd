import { describe, expect, it, jest } from '@jest/globals';
import type { LookupAddress } from 'node:dns';
import {
  addressRange,
  checkEndpointUrl,
  guardedLookup,
  isPublicAddress,
  TargetRefusedError,
  type TargetPolicy,
} from './target-guard.js';

const PRODUCTION: TargetPolicy = { allowPrivate: false, allowedTargets: [] };
const TESTS: TargetPolicy = { allowPrivate: false, allowedTargets: ['127.0.0.1:4290'] };
const DEVELOPMENT: TargetPolicy = { allowPrivate: true, allowedTargets: [] };
const publicDns = async () => ['93.184.216.34'];

const REFUSED_ADDRESSES = [
  '127.0.0.1',
  '127.1.2.3',
  '10.0.0.1',
  '10.255.255.255',
  '172.16.0.1',
  '172.31.255.254',
  '192.168.1.1',
  '169.254.169.254',
  '169.254.0.1',
  '100.64.0.1',
  '0.0.0.0',
  '224.0.0.1',
  '255.255.255.255',
  '192.0.2.1',
  '::1',
  '::',
  'fc00::1',
  'fd12:3456::1',
  'fe80::1',
  'ff02::1',
  '::ffff:127.0.0.1',
  '::ffff:10.0.0.1',
  '::ffff:169.254.169.254',
  '::127.0.0.1',
  '64:ff9b::a00:1',
  '2002:a00:1::1',
  '2001:db8::1',
];

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TargetRefusedError) return error.reason;
    throw error;
  }
  return 'accepted';
}

describe('the address classifier', () => {
  it.each(REFUSED_ADDRESSES)('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e'])(
    'accepts the public address %s',
    (address) => {
      expect(addressRange(address)).toBe('unicast');
    },
  );

  it('reads an IPv4-mapped address as the IPv4 address it carries', () => {
    expect(addressRange('::ffff:127.0.0.1')).toBe('loopback');
    expect(addressRange('::ffff:8.8.8.8')).toBe('unicast');
    expect(addressRange('[::1]')).toBe('loopback');
  });

  it('takes no shorthand IPv4 form for an address (it is a name, resolved and checked)', () => {
    expect(addressRange('2130706433')).toBeUndefined();
    expect(addressRange('0x7f.1')).toBeUndefined();
    expect(addressRange('example.com')).toBeUndefined();
  });
});

describe('checkEndpointUrl (at subscription)', () => {
  it('accepts an https URL on a public address or a name resolving only to public addresses', async () => {
    expect((await checkEndpointUrl('https://93.184.216.34/hook', PRODUCTION, publicDns)).host).toBe('93.184.216.34');
    expect((await checkEndpointUrl('https://hooks.example.com/in?x=1', PRODUCTION, publicDns)).pathname).toBe('/in');
  });

  it.each([
    'https://127.0.0.1/hook',
    'https://10.0.0.1/hook',
    'https://172.16.5.4/hook',
    'https://192.168.0.10/hook',
    'https://169.254.169.254/latest/meta-data/',
    'https://[::1]/hook',
    'https://[fc00::1]/hook',
    'https://[fe80::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://[::ffff:7f00:1]/hook',
    'https://0.0.0.0/hook',
    'https://100.64.1.1/hook',
    'https://127.1/hook',
    'https://2130706433/hook',
    'https://0x7f000001/hook',
  ])('refuses %s (a private, loopback, link-local or other non-public address)', async (url) => {
    // The shorthand forms reach the check as the dotted address the URL parser makes of them.
    expect(await refusal(checkEndpointUrl(url, PRODUCTION, publicDns))).toBe('privateAddress');
  });

  it('refuses a name when any of its answers is private (one public answer does not make it safe)', async () => {
    const mixed = async () => ['93.184.216.34', '10.0.0.7'];
    expect(await refusal(checkEndpointUrl('https://rebind.example.com/', PRODUCTION, mixed))).toBe('privateAddress');
    const metadata = async () => ['169.254.169.254'];
    expect(await refusal(checkEndpointUrl('https://meta.example.com/', PRODUCTION, metadata))).toBe('privateAddress');
    const mapped = async () => ['::ffff:127.0.0.1'];
    expect(await refusal(checkEndpointUrl('https://v6.example.com/', PRODUCTION, mapped))).toBe('privateAddress');
    expect(await refusal(checkEndpointUrl('https://localhost/', PRODUCTION, async () => ['127.0.0.1', '::1']))).toBe(
      'privateAddress',
    );
  });

  it('refuses a name that does not resolve', async () => {
    const none = async () => {
      throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    };
    expect(await refusal(checkEndpointUrl('https://nowhere.invalid/', PRODUCTION, none))).toBe('unresolvable');
    expect(await refusal(checkEndpointUrl('https://empty.example.com/', PRODUCTION, async () => []))).toBe(
      'unresolvable',
    );
  });

  it('refuses http, other schemes, credentials, malformed and overlong URLs outside development', async () => {
    expect(await refusal(checkEndpointUrl('http://hooks.example.com/', PRODUCTION, publicDns))).toBe('scheme');
    expect(await refusal(checkEndpointUrl('ftp://hooks.example.com/', PRODUCTION, publicDns))).toBe('scheme');
    expect(await refusal(checkEndpointUrl('file:///etc/passwd', PRODUCTION, publicDns))).toBe('scheme');
    expect(await refusal(checkEndpointUrl('https://user:pw@hooks.example.com/', PRODUCTION, publicDns))).toBe(
      'credentials',
    );
    expect(await refusal(checkEndpointUrl('not a url', PRODUCTION, publicDns))).toBe('malformed');
    expect(await refusal(checkEndpointUrl(`https://a.example.com/${'x'.repeat(2000)}`, PRODUCTION, publicDns))).toBe(
      'tooLong',
    );
  });

  it('lets the test profile reach exactly its allowed host:port, by http too, and nothing else private', async () => {
    expect((await checkEndpointUrl('http://127.0.0.1:4290/a', TESTS, publicDns)).port).toBe('4290');
    expect(await refusal(checkEndpointUrl('http://127.0.0.1:4291/a', TESTS, publicDns))).toBe('scheme');
    expect(await refusal(checkEndpointUrl('https://127.0.0.1:4291/a', TESTS, publicDns))).toBe('privateAddress');
    expect(await refusal(checkEndpointUrl('https://10.0.0.1/a', TESTS, publicDns))).toBe('privateAddress');
    expect(await refusal(checkEndpointUrl('https://[::1]:4290/a', TESTS, publicDns))).toBe('privateAddress');
  });

  it('lets development reach anything by http or https', async () => {
    expect((await checkEndpointUrl('http://127.0.0.1:9999/a', DEVELOPMENT, publicDns)).hostname).toBe('127.0.0.1');
    expect((await checkEndpointUrl('http://[::1]/a', DEVELOPMENT, publicDns)).hostname).toBe('[::1]');
  });
});

describe('guardedLookup (at connection: DNS rebinding)', () => {
  type Answer = LookupAddress[];
  const base = (answer: Answer | Error) =>
    jest.fn((_host: string, _options: object, callback: (e: Error | null, a: Answer) => void) => {
      if (answer instanceof Error) callback(answer, []);
      else callback(null, answer);
    });
  const run = (lookup: ReturnType<typeof guardedLookup>, all: boolean) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: unknown; family?: number }>((resolve) => {
      lookup('hooks.example.com', { all }, (error, address, family) => resolve({ error, address, family }));
    });

  it('hands on public answers in the form asked for (all, or the first with its family)', async () => {
    const answer = [
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1::1', family: 6 },
    ];
    const lookup = guardedLookup(base(answer) as never);
    expect(await run(lookup, true)).toEqual({ error: null, address: answer, family: undefined });
    expect(await run(lookup, false)).toEqual({ error: null, address: '93.184.216.34', family: 4 });
  });

  it('refuses the connection when the name now resolves to a private address', async () => {
    for (const address of ['127.0.0.1', '10.0.0.1', '169.254.169.254', '::1', '::ffff:127.0.0.1']) {
      const lookup = guardedLookup(base([{ address, family: address.includes(':') ? 6 : 4 }]) as never);
      const { error } = await run(lookup, false);
      expect(error).toBeInstanceOf(TargetRefusedError);
      expect(error?.code).toBe('EWEBHOOKTARGET');
    }
  });

  it('passes a resolver failure on', async () => {
    const failure = Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    const { error } = await run(guardedLookup(base(failure) as never), true);
    expect(error).toBe(failure);
  });
});
