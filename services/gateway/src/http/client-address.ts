import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key a client's address is limited under: an IPv4 address as is (also when written as IPv4-mapped IPv6),
 * an IPv6 address by its /64, since one subscriber usually holds a whole /64 and could rotate through it.
 */
export function clientAddressKey(ip: string): string {
  const address = ip.split('%', 1)[0]!.toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const groups = expandIPv6(address);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return `${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.${groups[7]! & 0xff}`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (with "::" and an embedded IPv4 tail expanded). */
function expandIPv6(address: string): number[] {
  let text = address;
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The client's address when `hops` proxies in front of the gateway each append to X-Forwarded-For: the entry that
 * many hops back from the socket (the socket itself when hops is 0 or without the header, the leftmost entry when it
 * is short). The same address as request.ip, which the kit's trustProxyOf(hops) makes Fastify count the same way.
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  hops: number,
) {
  const socket = socketAddress ?? '';
  if (hops <= 0 || !forwardedFor) return socket;
  const entries = [forwardedFor]
    .flat()
    .join(',')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .reverse();
  const chain = [socket, ...entries];
  return chain[Math.min(hops, chain.length - 1)]!;
}
