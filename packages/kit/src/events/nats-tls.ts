import { readFileSync } from 'node:fs';

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
export const NATS_TLS_VARIABLES = ['NATS_TLS_CA_FILE', 'NATS_TLS_CERT_FILE', 'NATS_TLS_KEY_FILE'] as const;

/**
 * The NATS TLS configured in the environment for NATS_URL. TLS is on when a server URL is tls:// or a NATS_TLS_*
 * file is named: the connection then refuses a server that does not speak TLS or whose certificate does not chain to
 * NATS_TLS_CA_FILE (the system's roots without it). Without TLS the connection is plaintext, which only development
 * and test allow; NATS_INSECURE=true says so explicitly in production (e.g. a mesh encrypts), like GRPC_INSECURE.
 */
export function natsTlsFromEnv(url: string, env: NodeJS.ProcessEnv = process.env): NatsTls | undefined {
  const [ca, cert, key] = NATS_TLS_VARIABLES.map((name) => env[name]?.trim() || undefined);
  const servers = url.split(',').map((server) => server.trim());
  const tlsUrl = servers.some((server) => server.startsWith('tls://'));
  if (!tlsUrl && !ca && !cert && !key) {
    if (env.NODE_ENV === 'production' && env.NATS_INSECURE !== 'true') {
      throw new Error(
        `NATS needs TLS in production: use tls:// server URLs in NATS_URL (${NATS_TLS_VARIABLES.join(', ')} for the ` +
          `servers' CA and a client certificate), or set NATS_INSECURE=true where something else encrypts`,
      );
    }
    return undefined;
  }
  if (!cert !== !key) throw new Error('a NATS client certificate needs both NATS_TLS_CERT_FILE and NATS_TLS_KEY_FILE');
  return {
    ...(ca ? { ca: readFileSync(ca, 'utf8') } : {}),
    ...(cert && key ? { cert: readFileSync(cert, 'utf8'), key: readFileSync(key, 'utf8') } : {}),
  };
}
