import { isIP } from 'node:net';
import { tlsFilesFromEnv, tlsFileVariables, type TlsFiles } from '../config/tls-files.js';

/**
 * Redis over TLS (issue #19): a rediss:// REDIS_URL, checked against REDIS_TLS_CA_FILE (the system's roots without
 * it), with an optional client certificate (a server with `tls-auth-clients yes`). As node:tls takes them.
 */
export interface RedisTls extends TlsFiles {
  /** The name the server's certificate must carry (SNI): the URL's host, unless it is an IP address. */
  servername?: string;
}

/** The variables naming the PEM files (the chart mounts them from a Secret; the dev stack sets none). */
export const REDIS_TLS_VARIABLES = tlsFileVariables('REDIS');

/**
 * The Redis TLS configured in the environment for `url`: TLS for rediss://. A redis:// URL is plaintext, which only
 * development and test allow (REDIS_INSECURE=true says so explicitly in production, like GRPC_INSECURE), and which
 * contradicts a REDIS_TLS_* file (a URL left plain by mistake): both refuse to start.
 */
export function redisTlsFromEnv(url: string, env: NodeJS.ProcessEnv = process.env): RedisTls | undefined {
  const files = tlsFilesFromEnv('REDIS', env);
  const target = new URL(url);
  if (target.protocol !== 'rediss:') {
    if (files)
      throw new Error(`${REDIS_TLS_VARIABLES.join(', ')} name TLS files but REDIS_URL is plaintext: use rediss://`);
    if (env.NODE_ENV === 'production' && env.REDIS_INSECURE !== 'true') {
      throw new Error(
        'Redis needs TLS in production: use a rediss:// REDIS_URL (REDIS_TLS_CA_FILE for its CA), or set ' +
          'REDIS_INSECURE=true where something else encrypts',
      );
    }
    return undefined;
  }
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
  return { ...files, ...(host && !isIP(host) ? { servername: host } : {}) };
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
