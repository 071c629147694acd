import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';

/**
 * Redis over TLS (issue #19): a rediss:// REDIS_URL, checked against REDIS_TLS_CA_FILE (the system's roots without
 * it), with an optional client certificate (a server with `tls-auth-clients yes`). As node:tls takes them.
 */
export interface RedisTls {
  ca?: Buffer;
  cert?: Buffer;
  key?: Buffer;
  /** The name the server's certificate must carry (SNI): the URL's host, unless it is an IP address. */
  servername?: string;
}

/** The variables naming the PEM files (the chart mounts them from a Secret; the dev stack sets none). */
export const REDIS_TLS_VARIABLES = ['REDIS_TLS_CA_FILE', 'REDIS_TLS_CERT_FILE', 'REDIS_TLS_KEY_FILE'] as const;

/**
 * The Redis TLS configured in the environment for `url`: TLS for rediss://. A redis:// URL is plaintext, which only
 * development and test allow (REDIS_INSECURE=true says so explicitly in production, like GRPC_INSECURE), and which
 * contradicts a REDIS_TLS_* file (a URL left plain by mistake): both refuse to start.
 */
export function redisTlsFromEnv(url: string, env: NodeJS.ProcessEnv = process.env): RedisTls | undefined {
  const [ca, cert, key] = REDIS_TLS_VARIABLES.map((name) => env[name]?.trim() || undefined);
  const target = new URL(url);
  if (target.protocol !== 'rediss:') {
    if (ca || cert || key) {
      throw new Error(`${REDIS_TLS_VARIABLES.join(', ')} name TLS files but REDIS_URL is plaintext: use rediss://`);
    }
    if (env.NODE_ENV === 'production' && env.REDIS_INSECURE !== 'true') {
      throw new Error(
        'Redis needs TLS in production: use a rediss:// REDIS_URL (REDIS_TLS_CA_FILE for its CA), or set ' +
          'REDIS_INSECURE=true where something else encrypts',
      );
    }
    return undefined;
  }
  if (!cert !== !key)
    throw new Error('a Redis client certificate needs both REDIS_TLS_CERT_FILE and REDIS_TLS_KEY_FILE');
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
  return {
    ...(ca ? { ca: readFileSync(ca) } : {}),
    ...(cert && key ? { cert: readFileSync(cert), key: readFileSync(key) } : {}),
    ...(host && !isIP(host) ? { servername: host } : {}),
  };
}

let cached: { key: string; tls: RedisTls | undefined } | undefined;

/** redisTlsFromEnv read once per URL and configuration (a readiness check pings every few seconds). */
export function processRedisTls(url: string): RedisTls | undefined {
  const key = [url, process.env.NODE_ENV, process.env.REDIS_INSECURE, ...REDIS_TLS_VARIABLES.map((n) => process.env[n])]
    .map((part) => part ?? '')
    .join('\n');
  if (cached?.key !== key) cached = { key, tls: redisTlsFromEnv(url) };
  return cached.tls;
}
