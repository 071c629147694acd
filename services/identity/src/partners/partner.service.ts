import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import {
  PartnerClientStatus,
  type CreatePartnerClientRequest,
  type PartnerClient,
  type UpdatePartnerClientRequest,
} from '@pencraft/contracts/identity/v1/partners';
import { AppError, type ErrorDetail } from '@pencraft/errors';
import { Clock, CONFIG, LOGGER, type Logger } from '@pencraft/kit';
import {
  checkPartnerClient,
  isUuid,
  normalizePartnerName,
  PARTNER_CLIENT_ID_PREFIX,
  PARTNER_DAILY_QUOTA_DEFAULT,
  PARTNER_RATE_LIMIT_DEFAULT,
  PARTNER_SCOPES,
  partnerScopesFrom,
  type PartnerScope,
} from '@pencraft/rules';
import { randomBytes } from 'node:crypto';
import type { IdentityConfig } from '../config.js';
import { KeycloakAdmin, KeycloakAdminError } from './keycloak-admin.js';
import { PartnerClientExists, PartnerClientRepository } from './partner-client.repository.js';
import type { PartnerClientRow } from './partner-client.table.js';

/** Staff names are Keycloak usernames; anything longer is cut (an audit column, not an identity). */
const ACTOR_MAX = 100;
const SEED_ACTOR = 'seed';

function ms(date: Date | null): number {
  return date ? date.getTime() : 0;
}

export function toPartnerClient(row: PartnerClientRow): PartnerClient {
  return {
    id: row.id,
    clientId: row.clientId,
    name: row.name,
    scopes: row.scopes,
    origins: row.origins,
    rateLimitPerMinute: row.rateLimitPerMinute,
    dailyQuota: row.dailyQuota,
    status:
      row.status === 'revoked'
        ? PartnerClientStatus.PARTNER_CLIENT_STATUS_REVOKED
        : PartnerClientStatus.PARTNER_CLIENT_STATUS_ACTIVE,
    createdAtMs: ms(row.createdAt),
    revokedAtMs: ms(row.revokedAt),
    secretRotatedAtMs: ms(row.secretRotatedAt),
  };
}

/** A Keycloak client id for a new partner: `partner-<ascii words of the name>-<8 hex>` (the token's azp). */
export function newClientId(name: string, random: () => string = () => randomBytes(4).toString('hex')): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 24)
    .replace(/-+$/, '');
  return `${PARTNER_CLIENT_ID_PREFIX}${slug ? `${slug}-` : ''}${random()}`;
}

interface Settings<Scope = string> {
  scopes: Scope[];
  origins: string[];
  rateLimitPerMinute: number;
  dailyQuota: number;
}

/**
 * Partner clients (issue #18). Keycloak holds each client's credential; the registry (partner_clients) holds what
 * the gateway enforces. The two are written in an order that fails closed:
 * - create: Keycloak first, then the row; when the row cannot be written the Keycloak client is deleted again. Should
 *   that deletion fail too, an unregistered Keycloak client is left (logged with its client id): its tokens are
 *   refused by the gateway, since ResolvePartnerClient does not find it.
 * - rotate: Keycloak regenerates the secret (the old one stops at once), then the row notes when. Should the note
 *   fail, the new secret is not shown; nobody knows it, and the admin rotates again.
 * - revoke: the row first (the gateway refuses the client's tokens once its cache expires, even while Keycloak is
 *   down), then the Keycloak client is disabled (no new tokens). Should Keycloak fail, the call fails with the row
 *   already revoked, and revoking again (idempotent) disables it.
 * - update: the registry only (scopes, origins and limits are not Keycloak's).
 */
