import { Inject, Injectable } from '@nestjs/common';
import type { ClientInfo, UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { TOKENS_PER_USER_MAX } from '@pencraft/rules';
import type { z } from 'zod';
import { toAccessTokenJson, type CreateAccessTokenBody } from './access-tokens.dto.js';
import { ACCESS_TOKENS, type AccessTokensClient } from './access-tokens.upstream.js';

/** The signed-in user's personal access tokens over identity's TokenService: the owner is always the session's. */
@Injectable()
export class AccessTokensService {
  constructor(@Inject(ACCESS_TOKENS) private readonly tokens: AccessTokensClient) {}

  async list(user: UserSummary) {
    const { tokens } = await this.tokens.listAccessTokens({ uid: user.uid });
    return { items: tokens.map(toAccessTokenJson), max: TOKENS_PER_USER_MAX };
  }

  async create(user: UserSummary, body: z.output<typeof CreateAccessTokenBody>, client: ClientInfo) {
    const created = await this.tokens.createAccessToken({
      uid: user.uid,
      name: body.name,
      scopes: body.scopes,
      expiresInDays: body.expiresInDays,
      ip: client.ip,
      userAgent: client.userAgent,
    });
    return { token: toAccessTokenJson(created.token!), secret: created.secret };
  }

  async revoke(user: UserSummary, id: string, client: ClientInfo) {
    await this.tokens.revokeAccessToken({ uid: user.uid, id, ip: client.ip, userAgent: client.userAgent });
  }
}
