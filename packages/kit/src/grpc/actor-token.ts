import { createPrivateKey, createPublicKey, randomUUID, sign, verify, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * Actor tokens (issue #19): the user a gRPC call acts for travels as a short-lived JWT the gateway signs (EdDSA,
 * Ed25519) and the callee verifies with the gateway's public key, not as a bare id any caller could fill in. Claims:
 * iss "gateway", sub the user's id, aud the service it was issued for, iat/exp (60 s), jti.
 */
export const ACTOR_TOKEN_METADATA = 'x-actor-token';
export const ACTOR_TOKEN_TTL_SECONDS = 60;
const ISSUER = 'gateway';
/** Clock skew tolerated between the gateway and a service. */
const LEEWAY_SECONDS = 5;

export type ActorTokenFailure = 'malformed' | 'signature' | 'expired' | 'audience';

export class ActorTokenError extends Error {
  constructor(readonly reason: ActorTokenFailure) {
    super(`actor token refused: ${reason}`);
    this.name = 'ActorTokenError';
  }
}

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function signActorToken(
  key: KeyObject,
  claims: { sub: string; aud: string },
  options: { nowMs?: number; ttlSeconds?: number } = {},
): string {
  const iat = Math.floor((options.nowMs ?? Date.now()) / 1000);
  const exp = iat + (options.ttlSeconds ?? ACTOR_TOKEN_TTL_SECONDS);
  const input = `${encode({ alg: 'EdDSA', typ: 'JWT' })}.${encode({ iss: ISSUER, sub: claims.sub, aud: claims.aud, iat, exp, jti: randomUUID() })}`;
  return `${input}.${sign(null, Buffer.from(input), key).toString('base64url')}`;
}

/**
 * The user a token vouches for, when its signature is the gateway's, it is within its lifetime, and it was issued
 * for one of `audiences` (the service itself; or the caller, when that service forwards its own user's token one
 * hop further while handling the request). Throws ActorTokenError otherwise.
 */
export function verifyActorToken(
  key: KeyObject,
  token: string,
  audiences: readonly string[],
  nowMs: number = Date.now(),
): { sub: string; aud: string } {
  const parts = token.split('.');
  if (parts.length !== 3) throw new ActorTokenError('malformed');
  const [header, payload, signature] = parts as [string, string, string];
  let claims: { iss?: unknown; sub?: unknown; aud?: unknown; exp?: unknown; iat?: unknown };
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: unknown };
    if (head.alg !== 'EdDSA') throw new ActorTokenError('malformed');
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as typeof claims;
  } catch {
    throw new ActorTokenError('malformed');
  }
  if (!verify(null, Buffer.from(`${header}.${payload}`), key, Buffer.from(signature, 'base64url'))) {
    throw new ActorTokenError('signature');
  }
  const { iss, sub, aud, exp, iat } = claims;
  if (iss !== ISSUER || typeof sub !== 'string' || !sub || typeof aud !== 'string' || typeof exp !== 'number') {
    throw new ActorTokenError('malformed');
  }
  const now = nowMs / 1000;
  if (exp + LEEWAY_SECONDS <= now) throw new ActorTokenError('expired');
  if (typeof iat === 'number' && iat - LEEWAY_SECONDS > now) throw new ActorTokenError('malformed');
  if (exp - (typeof iat === 'number' ? iat : now) > 10 * ACTOR_TOKEN_TTL_SECONDS)
    throw new ActorTokenError('malformed');
  if (!audiences.includes(aud)) throw new ActorTokenError('audience');
  return { sub, aud };
}

/** The keys configured in the environment: the gateway's private key (it signs), every service's public key. */
export interface ActorKeys {
  signing?: KeyObject;
  verifying?: KeyObject;
}

export function actorKeysFromEnv(env: NodeJS.ProcessEnv = process.env): ActorKeys {
  const signing = env.ACTOR_TOKEN_SIGNING_KEY_FILE?.trim();
  const verifying = env.ACTOR_TOKEN_VERIFY_KEY_FILE?.trim();
  return {
    ...(signing ? { signing: createPrivateKey(readFileSync(signing)) } : {}),
    ...(verifying ? { verifying: createPublicKey(readFileSync(verifying)) } : {}),
  };
}

let cached: { env: string; keys: ActorKeys } | undefined;

/** actorKeysFromEnv read once per configuration. */
export function processActorKeys(): ActorKeys {
  const key = `${process.env.ACTOR_TOKEN_SIGNING_KEY_FILE ?? ''}\n${process.env.ACTOR_TOKEN_VERIFY_KEY_FILE ?? ''}`;
  if (cached?.env !== key) cached = { env: key, keys: actorKeysFromEnv() };
  return cached.keys;
}
