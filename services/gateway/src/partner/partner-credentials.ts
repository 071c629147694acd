import type { PartnerClient, ResolvePartnerClientResponse } from '@pencraft/contracts/identity/v1/partners';
import { PartnerClientStatus } from '@pencraft/contracts/identity/v1/partners';
import type { VerifyAccessTokenResponse } from '@pencraft/contracts/identity/v1/tokens';
import { AppError } from '@pencraft/errors';
import {
  PARTNER_DAILY_QUOTA_DEFAULT,
  PARTNER_RATE_LIMIT_DEFAULT,
  partnerScopesOf,
  TOKEN_PATTERN,
  type PartnerScope,
} from '@pencraft/rules';
import { createHash } from 'node:crypto';
import { UNSAFE_METHODS } from '../http/route.js';
import type { StaffTokenVerifier } from '../staff/staff-token.verifier.js';
import type { PartnerSettings } from './partner.config.js';
import type { PartnerPrincipal } from './partner.principal.js';
import type { PartnersClient, TokensClient } from './partner.upstream.js';
import { TtlCache } from './ttl-cache.js';

/** What the limits of a credential are counted under, and the limits (requests per minute and per UTC day). */
export interface PartnerLimits {
  key: string;
  perMinute: number;
  perDay: number;
}

/** A verified credential: who calls, under which limits, and the browser origins registered for it. */
export interface PartnerAccess {
  principal: PartnerPrincipal;
  limits: PartnerLimits;
  /** The client's registered CORS origins (none for a bare personal access token). */
  origins: readonly string[];
}

/** What the credential is used for (written to the account operation log of a personal access token's owner). */
export interface PartnerUse {
  operation: string;
  method: string;
  /** The caller's address and user agent, for the log. */
  ip: string;
  userAgent: string;
}

const PERSONAL_TOKEN = new RegExp(TOKEN_PATTERN);

export const PARTNER_CREDENTIALS = Symbol('PARTNER_CREDENTIALS');

/**
 * Verifies the bearer credential of a partner route. A `pcp_` token is a writer's personal access token, checked by
 * identity (VerifyAccessToken; a valid answer kept briefly for safe methods only, keyed by the token's SHA-256, since
 * an unsafe call is written to the owner's operation log). Anything else must be a Keycloak access token of the realm
 * for the API (the staff verifier's checks and cached key set), whose `azp` names a partner client of identity's
 * registry (ResolvePartnerClient, kept briefly): an unknown or revoked client is refused, and its scopes, origins
 * and limits are the registry's, never the token's. A client holding `act` may present a writer's token in
 * Pencraft-Acting-Token: verified too, the principal then acts for that writer with the scopes both hold.
 */
export class PartnerCredentials {
  private readonly clients: TtlCache<ResolvePartnerClientResponse>;
  private readonly tokens: TtlCache<VerifyAccessTokenResponse>;
  /**
   * Keycloak tokens already verified, by their SHA-256: the client they name, until the token's expiry or the cache
   * period, whichever comes first. A partner sends the same token for minutes, and hashing it costs a small fraction
   * of an RS256 verification; the client's record is still looked up (cached) on every call, so a revocation or a
   * scope change takes effect as before.
   */
  private readonly verified = new Map<string, { clientId: string; untilMs: number }>();
  private readonly ttlMs: number;

  constructor(
    private readonly keycloak: Pick<StaffTokenVerifier, 'verifyClaims'>,
    private readonly partners: Pick<PartnersClient, 'resolvePartnerClient'>,
    private readonly identityTokens: Pick<TokensClient, 'verifyAccessToken'>,
    private readonly settings: PartnerSettings,
    private readonly now: () => number = Date.now,
  ) {
    const ttl = settings.PARTNER_CACHE_SECONDS * 1000;
    this.ttlMs = ttl;
    this.clients = new TtlCache(ttl, 10_000, now);
    this.tokens = new TtlCache(ttl, 10_000, now);
  }

