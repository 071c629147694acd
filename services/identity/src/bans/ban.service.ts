import { Injectable } from '@nestjs/common';
import { banReasons, languages } from '@pencraft/contracts/enums';
import { EVENTS, outboxEvent } from '@pencraft/contracts/events';
import type {
  GetModerationProfileResponse,
  IssueBanRequest,
  ModerationBan,
} from '@pencraft/contracts/identity/v1/moderation';
import { AppError } from '@pencraft/errors';
import { Clock, Outbox, TransactionManager } from '@pencraft/kit';
import { BAN_NOTE_MAX, isUuid } from '@pencraft/rules';
import { ProfileRepository } from '../profile/profile.repository.js';
import { SessionRepository } from '../sessions/session.repository.js';
import type { UserRow } from '../users/user.table.js';
import { BanRepository } from './ban.repository.js';
import type { BanRow } from './ban.table.js';

const MODERATOR_MAX = 200;
const REQUEST_ID_MAX = 200;

export interface BanAnswer {
  ban: ModerationBan;
  /** The user's live sessions, by the SHA-256 of their tokens, for the gateway to drop from its cache. */
  tokenHashes: Buffer[];
}

/**
 * Bans (SPEC.md section 3), as the moderation service issues and lifts them over identity.v1.TrustService. A ban is
 * in force from the moment it is written: sign-in answers UserBanned, ValidateSession answers the ban (the gateway
 * refuses the user's signed-in requests), and the answer names the user's sessions so the gateway's cache forgets
 * them at once. Each change is announced (identity.user.banned / unbanned) in the same transaction.
 */
@Injectable()
export class BanService {
  constructor(
    private readonly transactions: TransactionManager,
    private readonly bans: BanRepository,
    private readonly profiles: ProfileRepository,
    private readonly sessions: SessionRepository,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
  ) {}

  async issue(request: IssueBanRequest): Promise<BanAnswer> {
    const reason = banReasons.require(request.reason, 'reason');
    const now = this.clock.now();
    const endsAt = request.endsAtMs ? new Date(request.endsAtMs) : null;
    if (endsAt && (Number.isNaN(endsAt.getTime()) || endsAt.getTime() <= now.getTime())) {
      throw new AppError('InvalidModel', { params: { field: 'endsAtMs' } });
    }
    const requestId = (request.requestId ?? '').trim().slice(0, REQUEST_ID_MAX) || null;
    return this.transactions.run(async (tx) => {
      const user = await this.profiles.findById(request.uid ?? '', tx);
      if (!user) throw new AppError('UserNotFound');
      if (requestId) {
        const earlier = await this.bans.findByRequestId(requestId, tx);
        if (earlier) return this.answer(earlier, user.id, now, tx);
      }
      const row = await this.bans.insertOnce(
        {
          userId: user.id,
          reason,
          startsAt: now,
          endsAt,
          moderator: (request.moderator ?? '').trim().slice(0, MODERATOR_MAX),
          note: (request.note ?? '').trim().slice(0, BAN_NOTE_MAX),
          requestId,
        },
        tx,
      );
      // A concurrent retry with the same request id won the insert: answer its ban.
      if (!row) return this.answer((await this.bans.findByRequestId(requestId!, tx))!, user.id, now, tx);
      await this.outbox.add(
        tx,
        outboxEvent(EVENTS.userBanned, {
          banId: row.id,
          uid: user.id,
          reason: banReasons.toProto(row.reason),
          startsAtMs: row.startsAt.getTime(),
          endsAtMs: row.endsAt?.getTime() ?? 0,
          moderator: row.moderator,
          note: row.note,
        }),
      );
      return this.answer(row, user.id, now, tx);
    });
  }

  async lift(banId: string, moderator: string): Promise<BanAnswer> {
    if (!isUuid(banId ?? '')) throw new AppError('NotFound');
    const now = this.clock.now();
    return this.transactions.run(async (tx) => {
      const found = await this.bans.lockById(banId, tx);
      if (!found) throw new AppError('NotFound');
      if (found.liftedAt) return this.answer(found, found.userId, now, tx);
      const by = (moderator ?? '').trim().slice(0, MODERATOR_MAX);
      const lifted = (await this.bans.lift(banId, now, by, tx))!;
      await this.outbox.add(
        tx,
        outboxEvent(EVENTS.userUnbanned, { banId, uid: found.userId, moderator: by, liftedAtMs: now.getTime() }),
      );
      return this.answer(lifted, found.userId, now, tx);
    });
  }

  async moderationProfile(uid: string, username: string): Promise<GetModerationProfileResponse> {
    let user: UserRow | undefined;
    if (uid) user = await this.profiles.findById(uid);
    else if (username?.trim()) user = await this.profiles.findByUsername(username.trim().replace(/^@/, ''));
    if (!user) throw new AppError('UserNotFound');
    const now = this.clock.now();
    const [active, count] = await Promise.all([this.bans.activeFor(user.id, now), this.bans.countFor(user.id)]);
    return {
      uid: user.id,
      username: user.username,
      fullname: user.fullname,
      registeredAtMs: user.createdAt.getTime(),
      rating: user.rating,
      confirmed: user.emailConfirmedAt !== null,
      lang: languages.toProto(user.lang),
      activeBan: active ? toModerationBan(active, now) : undefined,
      bansCount: count,
    };
  }

  async listFor(uid: string): Promise<ModerationBan[]> {
    const user = await this.profiles.findById(uid ?? '');
    if (!user) throw new AppError('UserNotFound');
    const now = this.clock.now();
    return (await this.bans.listFor(user.id)).map((row) => toModerationBan(row, now));
  }

  private async answer(row: BanRow, userId: string, now: Date, tx: Parameters<BanRepository['insertOnce']>[1]) {
    return { ban: toModerationBan(row, now), tokenHashes: await this.sessions.liveTokenHashes(userId, now, tx) };
  }
}

export function toModerationBan(row: BanRow, now: Date): ModerationBan {
  return {
    id: row.id,
    uid: row.userId,
    reason: banReasons.toProto(row.reason),
    startsAtMs: row.startsAt.getTime(),
    endsAtMs: row.endsAt?.getTime() ?? 0,
    liftedAtMs: row.liftedAt?.getTime() ?? 0,
    moderator: row.moderator,
    note: row.note,
    liftedBy: row.liftedBy ?? '',
    active: isActive(row, now),
  };
}

/** Started, not ended, not lifted. */
export function isActive(row: Pick<BanRow, 'startsAt' | 'endsAt' | 'liftedAt'>, now: Date): boolean {
  return (
    !row.liftedAt &&
    row.startsAt.getTime() <= now.getTime() &&
    (row.endsAt === null || row.endsAt.getTime() > now.getTime())
  );
}
