import { AppError } from '@pencraft/errors';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';

/** moderator: the review queue, reports, bans; finance: the payouts queue; admin: everything the others may. */
export type StaffRole = 'moderator' | 'finance' | 'admin';
export const STAFF_ROLES: readonly StaffRole[] = ['moderator', 'finance', 'admin'];

/** Who a staff route's request comes from: the Keycloak user (or service account) of a verified access token. */
export interface StaffIdentity {
  /** Keycloak's user id (a UUID). */
  sub: string;
  /** Keycloak's preferred_username. */
  username: string;
  /** The staff roles among the token's realm roles. */
  roles: StaffRole[];
}

export interface StaffTokenOptions {
  issuer: string;
  audience: string;
  /** The realm's key set; createRemoteJWKSet(jwksUrl) in production (cached, refetched for an unknown kid). */
  keys: JWTVerifyGetKey;
  /** Seconds of clock skew accepted on exp and nbf. */
  clockToleranceSeconds?: number;
}

export const STAFF_TOKEN_VERIFIER = Symbol('STAFF_TOKEN_VERIFIER');

/** jose's errors that mean "this token is not acceptable" (as opposed to "the key set could not be fetched"). */
const REJECTIONS = new Set([
  'ERR_JWT_EXPIRED',
  'ERR_JWT_CLAIM_VALIDATION_FAILED',
  'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
  'ERR_JWS_INVALID',
  'ERR_JWT_INVALID',
  'ERR_JOSE_ALG_NOT_ALLOWED',
  'ERR_JOSE_NOT_SUPPORTED',
  'ERR_JWKS_NO_MATCHING_KEY',
  'ERR_JWKS_MULTIPLE_MATCHING_KEYS',
]);

/** A compact JWS has three base64url parts; anything else is refused before any key is looked up. */
const COMPACT_JWS = /^[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]{2,}$/;
const MAX_TOKEN_LENGTH = 16_384;

/**
 * Verifies a Keycloak access token: RS256 only, signed by a key of the realm, the realm's issuer, our audience,
 * exp/nbf (small tolerance), an access token (typ Bearer), a subject. Refusals are TokenRejected (401); a key set
 * that cannot be fetched is NetworkError (503), never a refusal of a good token nor an acceptance.
 */
export class StaffTokenVerifier {
  private readonly tolerance: number;

  constructor(private readonly options: StaffTokenOptions) {
    this.tolerance = options.clockToleranceSeconds ?? 5;
  }

  static remote(jwksUrl: string, options: Omit<StaffTokenOptions, 'keys'>): StaffTokenVerifier {
    const keys = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5_000, cooldownDuration: 30_000 });
    return new StaffTokenVerifier({ ...options, keys });
  }

  async verify(token: string): Promise<StaffIdentity> {
    const payload = await this.verifyClaims(token);
    const sub = payload.sub!;
    const username = typeof payload.preferred_username === 'string' ? payload.preferred_username : sub;
    const realmAccess = payload.realm_access as { roles?: unknown } | undefined;
    const realmRoles = Array.isArray(realmAccess?.roles) ? realmAccess.roles : [];
    const roles = STAFF_ROLES.filter((role) => realmRoles.includes(role));
    return { sub, username, roles };
  }

  /**
   * The claims of a verified access token of the realm for our audience (a subject always present): what the staff
   * guard reads roles from and the partner guard reads the client (`azp`) from, over one cached key set.
   */
  async verifyClaims(token: string): Promise<JWTPayload & { sub: string }> {
    if (token.length > MAX_TOKEN_LENGTH || !COMPACT_JWS.test(token)) throw new AppError('TokenRejected');
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.options.keys, {
        algorithms: ['RS256'],
        issuer: this.options.issuer,
        audience: this.options.audience,
        clockTolerance: this.tolerance,
        requiredClaims: ['exp', 'iat', 'sub'],
      }));
    } catch (error) {
      if (error instanceof joseErrors.JOSEError && REJECTIONS.has(error.code)) throw new AppError('TokenRejected');
      throw new AppError('NetworkError', { cause: error });
    }
    // Keycloak's access tokens say typ "Bearer"; its ID and refresh tokens say otherwise.
    if (payload.typ !== undefined && payload.typ !== 'Bearer') throw new AppError('TokenRejected');
    const sub = typeof payload.sub === 'string' ? payload.sub : '';
    if (!sub) throw new AppError('TokenRejected');
    return { ...payload, sub };
  }
}

/** An admin may do whatever a moderator or finance may. */
export function hasStaffRole(identity: StaffIdentity, required: StaffRole): boolean {
  return identity.roles.includes(required) || identity.roles.includes('admin');
}