  async authenticate(credential: string, acting: string | undefined, use: PartnerUse): Promise<PartnerAccess> {
    if (PERSONAL_TOKEN.test(credential)) {
      const token = await this.verifyToken(credential, use);
      return {
        principal: { kind: 'token', userId: token.uid, tokenId: token.tokenId, scopes: scopesOf(token.scopes) },
        limits: {
          key: `token-user:${token.uid}`,
          perMinute: this.settings.PARTNER_TOKEN_RATE_LIMIT_PER_MINUTE,
          perDay: this.settings.PARTNER_TOKEN_DAILY_QUOTA,
        },
        origins: [],
      };
    }
    const clientId = await this.verifyClientToken(credential);
    const client = await this.resolveClient(clientId);
    const limits = {
      key: `client:${client.clientId}`,
      perMinute: client.rateLimitPerMinute || PARTNER_RATE_LIMIT_DEFAULT,
      perDay: client.dailyQuota || PARTNER_DAILY_QUOTA_DEFAULT,
    };
    let scopes = scopesOf(client.scopes);
    const principal: PartnerPrincipal = { kind: 'client', clientId: client.clientId, scopes };
    if (acting !== undefined && scopes.includes('act')) {
      if (!PERSONAL_TOKEN.test(acting)) throw new AppError('TokenRejected');
      const token = await this.verifyToken(acting, use);
      const held = new Set(scopesOf(token.scopes));
      scopes = scopes.filter((scope) => held.has(scope));
      Object.assign(principal, { userId: token.uid, tokenId: token.tokenId, scopes });
    }
    return { principal, limits, origins: client.origins };
  }

  /** The client (`azp`) a Keycloak access token names, verified once per token within the cache period. */
  private async verifyClientToken(credential: string): Promise<string> {
    const key = createHash('sha256').update(credential).digest('base64url');
    const now = this.now();
    const known = this.verified.get(key);
    if (known && known.untilMs > now) return known.clientId;
    const claims = await this.keycloak.verifyClaims(credential);
    const clientId = typeof claims.azp === 'string' ? claims.azp : '';
    if (!clientId) throw new AppError('TokenRejected');
    const untilMs = Math.min(typeof claims.exp === 'number' ? claims.exp * 1000 : now, now + this.ttlMs);
    if (untilMs > now) {
      if (this.verified.size >= 10_000) this.verified.clear();
      this.verified.set(key, { clientId, untilMs });
    }
    return clientId;
  }

  /** The registry's active client of a token's azp; anything else (unknown, revoked) is refused. */
  private async resolveClient(clientId: string): Promise<PartnerClient> {
    const answer = await this.clients.get(clientId, () => this.partners.resolvePartnerClient({ clientId }));
    const client = answer.found ? answer.client : undefined;
    if (!client || client.status !== PartnerClientStatus.PARTNER_CLIENT_STATUS_ACTIVE) {
      throw new AppError('TokenRejected');
    }
    return client;
  }

  private async verifyToken(secret: string, use: PartnerUse): Promise<VerifyAccessTokenResponse> {
    const call = () =>
      this.identityTokens.verifyAccessToken({
        secret,
        operation: use.operation,
        method: use.method,
        ip: use.ip,
        userAgent: use.userAgent,
      });
    let answer: VerifyAccessTokenResponse;
    if (UNSAFE_METHODS.has(use.method)) {
      answer = await call();
    } else {
      const key = createHash('sha256').update(secret).digest('base64url');
      answer = await this.tokens.get(key, call);
      if (!answer.valid) this.tokens.delete(key);
    }
    if (!answer.valid || !answer.uid) throw new AppError('TokenRejected');
    return answer;
  }
}

function scopesOf(scopes: readonly string[]): PartnerScope[] {
  return partnerScopesOf(scopes.join(' '));
}
