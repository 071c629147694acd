import { Injectable } from '@nestjs/common';
import type { SessionInfo } from '@pencraft/contracts/identity/v1/security';
import { AppError } from '@pencraft/errors';
import UAParser from 'ua-parser-js';
import { Clock } from '@pencraft/kit';
import { GeoIp } from './geoip.js';
import { UserSessionsRepository } from './user-sessions.repository.js';
import { isUuid } from '@pencraft/rules';

/** "Firefox 133", "Windows 10": name and major version, empty when the user agent names nothing known. */
export function describeUserAgent(userAgent: string): { browser: string; os: string } {
  const { browser, os } = new UAParser(userAgent).getResult();
  const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ');
  return { browser: join(browser.name, browser.major), os: join(os.name, os.version) };
}

/** The sessions list of the security settings: only the user's own sessions, listed and ended by id. */
@Injectable()
export class SessionsService {
  constructor(
    private readonly sessions: UserSessionsRepository,
    private readonly geo: GeoIp,
    private readonly clock: Clock,
  ) {}

  async list(userId: string, currentId: string): Promise<SessionInfo[]> {
    const rows = await this.sessions.listLive(userId, this.clock.now());
    return Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        ...describeUserAgent(row.userAgent),
        ip: row.ip,
        place: await this.geo.place(row.ip),
        createdAtMs: row.createdAt.getTime(),
        lastSeenAtMs: row.lastSeenAt.getTime(),
        current: row.id === currentId,
      })),
    );
  }

  /** NotFound for an id that is not a live session of this user, whoever's it is. */
  async end(userId: string, targetId: string): Promise<Buffer[]> {
    if (!isUuid(targetId)) throw new AppError('NotFound');
    const ended = await this.sessions.revokeOwn(userId, targetId, this.clock.now());
    if (ended.length === 0) throw new AppError('NotFound');
    return ended;
  }

  async endOthers(userId: string, currentId: string): Promise<Buffer[]> {
    if (!isUuid(currentId)) throw new AppError('Unauthorized');
    return this.sessions.revokeOthers(userId, currentId, this.clock.now());
  }
}
