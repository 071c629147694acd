import { beforeEach, describe, expect, it } from '@jest/globals';
import { PartnerClientStatus } from '@pencraft/contracts/identity/v1/partners';
import { AppError } from '@pencraft/errors';
import type { Clock, Logger } from '@pencraft/kit';
import { PARTNER_DAILY_QUOTA_DEFAULT, PARTNER_RATE_LIMIT_DEFAULT } from '@pencraft/rules';
import { strictMock, type StrictMock } from '@pencraft/testing';
import { KeycloakAdminError, type KeycloakAdmin } from './keycloak-admin.js';
import { PartnerClientExists, type PartnerClientRepository } from './partner-client.repository.js';
import type { PartnerClientRow } from './partner-client.table.js';
import { newClientId, PartnerService } from './partner.service.js';

const NOW = new Date('2026-11-28T10:00:00Z');
const ID = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const KC_ID = 'f1e2d3c4-0000-4000-8000-000000000001';

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (AppError.is(error)) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

function row(overrides: Partial<PartnerClientRow> = {}): PartnerClientRow {
  return {
    id: ID,
    clientId: 'partner-baku-news-0a1b2c3d',
    keycloakId: KC_ID,
    name: 'Baku News',
    scopes: ['read', 'search'],
    origins: ['https://news.example.az'],
    rateLimitPerMinute: 600,
    dailyQuota: 100_000,
    status: 'active',
    createdAt: NOW,
    createdBy: 'admin',
    updatedAt: NOW,
    updatedBy: 'admin',
    secretRotatedAt: null,
    revokedAt: null,
    ...overrides,
  };
}

