import { beforeEach, describe, expect, it } from '@jest/globals';
import { PartnerClientStatus, type PartnerClient } from '@pencraft/contracts/identity/v1/partners';
import { strictMock, type StrictMock } from '@pencraft/testing';
import type { StaffIdentity } from '../staff/current-staff.js';
import { PartnerClientsService } from './partner-clients.service.js';
import type { PartnerClientsClient } from './partner-clients.upstream.js';

const ID = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const AT = Date.parse('2026-11-28T10:00:00Z');
const admin = { username: 'admin', roles: ['admin', 'moderator'] } as unknown as StaffIdentity;

const client: PartnerClient = {
  id: ID,
  clientId: 'partner-baku-news-0a1b2c3d',
  name: 'Baku News',
  scopes: ['read', 'search'],
  origins: ['https://news.example.az'],
  rateLimitPerMinute: 600,
  dailyQuota: 100_000,
  status: PartnerClientStatus.PARTNER_CLIENT_STATUS_ACTIVE,
  createdAtMs: AT,
  revokedAtMs: 0,
  secretRotatedAtMs: 0,
};

describe('PartnerClientsService (gateway)', () => {
  let partners: StrictMock<PartnerClientsClient>;
  let service: PartnerClientsService;

  beforeEach(() => {
    partners = strictMock<PartnerClientsClient>('PartnerClientsClient');
    service = new PartnerClientsService(partners);
  });

  it('creates as the admin of the token and answers the secret with the client', async () => {
    partners.createPartnerClient.mockResolvedValue({ client, secret: 's3cret' });
    const body = { name: 'Baku News', scopes: ['read' as const], origins: [], rateLimitPerMinute: 5, dailyQuota: 9 };
    const created = await service.create(admin, body);
    expect(partners.createPartnerClient).toHaveBeenCalledWith({ ...body, actor: 'admin' });
    expect(created).toEqual({
      secret: 's3cret',
      client: expect.objectContaining({
        id: ID,
        status: 'active',
        createdAt: '2026-11-28T10:00:00.000Z',
        revokedAt: null,
        secretRotatedAt: null,
      }),
    });
  });

  it('PATCH keeps the fields it was not given', async () => {
    partners.getPartnerClient.mockResolvedValue({ client });
    partners.updatePartnerClient.mockResolvedValue({ client: { ...client, dailyQuota: 5 } });
    const updated = await service.update(admin, ID, { dailyQuota: 5 });
    expect(partners.updatePartnerClient).toHaveBeenCalledWith({
      id: ID,
      scopes: ['read', 'search'],
      origins: ['https://news.example.az'],
      rateLimitPerMinute: 600,
      dailyQuota: 5,
      actor: 'admin',
    });
    expect(updated.dailyQuota).toBe(5);
  });

  it('rotates and revokes as the admin, and shows a revoked client as revoked', async () => {
    partners.rotatePartnerClientSecret.mockResolvedValue({ client: { ...client, secretRotatedAtMs: AT }, secret: 'n' });
    expect(await service.rotate(admin, ID)).toMatchObject({
      secret: 'n',
      client: { secretRotatedAt: '2026-11-28T10:00:00.000Z' },
    });
    expect(partners.rotatePartnerClientSecret).toHaveBeenCalledWith({ id: ID, actor: 'admin' });
    partners.revokePartnerClient.mockResolvedValue({
      client: { ...client, status: PartnerClientStatus.PARTNER_CLIENT_STATUS_REVOKED, revokedAtMs: AT },
    });
    expect(await service.revoke(admin, ID)).toMatchObject({ status: 'revoked', revokedAt: '2026-11-28T10:00:00.000Z' });
    expect(partners.revokePartnerClient).toHaveBeenCalledWith({ id: ID, actor: 'admin' });
  });

  it('lists every client', async () => {
    partners.listPartnerClients.mockResolvedValue({ clients: [client] });
    expect((await service.list()).items.map((c) => c.clientId)).toEqual(['partner-baku-news-0a1b2c3d']);
  });
});
