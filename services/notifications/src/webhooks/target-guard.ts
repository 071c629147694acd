import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { WEBHOOK_URL_MAX } from '@pencraft/rules';

/**
 * Where webhooks may go (no server-side request forgery): only to public unicast addresses, by https. Private,
 * loopback, link-local, unique-local, shared (CGNAT), multicast, broadcast, unspecified, reserved and documentation
 * ranges are refused, and so is an IPv6 address that carries an IPv4 one (mapped, NAT64, 6to4, Teredo). Checked when
 * an endpoint is subscribed (the URL's literal address, or every address its name resolves to) and again when each
 * attempt connects (the agent's lookup), so a name that resolves elsewhere later (DNS rebinding) is refused too.
 * Redirects are never followed.
 */
export interface TargetPolicy {
  /** Development: http and any address. */
  allowPrivate: boolean;
  /** host:port pairs allowed whatever their address, and by http (the test profile's receiver). */
  allowedTargets: readonly string[];
}

/** Why a URL or an address is refused (the delivery log and the logs show it; the API answers InvalidModel). */
export type TargetRefusal = 'malformed' | 'tooLong' | 'scheme' | 'credentials' | 'privateAddress' | 'unresolvable';

export class TargetRefusedError extends Error {
  override name = 'TargetRefusedError';
  constructor(
    readonly reason: TargetRefusal,
    detail = '',
  ) {
    super(`webhook target refused: ${reason}${detail ? ` (${detail})` : ''}`);
  }
}

/**
 * The range ipaddr.js puts an address in ('unicast' for a public one), an IPv4 address carried in IPv6 (mapped
 * ::ffff:a.b.c.d or compatible ::a.b.c.d) judged as the IPv4 address it is. Undefined for something that is not an
 * address.
 */
export function addressRange(address: string): string | undefined {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (!ipaddr.isValid(bare)) return undefined;
  // ipaddr.js reads "1", "0x7f.1" or "017700000001" as IPv4 too (as inet_aton does): only the dotted four-part or
  // IPv6 forms count as addresses here; anything else is a name and goes through the resolver.
  if (!isIP(bare)) return undefined;
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return addressRange(v6.toIPv4Address().toString());
    const parts = v6.parts;
    // ::a.b.c.d (IPv4-compatible, deprecated): the IPv4 address decides (:: and ::1 are IPv6's own ranges).
    if (parts.slice(0, 6).every((part) => part === 0) && (parts[6] !== 0 || parts[7]! > 1)) {
      return addressRange(`${parts[6]! >> 8}.${parts[6]! & 0xff}.${parts[7]! >> 8}.${parts[7]! & 0xff}`);
    }
  }
  return parsed.range();
}

/** True only for a public unicast address. */
export function isPublicAddress(address: string): boolean {
  return addressRange(address) === 'unicast';
}

/** The URL's host without IPv6 brackets, lower-case. */
function bareHost(url: URL): string {
  const host = url.hostname.toLowerCase();
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

function portOf(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

/** Whether the URL's host:port is one of the policy's allowed targets (the test receiver). */
export function isAllowedTarget(url: URL, policy: TargetPolicy): boolean {
  const host = url.hostname.toLowerCase();
  return policy.allowedTargets.includes(`${host}:${portOf(url)}`);
}

export type Resolver = (hostname: string) => Promise<string[]>;

/** Every address a name resolves to (A and AAAA, as the system resolver answers). */
export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      if (error) reject(error);
      else resolve(addresses.map((entry) => entry.address));
    });
  });

/**
 * Checks an endpoint URL when it is subscribed or changed: its form, its scheme (https unless development or an
 * allowed target), no credentials in it, and its address or every address its name resolves to. Answers the parsed
 * URL; throws TargetRefusedError.
 */
export async function checkEndpointUrl(
  raw: string,
  policy: TargetPolicy,
  resolve: Resolver = systemResolver,
): Promise<URL> {
  if (raw.length > WEBHOOK_URL_MAX) throw new TargetRefusedError('tooLong');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TargetRefusedError('malformed');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TargetRefusedError('scheme');
  if (!url.hostname) throw new TargetRefusedError('malformed');
  if (url.username || url.password) throw new TargetRefusedError('credentials');
  const allowed = isAllowedTarget(url, policy);
  if (url.protocol === 'http:' && !policy.allowPrivate && !allowed) throw new TargetRefusedError('scheme');
  if (policy.allowPrivate || allowed) return url;
  const host = bareHost(url);
  if (addressRange(host) !== undefined) {
    if (!isPublicAddress(host)) throw new TargetRefusedError('privateAddress', host);
    return url;
  }
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    throw new TargetRefusedError('unresolvable', host);
  }
  if (addresses.length === 0) throw new TargetRefusedError('unresolvable', host);
  const refused = addresses.find((address) => !isPublicAddress(address));
  if (refused) throw new TargetRefusedError('privateAddress', refused);
  return url;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
type LookupFunction = (
  hostname: string,
  options: { all?: boolean; family?: number | string },
  callback: LookupCallback,
) => void;

/**
 * The HTTP agent's connect-time lookup: resolves as the system does and refuses the connection when any answer is not
 * a public address, so the address actually connected to is the one checked (DNS rebinding between the subscription
 * check and the send gains nothing).
 */
export function guardedLookup(base: LookupFunction = dnsLookup as unknown as LookupFunction): LookupFunction {
  return (hostname, options, callback) => {
    base(hostname, { ...options, all: true }, (error, answer) => {
      if (error) return callback(error, options.all ? [] : '');
      const addresses = (Array.isArray(answer) ? answer : [{ address: answer, family: 0 }]) as LookupAddress[];
      const refused = addresses.find((entry) => !isPublicAddress(entry.address));
      if (refused || addresses.length === 0) {
        const failure = new TargetRefusedError('privateAddress', refused?.address ?? hostname) as Error &
          NodeJS.ErrnoException;
        failure.code = 'EWEBHOOKTARGET';
        return callback(failure, options.all ? [] : '');
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}