@Injectable()
export class PartnerService implements OnApplicationBootstrap {
  constructor(
    private readonly clients: PartnerClientRepository,
    private readonly keycloak: KeycloakAdmin,
    private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: Pick<IdentityConfig, 'PARTNER_SEED_CLIENTS'>,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  /** Registers the realm file's demo partners (PARTNER_SEED_CLIENTS) when missing; no Keycloak call is needed. */
  async onApplicationBootstrap(): Promise<void> {
    for (const clientId of this.config.PARTNER_SEED_CLIENTS) {
      const now = this.clock.now();
      const added = await this.clients.insertIfAbsent({
        clientId,
        keycloakId: null,
        name: `Demo partner (${clientId})`,
        scopes: [...PARTNER_SCOPES],
        origins: [],
        rateLimitPerMinute: PARTNER_RATE_LIMIT_DEFAULT,
        dailyQuota: PARTNER_DAILY_QUOTA_DEFAULT,
        createdAt: now,
        createdBy: SEED_ACTOR,
        updatedAt: now,
        updatedBy: SEED_ACTOR,
      });
      if (added) this.log.info({ clientId }, 'demo partner client registered');
    }
  }

  async create(request: CreatePartnerClientRequest): Promise<{ client: PartnerClient; secret: string }> {
    const name = normalizePartnerName(request.name ?? '');
    const settings = this.checked({
      name,
      scopes: request.scopes ?? [],
      origins: request.origins ?? [],
      rateLimitPerMinute: request.rateLimitPerMinute || PARTNER_RATE_LIMIT_DEFAULT,
      dailyQuota: request.dailyQuota || PARTNER_DAILY_QUOTA_DEFAULT,
    });
    const actor = this.actor(request.actor);
    const clientId = newClientId(name);
    const keycloakId = await this.keycloakCall(() => this.keycloak.createClient({ clientId, name }));
    let secret: string;
    let row: PartnerClientRow;
    try {
      secret = await this.keycloakCall(() => this.keycloak.secret(keycloakId));
      const now = this.clock.now();
      row = await this.clients.insert({
        clientId,
        keycloakId,
        name,
        ...settings,
        createdAt: now,
        createdBy: actor,
        updatedAt: now,
        updatedBy: actor,
      });
    } catch (error) {
      // Undo the Keycloak client, so it and the registry agree (see the class comment when this fails too).
      await this.keycloak.deleteClient(keycloakId).catch((undo: unknown) => {
        this.log.error({ err: undo, clientId }, 'partner client left in Keycloak without a registry row');
      });
      if (error instanceof PartnerClientExists) {
        throw new AppError('NameExists', { details: [{ field: 'name', code: 'NameExists' }] });
      }
      throw error;
    }
    this.log.info({ clientId, actor }, 'partner client created');
    return { client: toPartnerClient(row), secret };
  }

  async list(): Promise<PartnerClient[]> {
    return (await this.clients.list()).map(toPartnerClient);
  }

  async get(id: string): Promise<PartnerClient> {
    return toPartnerClient(await this.row(id));
  }

  async update(request: UpdatePartnerClientRequest): Promise<PartnerClient> {
    const row = await this.row(request.id);
    if (row.status === 'revoked') throw new AppError('OperationFailed', { message: 'the partner client is revoked' });
    const settings = this.checked({
      scopes: request.scopes ?? [],
      origins: request.origins ?? [],
      rateLimitPerMinute: request.rateLimitPerMinute,
      dailyQuota: request.dailyQuota,
    });
    const updated = await this.clients.update(row.id, {
      ...settings,
      updatedAt: this.clock.now(),
      updatedBy: this.actor(request.actor),
    });
    if (!updated) throw new AppError('NotFound');
    return toPartnerClient(updated);
  }

  async rotate(id: string, actorName: string): Promise<{ client: PartnerClient; secret: string }> {
    const row = await this.row(id);
    if (row.status === 'revoked') throw new AppError('OperationFailed', { message: 'the partner client is revoked' });
    const keycloakId = await this.keycloakIdOf(row);
    if (!keycloakId) throw new AppError('OperationFailed', { message: 'Keycloak has no such client' });
    const secret = await this.keycloakCall(() => this.keycloak.regenerateSecret(keycloakId));
    const now = this.clock.now();
    const actor = this.actor(actorName);
    const updated = await this.clients.update(row.id, {
      keycloakId,
      secretRotatedAt: now,
      updatedAt: now,
      updatedBy: actor,
    });
    if (!updated) throw new AppError('NotFound');
    this.log.info({ clientId: row.clientId, actor }, 'partner client secret rotated');
    return { client: toPartnerClient(updated), secret };
  }

  async revoke(id: string, actorName: string): Promise<PartnerClient> {
    let row = await this.row(id);
    const actor = this.actor(actorName);
    if (row.status !== 'revoked') {
      const now = this.clock.now();
      row =
        (await this.clients.update(row.id, { status: 'revoked', revokedAt: now, updatedAt: now, updatedBy: actor })) ??
        row;
      this.log.info({ clientId: row.clientId, actor }, 'partner client revoked');
    }
    // Disabled in Keycloak on every call, so a revocation whose Keycloak call failed is finished by the next one.
    const keycloakId = await this.keycloakIdOf(row);
    if (keycloakId) await this.keycloakCall(() => this.keycloak.setEnabled(keycloakId, false));
    return toPartnerClient(row);
  }

  async resolve(clientId: string): Promise<{ found: boolean; client: PartnerClient | undefined }> {
    const row = clientId ? await this.clients.findByClientId(clientId) : undefined;
    return { found: row !== undefined, client: row && toPartnerClient(row) };
  }

  private async row(id: string): Promise<PartnerClientRow> {
    const row = isUuid(id ?? '') ? await this.clients.findById(id) : undefined;
    if (!row) throw new AppError('NotFound');
    return row;
  }

  /** Keycloak's internal id of the row's client: stored, or looked up by client id (a seeded client). */
  private async keycloakIdOf(row: PartnerClientRow): Promise<string | undefined> {
    if (row.keycloakId) return row.keycloakId;
    return this.keycloakCall(() => this.keycloak.findClient(row.clientId));
  }

  /** The settings as stored (scopes in vocabulary order, origins lower-case and each once), or InvalidModel. */
  private checked(input: Settings & { name?: string }): Settings<PartnerScope> {
    const origins = [...new Set(input.origins.map((origin) => origin.trim().toLowerCase()))];
    const broken = checkPartnerClient({ ...input, origins });
    if (broken.length) {
      const details: ErrorDetail[] = broken.map((field) => ({ field, code: 'InvalidModel' }));
      throw new AppError('InvalidModel', { details });
    }
    return {
      scopes: partnerScopesFrom(input.scopes)!,
      origins,
      rateLimitPerMinute: input.rateLimitPerMinute,
      dailyQuota: input.dailyQuota,
    };
  }

  private actor(name: string | undefined): string {
    const actor = (name ?? '').trim().slice(0, ACTOR_MAX);
    if (!actor) throw new AppError('InvalidModel', { details: [{ field: 'actor', code: 'NullOrEmpty' }] });
    return actor;
  }

  /** A Keycloak failure is OperationFailed for the caller ("try again"), with the reason in the log. */
  private async keycloakCall<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof KeycloakAdminError)) throw error;
      this.log.error({ err: error, status: error.status }, 'Keycloak admin call failed');
      throw new AppError('OperationFailed', { cause: error, message: error.message });
    }
  }
}
