import { readFileSync } from 'node:fs';

/** A TLS client's PEM files (issue #19): the CA the server must chain to, and an optional client certificate. */
export interface TlsFiles {
  ca?: Buffer;
  cert?: Buffer;
  key?: Buffer;
}

/** The variables naming a client's PEM files: `<PREFIX>_TLS_CA_FILE`, `_CERT_FILE` and `_KEY_FILE`. */
export function tlsFileVariables<P extends string>(prefix: P) {
  return [`${prefix}_TLS_CA_FILE`, `${prefix}_TLS_CERT_FILE`, `${prefix}_TLS_KEY_FILE`] as const;
}

/**
 * The PEM files the environment names for `prefix` (a blank variable is unset), read; undefined when it names none.
 * A client certificate needs both its certificate and its key; a named file that is missing throws (ENOENT).
 */
export function tlsFilesFromEnv(prefix: string, env: NodeJS.ProcessEnv): TlsFiles | undefined {
  const variables = tlsFileVariables(prefix);
  const [ca, cert, key] = variables.map((name) => env[name]?.trim() || undefined);
  if (!ca && !cert && !key) return undefined;
  if (!cert !== !key) throw new Error(`a client certificate needs both ${variables[1]} and ${variables[2]}`);
  return {
    ...(ca ? { ca: readFileSync(ca) } : {}),
    ...(cert && key ? { cert: readFileSync(cert), key: readFileSync(key) } : {}),
  };
}
