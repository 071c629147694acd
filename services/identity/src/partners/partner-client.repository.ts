import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle } from '@pencraft/kit';
import { desc, eq } from 'drizzle-orm';
import { partnerClients, type NewPartnerClient, type PartnerClientRow } from './partner-client.table.js';

/** Thrown by insert when the name or the client id is taken (PostgreSQL unique_violation). */
export class PartnerClientExists extends Error {
  constructor() {
    super('a partner client with this name or client id exists');
  }
}

const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}

export type PartnerClientChange = Partial<
  Pick<
    PartnerClientRow,
    | 'keycloakId'
    | 'scopes'
    | 'origins'
    | 'rateLimitPerMinute'
    | 'dailyQuota'
    | 'status'
    | 'secretRotatedAt'
    | 'revokedAt'
  >
> &
  Pick<PartnerClientRow, 'updatedAt' | 'updatedBy'>;

@Injectable()
export class PartnerClientRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /** Inserts a client; PartnerClientExists when its name (any case) or client id is taken. */
  async insert(row: NewPartnerClient): Promise<PartnerClientRow> {
    try {
      const [inserted] = await this.database.db.insert(partnerClients).values(row).returning();
      return inserted!;
    } catch (error) {
      if (isUniqueViolation(error)) throw new PartnerClientExists();
      throw error;
    }
  }

  /** Inserts a client unless one with its client id exists (the realm's seeded clients; any replica may run it). */
  async insertIfAbsent(row: NewPartnerClient): Promise<boolean> {
    const inserted = await this.database.db
      .insert(partnerClients)
      .values(row)
      .onConflictDoNothing()
      .returning({ id: partnerClients.id });
    return inserted.length > 0;
  }

  async list(): Promise<PartnerClientRow[]> {
    return this.database.db
      .select()
      .from(partnerClients)
      .orderBy(desc(partnerClients.createdAt), desc(partnerClients.id));
  }

  async findById(id: string): Promise<PartnerClientRow | undefined> {
    const [row] = await this.database.db.select().from(partnerClients).where(eq(partnerClients.id, id)).limit(1);
    return row;
  }

  async findByClientId(clientId: string): Promise<PartnerClientRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(partnerClients)
      .where(eq(partnerClients.clientId, clientId))
      .limit(1);
    return row;
  }

  async update(id: string, change: PartnerClientChange): Promise<PartnerClientRow | undefined> {
    const [row] = await this.database.db
      .update(partnerClients)
      .set(change)
      .where(eq(partnerClients.id, id))
      .returning();
    return row;
  }
}
