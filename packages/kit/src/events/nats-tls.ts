import { tlsFilesFromEnv, tlsFileVariables } from '../config/tls-files.js';

/**
 * NATS over TLS (issue #19): the CA the servers' certificates must chain to, and an optional client certificate (for a
 * server with `verify: true`). PEM text, as nats.js's `tls` option takes it.
 */
export interface NatsTls {
  ca?: string;
  cert?: string;
  key?: string;
}

/** The variables naming the PEM files (the chart mounts them from a Secret; the dev stack sets none). */
export const NATS_TLS_VARIABLES = tlsFileVariables('NATS');

/**
 * The NATS TLS configured in the environment for NATS_URL. TLS is on when a server URL is tls:// or a NATS_TLS_*
 * file is named: the connection then refuses a server that does not speak TLS or whose certificate does not chain to
 * NATS_TLS_CA_FILE (the system's roots without it). Without TLS the connection is plaintext, which only development
 * and test allow; NATS_INSECURE=true says so explicitly in production (e.g. a mesh encrypts), like GRPC_INSECURE.
 */
export function natsTlsFromEnv(url: string, env: NodeJS.ProcessEnv = process.env): NatsTls | undefined {
  const files = tlsFilesFromEnv('NATS', env);
  const tlsUrl = url.split(',').some((server) => server.trim().startsWith('tls://'));
  if (!tlsUrl && !files) {
    if (env.NODE_ENV === 'production' && env.NATS_INSECURE !== 'true') {
      throw new Error(
        `NATS needs TLS in production: use tls:// server URLs in NATS_URL (${NATS_TLS_VARIABLES.join(', ')} for the ` +
          `servers' CA and a client certificate), or set NATS_INSECURE=true where something else encrypts`,
      );
    }
    return undefined;
  }
  const pem = Object.entries(files ?? {}).map(([name, content]: [string, Buffer]) => [name, content.toString('utf8')]);
  return Object.fromEntries(pem) as NatsTls;
}
