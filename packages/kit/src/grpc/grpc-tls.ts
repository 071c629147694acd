import { readFileSync } from 'node:fs';
import { credentials, ServerCredentials, type ChannelCredentials, type ChannelOptions } from '@grpc/grpc-js';

/**
 * A process's gRPC identity (issue #19): its certificate and key, and the CA every peer's certificate must chain to.
 * Servers require and verify a client certificate; clients present theirs and verify the server's name.
 */
export interface GrpcTls {
  ca: Buffer;
  cert: Buffer;
  key: Buffer;
}

/** The variables naming the PEM files (the dev stack's .data/<profile>/pki/<name>/, the chart's mounted Secret). */
export const GRPC_TLS_VARIABLES = ['GRPC_TLS_CA_FILE', 'GRPC_TLS_CERT_FILE', 'GRPC_TLS_KEY_FILE'] as const;

/**
 * The identity configured in the environment: all three files, or none. Without them gRPC is plaintext, which only
 * development and test allow (GRPC_INSECURE=true says so explicitly in production, e.g. a mesh terminates mTLS).
 */
export function grpcTlsFromEnv(env: NodeJS.ProcessEnv = process.env): GrpcTls | undefined {
  const [ca, cert, key] = GRPC_TLS_VARIABLES.map((name) => env[name]?.trim() || undefined);
  if (!ca && !cert && !key) {
    if (env.NODE_ENV === 'production' && env.GRPC_INSECURE !== 'true') {
      throw new Error(`gRPC needs its certificate in production: set ${GRPC_TLS_VARIABLES.join(', ')}`);
    }
    return undefined;
  }
  if (!ca || !cert || !key) throw new Error(`gRPC TLS needs all of ${GRPC_TLS_VARIABLES.join(', ')} (or none)`);
  return { ca: readFileSync(ca), cert: readFileSync(cert), key: readFileSync(key) };
}

/** The server side: the certificate offered, and a client certificate signed by the CA required of every caller. */
export function grpcServerCredentials(tls: GrpcTls | undefined): ServerCredentials {
  if (!tls) return ServerCredentials.createInsecure();
  return ServerCredentials.createSsl(tls.ca, [{ private_key: tls.key, cert_chain: tls.cert }], true);
}

/**
 * The client side: presents the certificate and accepts only a server whose certificate names `serverName` (the
 * service it meant to call, whatever host the address uses).
 */
export function grpcChannel(
  tls: GrpcTls | undefined,
  serverName: string | undefined,
): { credentials: ChannelCredentials; options: ChannelOptions } {
  if (!tls) return { credentials: credentials.createInsecure(), options: {} };
  // A service every server serves (grpc.health.v1) names no one: any server of the platform's CA will do.
  if (!serverName) {
    return {
      credentials: credentials.createSsl(tls.ca, tls.key, tls.cert, { checkServerIdentity: () => undefined }),
      // A host name for SNI (an IP address there is deprecated); not checked.
      options: { 'grpc.ssl_target_name_override': 'pencraft-service' },
    };
  }
  return {
    credentials: credentials.createSsl(tls.ca, tls.key, tls.cert),
    options: { 'grpc.ssl_target_name_override': serverName, 'grpc.default_authority': serverName },
  };
}

/**
 * The service a ts-proto definition belongs to: the first part of its proto package ("articles.v1" → articles);
 * undefined for the services every server serves (grpc.health.v1).
 */
export function serviceNameOf(definition: Record<string, { path: string }>): string | undefined {
  const first = Object.values(definition)[0];
  const match = first && /^\/([a-z][a-z0-9_]*)\./.exec(first.path);
  if (!match) throw new Error('cannot tell which service a gRPC definition belongs to');
  return match[1] === 'grpc' ? undefined : match[1]!;
}

let cached: { env: string; tls: GrpcTls | undefined } | undefined;

/** grpcTlsFromEnv read once per configuration (every client of a process shares the files). */
export function processGrpcTls(): GrpcTls | undefined {
  const key = GRPC_TLS_VARIABLES.map((name) => process.env[name] ?? '').join('\n');
  if (cached?.env !== key) cached = { env: key, tls: grpcTlsFromEnv() };
  return cached.tls;
}
