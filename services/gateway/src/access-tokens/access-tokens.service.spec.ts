import { Language } from '@pencraft/contracts/common/v1/common';
import type { ClientInfo, UserSummary } from '@pencraft/contracts/identity/v1/identity';
import type { AccessToken } from '@pencraft/contracts/identity/v1/tokens';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { TOKENS_PER_USER_MAX } from '@pencraft/rules';
import { strictMock, type StrictMock } from '@pencraft/testing';
import { AccessTokensService } from './access-tokens.service.js';
import type { AccessTokensClient } from './access-tokens.upstream.js';

const UID = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const ID = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const AT = Date.parse('2026-11-28T10:00:00Z');
const user = { uid: UID, username: 'leyla' } as UserSummary;
const client: ClientInfo = { ip: '203.0.113.7', userAgent: 'Firefox', lang: Language.LANGUAGE_EN };
const SECRET = 'pcp_' + 'A'.repeat(43);

const token: AccessToken = {
  id: ID,
  name: 'Blog sync',
  scopes: ['read', 'act', 'webhooks'],
  prefix: 'pcp_AAAA',
  createdAtMs: AT,
  expiresAtMs: AT + 30 * 86_400_000,
  lastUsedAtMs: 0,
  revokedAtMs: AT + 1000,
};

describe('AccessTokensService (gateway)', () => {
  let tokens: StrictMock<AccessTokensClient>;
  let service: AccessTokensService;

  beforeEach(() => {
    tokens = strictMock<AccessTokensClient>('AccessTokensClient');
    service = new AccessTokensService(tokens);
  });

  it("lists the session user's tokens as JSON (dates ISO, never used null, unknown scopes left out)", async () => {
    tokens.listAccessTokens.mockResolvedValue({ tokens: [token] });
    expect(await service.list(user)).toEqual({
      items: [
        {
          id: ID,
          name: 'Blog sync',
          scopes: ['read', 'act'],
          prefix: 'pcp_AAAA',
          createdAt: '2026-11-28T10:00:00.000Z',
          expiresAt: '2026-12-28T10:00:00.000Z',
          lastUsedAt: null,
          revokedAt: '2026-11-28T10:00:01.000Z',
        },
      ],
      max: TOKENS_PER_USER_MAX,
    });
    expect(tokens.listAccessTokens).toHaveBeenCalledWith({ uid: UID });
  });

  it('makes a token for the session user with the browser as the client, answering the secret once', async () => {
    tokens.createAccessToken.mockResolvedValue({ token: { ...token, revokedAtMs: 0 }, secret: SECRET });
    const answer = await service.create(
      user,
      { name: 'Blog sync', scopes: ['read', 'act'], expiresInDays: 30 },
      client,
    );
    expect(tokens.createAccessToken).toHaveBeenCalledWith({
      uid: UID,
      name: 'Blog sync',
      scopes: ['read', 'act'],
      expiresInDays: 30,
      ip: '203.0.113.7',
      userAgent: 'Firefox',
    });
    expect(answer).toMatchObject({ secret: SECRET, token: { id: ID, revokedAt: null } });
  });

  it("revokes only as the session user (identity answers NotFound for another's token)", async () => {
    tokens.revokeAccessToken.mockResolvedValue({});
    await service.revoke(user, ID, client);
    expect(tokens.revokeAccessToken).toHaveBeenCalledWith({
      uid: UID,
      id: ID,
      ip: '203.0.113.7',
      userAgent: 'Firefox',
    });
  });
});