describe('PartnerService', () => {
  let clients: StrictMock<PartnerClientRepository>;
  let keycloak: StrictMock<KeycloakAdmin>;
  let log: StrictMock<Logger>;
  let service: PartnerService;

  beforeEach(() => {
    clients = strictMock<PartnerClientRepository>('PartnerClientRepository');
    keycloak = strictMock<KeycloakAdmin>('KeycloakAdmin');
    log = strictMock<Logger>('Logger');
    log.info.mockReturnValue(undefined);
    log.error.mockReturnValue(undefined);
    const clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    service = new PartnerService(clients, keycloak, clock, { PARTNER_SEED_CLIENTS: ['pencraft-partners'] }, log);
  });

  describe('create', () => {
    const request = {
      name: '  Baku   News ',
      scopes: ['search', 'read', 'read'],
      origins: ['https://News.example.az', 'https://news.example.az'],
      rateLimitPerMinute: 0,
      dailyQuota: 0,
      actor: 'admin',
    };

    it('creates the Keycloak client first, then the row, and answers the secret once', async () => {
      keycloak.createClient.mockResolvedValue(KC_ID);
      keycloak.secret.mockResolvedValue('s3cret');
      clients.insert.mockImplementation(async (values) => row({ ...values, id: ID }) as PartnerClientRow);
      const created = await service.create(request);
      const clientId = keycloak.createClient.mock.calls[0]![0].clientId;
      expect(clientId).toMatch(/^partner-baku-news-[0-9a-f]{8}$/);
      expect(keycloak.createClient).toHaveBeenCalledWith({ clientId, name: 'Baku News' });
      expect(clients.insert).toHaveBeenCalledWith({
        clientId,
        keycloakId: KC_ID,
        name: 'Baku News',
        scopes: ['read', 'search'],
        origins: ['https://news.example.az'],
        rateLimitPerMinute: PARTNER_RATE_LIMIT_DEFAULT,
        dailyQuota: PARTNER_DAILY_QUOTA_DEFAULT,
        createdAt: NOW,
        createdBy: 'admin',
        updatedAt: NOW,
        updatedBy: 'admin',
      });
      expect(created.secret).toBe('s3cret');
      expect(created.client).toMatchObject({
        id: ID,
        clientId,
        status: PartnerClientStatus.PARTNER_CLIENT_STATUS_ACTIVE,
        createdAtMs: NOW.getTime(),
        revokedAtMs: 0,
      });
    });

    it('refuses bad input with InvalidModel naming each field, before calling Keycloak', async () => {
      const error = await failure(
        service.create({
          ...request,
          name: 'x',
          scopes: ['admin'],
          origins: ['http://evil.example/path'],
          rateLimitPerMinute: -1,
        }),
      );
      expect(error.code).toBe('InvalidModel');
      expect(error.details?.map((d) => d.field)).toEqual(['name', 'scopes', 'origins', 'rateLimitPerMinute']);
    });

    it('refuses a client without scopes or without an actor', async () => {
      expect((await failure(service.create({ ...request, scopes: [] }))).details).toEqual([
        { field: 'scopes', code: 'InvalidModel' },
      ]);
      expect((await failure(service.create({ ...request, actor: ' ' }))).code).toBe('InvalidModel');
    });

    it('removes the Keycloak client again when the name is taken (NameExists)', async () => {
      keycloak.createClient.mockResolvedValue(KC_ID);
      keycloak.secret.mockResolvedValue('s3cret');
      clients.insert.mockRejectedValue(new PartnerClientExists());
      keycloak.deleteClient.mockResolvedValue(undefined);
      expect((await failure(service.create(request))).code).toBe('NameExists');
      expect(keycloak.deleteClient).toHaveBeenCalledWith(KC_ID);
    });

    it('logs a Keycloak client it could not remove, and still fails', async () => {
      keycloak.createClient.mockResolvedValue(KC_ID);
      keycloak.secret.mockResolvedValue('s3cret');
      clients.insert.mockRejectedValue(new Error('database down'));
      keycloak.deleteClient.mockRejectedValue(new KeycloakAdminError('unreachable'));
      await expect(service.create(request)).rejects.toThrow('database down');
      expect(log.error).toHaveBeenCalledWith(
        expect.objectContaining({ clientId: expect.stringMatching(/^partner-/) }),
        'partner client left in Keycloak without a registry row',
      );
    });

    it('answers OperationFailed when Keycloak fails, and writes no row', async () => {
      keycloak.createClient.mockRejectedValue(new KeycloakAdminError('Keycloak answered 403', 403));
      expect((await failure(service.create(request))).code).toBe('OperationFailed');
    });
  });

  describe('update', () => {
    it('changes scopes, origins and limits in the registry only', async () => {
      clients.findById.mockResolvedValue(row());
      clients.update.mockResolvedValue(row({ scopes: ['act'], origins: [], rateLimitPerMinute: 10, dailyQuota: 20 }));
      const updated = await service.update({
        id: ID,
        scopes: ['act'],
        origins: [],
        rateLimitPerMinute: 10,
        dailyQuota: 20,
        actor: 'root',
      });
      expect(clients.update).toHaveBeenCalledWith(ID, {
        scopes: ['act'],
        origins: [],
        rateLimitPerMinute: 10,
        dailyQuota: 20,
        updatedAt: NOW,
        updatedBy: 'root',
      });
      expect(updated.scopes).toEqual(['act']);
    });

    it('refuses zero limits, unknown ids and revoked clients', async () => {
      clients.findById.mockResolvedValue(row());
      const base = { id: ID, scopes: ['read'], origins: [], rateLimitPerMinute: 0, dailyQuota: 5, actor: 'a' };
      expect((await failure(service.update(base))).code).toBe('InvalidModel');
      expect((await failure(service.update({ ...base, id: 'not-a-uuid' }))).code).toBe('NotFound');
      clients.findById.mockResolvedValue(undefined);
      expect((await failure(service.update({ ...base, rateLimitPerMinute: 5 }))).code).toBe('NotFound');
      clients.findById.mockResolvedValue(row({ status: 'revoked' }));
      expect((await failure(service.update({ ...base, rateLimitPerMinute: 5 }))).code).toBe('OperationFailed');
    });
  });

  describe('rotate', () => {
    it('regenerates the secret in Keycloak and notes when', async () => {
      clients.findById.mockResolvedValue(row());
      keycloak.regenerateSecret.mockResolvedValue('new-secret');
      clients.update.mockResolvedValue(row({ secretRotatedAt: NOW }));
      const rotated = await service.rotate(ID, 'admin');
      expect(keycloak.regenerateSecret).toHaveBeenCalledWith(KC_ID);
      expect(clients.update).toHaveBeenCalledWith(ID, {
        keycloakId: KC_ID,
        secretRotatedAt: NOW,
        updatedAt: NOW,
        updatedBy: 'admin',
      });
      expect(rotated).toMatchObject({ secret: 'new-secret', client: { secretRotatedAtMs: NOW.getTime() } });
    });

    it("looks a seeded client's Keycloak id up by its client id", async () => {
      clients.findById.mockResolvedValue(row({ keycloakId: null, clientId: 'pencraft-partners' }));
      keycloak.findClient.mockResolvedValue(KC_ID);
      keycloak.regenerateSecret.mockResolvedValue('new-secret');
      clients.update.mockResolvedValue(row({ keycloakId: KC_ID }));
      await service.rotate(ID, 'admin');
      expect(keycloak.findClient).toHaveBeenCalledWith('pencraft-partners');
      expect(clients.update).toHaveBeenCalledWith(ID, expect.objectContaining({ keycloakId: KC_ID }));
    });

    it('refuses a revoked client', async () => {
      clients.findById.mockResolvedValue(row({ status: 'revoked' }));
      expect((await failure(service.rotate(ID, 'admin'))).code).toBe('OperationFailed');
    });
  });

  describe('revoke', () => {
    it('marks the row first, then disables the Keycloak client', async () => {
      const order: string[] = [];
      clients.findById.mockResolvedValue(row());
      clients.update.mockImplementation(async () => {
        order.push('row');
        return row({ status: 'revoked', revokedAt: NOW });
      });
      keycloak.setEnabled.mockImplementation(async () => {
        order.push('keycloak');
      });
      const revoked = await service.revoke(ID, 'admin');
      expect(order).toEqual(['row', 'keycloak']);
      expect(clients.update).toHaveBeenCalledWith(ID, {
        status: 'revoked',
        revokedAt: NOW,
        updatedAt: NOW,
        updatedBy: 'admin',
      });
      expect(keycloak.setEnabled).toHaveBeenCalledWith(KC_ID, false);
      expect(revoked).toMatchObject({
        status: PartnerClientStatus.PARTNER_CLIENT_STATUS_REVOKED,
        revokedAtMs: NOW.getTime(),
      });
    });

    it('is idempotent: a revoked row is kept as it is and Keycloak is disabled again', async () => {
      clients.findById.mockResolvedValue(row({ status: 'revoked', revokedAt: NOW }));
      keycloak.setEnabled.mockResolvedValue(undefined);
      await service.revoke(ID, 'other');
      expect(keycloak.setEnabled).toHaveBeenCalledWith(KC_ID, false);
    });

    it('keeps the row revoked when Keycloak fails (fails closed), answering OperationFailed', async () => {
      clients.findById.mockResolvedValue(row());
      clients.update.mockResolvedValue(row({ status: 'revoked', revokedAt: NOW }));
      keycloak.setEnabled.mockRejectedValue(new KeycloakAdminError('unreachable'));
      expect((await failure(service.revoke(ID, 'admin'))).code).toBe('OperationFailed');
      expect(clients.update).toHaveBeenCalledTimes(1);
    });
  });

  describe('resolve and the seed', () => {
    it('resolves a client by its Keycloak client id, and says found false otherwise', async () => {
      clients.findByClientId.mockResolvedValueOnce(row()).mockResolvedValueOnce(undefined);
      expect(await service.resolve('partner-baku-news-0a1b2c3d')).toMatchObject({
        found: true,
        client: { id: ID, scopes: ['read', 'search'], origins: ['https://news.example.az'] },
      });
      expect(await service.resolve('pencraft-console')).toEqual({ found: false, client: undefined });
      expect(await service.resolve('')).toEqual({ found: false, client: undefined });
    });

    it("registers the realm file's demo partner with every scope when missing", async () => {
      clients.insertIfAbsent.mockResolvedValue(true);
      await service.onApplicationBootstrap();
      expect(clients.insertIfAbsent).toHaveBeenCalledWith(
        expect.objectContaining({
          clientId: 'pencraft-partners',
          keycloakId: null,
          scopes: ['read', 'search', 'act', 'webhooks'],
          createdBy: 'seed',
        }),
      );
    });
  });

  it('makes client ids from the ascii words of the name', () => {
    expect(newClientId('Çay Şəhəri: Newsroom!', () => 'abcd1234')).toBe('partner-cay-s-h-ri-newsroom-abcd1234');
    expect(newClientId('Новости', () => 'abcd1234')).toBe('partner-abcd1234');
  });
});
