import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { banReasons } from '@pencraft/contracts/enums';
import { EVENTS, outboxEvent } from '@pencraft/contracts/events';
import type { ModerationBan as IdentityBan } from '@pencraft/contracts/identity/v1/moderation';
import { AppError } from '@pencraft/errors';
import { Clock, Outbox, type Queryable, TransactionManager } from '@pencraft/kit';
import { BAN_DAYS_MAX, BAN_NOTE_MAX, isBanReason, type BanReason } from '@pencraft/rules';
import { AuditRepository, type Actor } from '../audit/audit.repository.js';
import { TRUST, type TrustClient } from '../upstreams/upstreams.js';
import type { BanRow } from './ban.table.js';
import { BanRepository } from './ban.repository.js';

const DAY_MS = 24 * 3_600_000;

export interface BanOrder {
  reason: BanReason;
  /** 0: permanent. */
  days: number;
  note: string;
}

/** A ban order as a staff member sent it, its reason not yet checked. */
export type BanRequest = Omit<BanOrder, 'reason'> & { reason: string };

export interface BanOutcome {
  ban: BanRow;
  /** The user's live sessions, for the gateway to drop from its session cache. */
  tokenHashes: Buffer[];
}

/** Checks a ban order: one of BAN_REASONS and 1..BAN_DAYS_MAX days or 0 (permanent). */
export function checkBanOrder(order: BanRequest): BanOrder {
  if (!isBanReason(order.reason)) {
    throw new AppError('InvalidModel', { details: [{ field: 'reason', code: 'InvalidModel' }] });
  }
  if (!Number.isInteger(order.days) || order.days < 0 || order.days > BAN_DAYS_MAX) {
    throw new AppError('InvalidBanDuration');
  }
  return { reason: order.reason, days: order.days, note: (order.note ?? '').trim().slice(0, BAN_NOTE_MAX) };
}

/**
 * Bans through identity (which enforces them everywhere at once), mirrored here with who issued and lifted them, an
 * audit entry and moderation.ban.issued in the same transaction. identity's IssueBan takes a request id, so a retry
 * of a lost commit answers the same ban instead of a second one.
 */
@Injectable()
export class BanService {
  constructor(
    private readonly transactions: TransactionManager,
    private readonly bans: BanRepository,
    private readonly audit: AuditRepository,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
    @Inject(TRUST) private readonly trust: TrustClient,
  ) {}

  async issue(target: { uid: string; username: string }, order: BanRequest, staff: Actor): Promise<BanOutcome> {
    const checked = checkBanOrder(order);
    if (!target.uid && !target.username) throw new AppError('UserNotFound');
    const profile = await this.trust.getModerationProfile({
      uid: target.uid,
      username: target.uid ? '' : target.username,
    });
    return this.transactions.run((tx) =>
      this.issueIn(tx, { uid: profile.uid, username: profile.username }, checked, staff),
    );
  }

  /** Issues a ban in the caller's transaction (also used when a report's resolution bans the comment's author). */
  async issueIn(
    tx: Queryable,
    user: { uid: string; username: string },
    order: BanOrder,
    staff: Actor,
    requestId: string = randomUUID(),
  ): Promise<BanOutcome> {
    const now = this.clock.now();
    const answer = await this.trust.issueBan({
      uid: user.uid,
      reason: banReasons.toProto(order.reason),
      endsAtMs: order.days ? now.getTime() + order.days * DAY_MS : 0,
      moderator: staff.username,
      note: order.note,
      requestId,
    });
    const issued = answer.ban!;
    const ban = await this.bans.insert(tx, {
      ...mirrorOf(issued),
      username: user.username,
      note: order.note,
      days: order.days || null,
      issuedBySub: staff.sub,
      issuedByUsername: staff.username,
    });
    await this.audit.record(tx, {
      actor: staff,
      action: 'ban.issue',
      subjectKind: 'user',
      subjectId: user.uid,
      note: [order.reason, order.days ? `${order.days} days` : 'permanent', order.note].filter(Boolean).join(' · '),
      at: now,
    });
    await this.outbox.add(
      tx,
      outboxEvent(EVENTS.banIssued, {
        banId: ban.id,
        uid: user.uid,
        reason: banReasons.toProto(order.reason),
        endsAtMs: ban.endsAt?.getTime() ?? 0,
        note: order.note,
        moderatorUsername: staff.username,
        issuedAtMs: now.getTime(),
      }),
    );
    return { ban, tokenHashes: answer.tokenHashes };
  }

  /** Lifts a ban early; lifting a lifted ban answers it as it is (no second audit entry). */
  async lift(banId: string, note: string, staff: Actor): Promise<BanOutcome> {
    return this.transactions.run(async (tx) => {
      const mirrored = await this.bans.lockForUpdate(tx, banId);
      if (!mirrored) throw new AppError('BanNotFound');
      let answer;
      try {
        answer = await this.trust.liftBan({ banId, moderator: staff.username });
      } catch (error) {
        if (error instanceof AppError && error.code === 'NotFound') throw new AppError('BanNotFound');
        throw error;
      }
      if (mirrored.liftedAt) return { ban: mirrored, tokenHashes: answer.tokenHashes };
      const now = this.clock.now();
      const liftedAt = answer.ban?.liftedAtMs ? new Date(answer.ban.liftedAtMs) : now;
      const ban = await this.bans.lifted(tx, banId, liftedAt, staff);
      await this.audit.record(tx, {
        actor: staff,
        action: 'ban.lift',
        subjectKind: 'user',
        subjectId: mirrored.uid,
        note: (note ?? '').trim().slice(0, BAN_NOTE_MAX),
        at: now,
      });
      return { ban, tokenHashes: answer.tokenHashes };
    });
  }
}

function mirrorOf(ban: IdentityBan) {
  return {
    id: ban.id,
    uid: ban.uid,
    reason: banReasons.require(ban.reason, 'reason'),
    startsAt: new Date(ban.startsAtMs),
    endsAt: ban.endsAtMs ? new Date(ban.endsAtMs) : null,
    liftedAt: ban.liftedAtMs ? new Date(ban.liftedAtMs) : null,
  };
}
