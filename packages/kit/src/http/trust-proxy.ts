/**
 * Fastify's trustProxy for `hops` proxies that each append to X-Forwarded-For, as a function: this Fastify ignores
 * a number. proxy-addr asks about each address of the chain in turn, i = 0 being the socket's and then the header's
 * entries from the right, and request.ip is the first one not trusted: the entry `hops` back from the socket, or the
 * leftmost when the header is shorter (the gateway's clientAddress counts the same way). 0 trusts nothing.
 */
export function trustProxyOf(hops: number): false | ((address: string, i: number) => boolean) {
  return hops > 0 ? (_address, i) => i < hops : false;
}
