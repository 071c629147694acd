import { Inject, Injectable } from '@nestjs/common';
import { payoutStates } from '@pencraft/contracts/enums';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { PayoutState as PayoutStatePb } from '@pencraft/contracts/common/v1/common';
import { AppError } from '@pencraft/errors';
import { CONFIG } from '@pencraft/kit';
import type { PayoutState } from '@pencraft/rules';
import type { z } from 'zod';
import type { GatewayConfig } from '../config.js';
import { PROFILES, type ProfileClient } from '../profiles/profile.upstream.js';
import type { StaffIdentity } from '../staff/current-staff.js';
import { DONATIONS, type DonationsClient } from '../upstreams/donations.upstream.js';
import { csvAmount, csvDocument, csvText } from './donations.csv.js';
import {
  accountJson,
  activityEntryJson,
  cardJson,
  eligibilityJson,
  payoutActionJson,
  payoutJson,
  receivedSupportJson,
  sentSupportJson,
  type AddCardBody,
  type InitiateBody,
  type Person,
  type StaffPayoutStateBody,
} from './donations.dto.js';

interface Paging {
  page: number;
  pageSize: number;
}

const iso = (ms: number) => (ms > 0 ? new Date(ms).toISOString() : '');

/**
 * Reader support and payouts over the donations service (donations.v1.DonationsService), which holds every rule and
 * the ledger: this maps HTTP to its calls, names people by their profiles (identity), and builds the CSV exports.
 * The actor is always the session's user (or the verified staff member): no id in a path or a body grants access.
 */
@Injectable()
export class DonationsService {
  constructor(
    @Inject(DONATIONS) private readonly donations: DonationsClient,
    @Inject(PROFILES) private readonly profiles: ProfileClient,
    @Inject(CONFIG) private readonly config: GatewayConfig,
  ) {}

  async eligibility(user: UserSummary) {
    return eligibilityJson(await this.donations.getEligibility({ actorUid: user.uid }));
  }

  async account(user: UserSummary) {
    const { account } = await this.donations.getAccount({ actorUid: user.uid });
    return accountJson(account!);
  }

  async createAccount(user: UserSummary, thanksMessage: string | undefined) {
    const { account } = await this.donations.createAccount({ actorUid: user.uid, thanksMessage: thanksMessage ?? '' });
    return accountJson(account!);
  }

  async setThanks(user: UserSummary, message: string) {
    const { account } = await this.donations.setThanksMessage({ actorUid: user.uid, thanksMessage: message });
    return accountJson(account!);
  }

  async setActive(user: UserSummary, active: boolean) {
    const { account } = await this.donations.setAccountActive({ actorUid: user.uid, active });
    return accountJson(account!);
  }

  async cards(user: UserSummary) {
    const { cards } = await this.donations.listCards({ actorUid: user.uid });
    return { items: cards.map(cardJson) };
  }

  /** The number goes to the donations service (and from there to the provider) and nowhere else. */
  async addCard(user: UserSummary, body: z.infer<typeof AddCardBody>) {
    const { card } = await this.donations.addCard({
      actorUid: user.uid,
      number: body.number,
      holder: body.holder,
      expMonth: body.expMonth ?? 0,
      expYear: body.expYear ?? 0,
    });
    return cardJson(card!);
  }

  async deleteCard(user: UserSummary, cardId: string) {
    await this.donations.deleteCard({ actorUid: user.uid, cardId });
  }

  async requestPayout(user: UserSummary, cardId: string, amountQepik: number) {
    const { payout } = await this.donations.requestPayout({ actorUid: user.uid, cardId, amountQepik });
    return payoutJson(payout!);
  }

  async activePayout(user: UserSummary) {
    const { account } = await this.donations.getAccount({ actorUid: user.uid });
    return { payout: account?.activePayout ? payoutJson(account.activePayout) : null };
  }

  async received(user: UserSummary, paging: Paging) {
    const answer = await this.donations.listSupportsReceived({ actorUid: user.uid, ...paging, all: false });
    const people = await this.people(answer.supports.map((s) => s.supporterUid));
    return {
      items: answer.supports.map((s) => receivedSupportJson(s, s.supporterUid ? people.get(s.supporterUid)! : null)),
      ...paging,
      total: answer.total,
      hasMore: answer.hasMore,
    };
  }

  async receivedCsv(user: UserSummary) {
    const { supports } = await this.donations.listSupportsReceived({
      actorUid: user.uid,
      page: 0,
      pageSize: 0,
      all: true,
    });
    const people = await this.people(supports.map((s) => s.supporterUid));
    return csvDocument(
      ['id', 'paid_at', 'supporter', 'amount_azn', 'currency', 'state', 'refunded_azn', 'article_id', 'note'],
      supports.map((s) => {
        const json = receivedSupportJson(s, null);
        return [
          s.id,
          iso(s.paidAtMs),
          csvText(s.supporterUid ? people.get(s.supporterUid)?.username : ''),
          csvAmount(s.amountQepik),
          'AZN',
          json.state,
          csvAmount(s.refundedQepik),
          s.articleId,
          csvText(s.note),
        ];
      }),
    );
  }

  async mySupports(user: UserSummary, paging: Paging) {
    const answer = await this.donations.listMySupports({ actorUid: user.uid, ...paging, all: false });
    const people = await this.people(answer.supports.map((s) => s.recipientUid));
    return {
      items: answer.supports.map((s) => sentSupportJson(s, people.get(s.recipientUid)!)),
      ...paging,
      total: answer.total,
      hasMore: answer.hasMore,
    };
  }

  async mySupportsCsv(user: UserSummary) {
    const { supports } = await this.donations.listMySupports({ actorUid: user.uid, page: 0, pageSize: 0, all: true });
    const people = await this.people(supports.map((s) => s.recipientUid));
    return csvDocument(
      [
        'id',
        'created_at',
        'recipient',
        'amount_azn',
        'currency',
        'state',
        'paid_at',
        'refunded_azn',
        'article_id',
        'show_name',
        'note',
      ],
      supports.map((s) => {
        const json = sentSupportJson(s, people.get(s.recipientUid)!);
        return [
          s.id,
          iso(s.createdAtMs),
          csvText(json.recipient.username),
          csvAmount(s.amountQepik),
          'AZN',
          json.state,
          iso(s.paidAtMs),
          csvAmount(s.refundedQepik),
          s.articleId,
          s.public,
          csvText(s.note),
        ];
      }),
    );
  }

  async payouts(user: UserSummary, paging: Paging) {
    const answer = await this.donations.listPayouts({ actorUid: user.uid, ...paging, all: false });
    return { items: answer.payouts.map(payoutJson), ...paging, total: answer.total, hasMore: answer.hasMore };
  }

  async payoutsCsv(user: UserSummary) {
    const { payouts } = await this.donations.listPayouts({ actorUid: user.uid, page: 0, pageSize: 0, all: true });
    return csvDocument(
      [
        'id',
        'requested_at',
        'amount_azn',
        'currency',
        'state',
        'card_last4',
        'expected_date',
        'updated_at',
        'reference',
        'failure_note',
      ],
      payouts.map((p) => {
        const json = payoutJson(p);
        return [
          p.id,
          json.requestedAt,
          csvAmount(p.amountQepik),
          'AZN',
          json.state,
          p.cardLast4,
          p.expectedDate,
          json.updatedAt,
          csvText(p.reference),
          csvText(p.failureNote),
        ];
      }),
    );
  }

  async activity(user: UserSummary, paging: Paging) {
    const answer = await this.donations.listActivity({ actorUid: user.uid, ...paging, all: false });
    return { items: answer.entries.map(activityEntryJson), ...paging, total: answer.total, hasMore: answer.hasMore };
  }

  async recipient(username: string) {
    const { profile } = await this.profiles.getPublicProfile({ username, viewerUid: '' });
    const { acceptsSupport } = await this.donations.getRecipient({ uid: profile!.uid });
    return { uid: profile!.uid, username: profile!.username, acceptsSupport };
  }

  /**
   * The recipient by username or uid; the provider sends the supporter back to the article (/a/{id}) or the profile
   * (/@{username}), where the page reads ?support={id}.
   */
  async initiate(user: UserSummary, body: z.infer<typeof InitiateBody>) {
    const recipient = body.username
      ? (await this.profiles.getPublicProfile({ username: body.username, viewerUid: '' })).profile!
      : (await this.profiles.getProfile({ uid: body.uid! })).profile!;
    const origin = this.config.PUBLIC_ORIGIN;
    const back = body.articleId
      ? `${origin}/a/${body.articleId}`
      : `${origin}/@${encodeURIComponent(recipient.username)}`;
    const started = await this.donations.startSupport({
      actorUid: user.uid,
      recipientUid: recipient.uid,
      amountQepik: body.amountQepik,
      articleId: body.articleId ?? '',
      public: body.showName,
      note: body.note ?? '',
      successUrl: back,
      cancelUrl: back,
    });
    return { supportId: started.supportId, checkoutUrl: started.checkoutUrl };
  }

  async support(user: UserSummary, supportId: string) {
    const { support, thanksMessage } = await this.donations.getSupport({ actorUid: user.uid, supportId });
    const people = await this.people([support!.recipientUid]);
    return {
      ...sentSupportJson(support!, people.get(support!.recipientUid)!),
      thanksMessage: thanksMessage || null,
    };
  }

  async webhook(payload: unknown, signature: string | string[] | undefined) {
    if (!Buffer.isBuffer(payload) || typeof signature !== 'string' || signature === '') {
      throw new AppError('InvalidWebhookSignature');
    }
    const { duplicate } = await this.donations.handlePaymentWebhook({ payload, signature });
    return { received: true as const, duplicate };
  }

  async profileSupporters(username: string, paging: Paging) {
    const { profile } = await this.profiles.getPublicProfile({ username, viewerUid: '' });
    const uid = profile!.uid;
    const [answer, recipient] = await Promise.all([
      this.donations.listPublicSupporters({ uid, ...paging }),
      this.donations.getRecipient({ uid }),
    ]);
    const people = await this.people(answer.supporters.map((s) => s.uid));
    return {
      items: answer.supporters.map((s) => ({
        ...people.get(s.uid)!,
        supports: s.supports,
        lastSupportedAt: new Date(s.lastSupportedAtMs).toISOString(),
      })),
      ...paging,
      total: answer.total,
      hasMore: answer.hasMore,
      acceptsSupport: recipient.acceptsSupport,
    };
  }

  async staffPayouts(staff: StaffIdentity, query: Paging & { state?: PayoutState }) {
    const answer = await this.donations.listStaffPayouts({
      staff: staffOf(staff),
      state: query.state ? payoutStates.toProto(query.state) : PayoutStatePb.PAYOUT_STATE_UNSPECIFIED,
      page: query.page,
      pageSize: query.pageSize,
    });
    const people = await this.people(answer.payouts.map((p) => p.uid));
    return {
      items: answer.payouts.map((p) => ({ ...payoutJson(p), author: people.get(p.uid)! })),
      page: query.page,
      pageSize: query.pageSize,
      total: answer.total,
      hasMore: answer.hasMore,
    };
  }

  async staffPayout(staff: StaffIdentity, payoutId: string) {
    const answer = await this.donations.getStaffPayout({ staff: staffOf(staff), payoutId });
    const people = await this.people([answer.payout!.uid]);
    return {
      payout: { ...payoutJson(answer.payout!), author: people.get(answer.payout!.uid)! },
      actions: answer.actions.map(payoutActionJson),
      availableQepik: answer.availableQepik,
      reservedQepik: answer.reservedQepik,
    };
  }

  async staffUpdate(staff: StaffIdentity, payoutId: string, body: z.infer<typeof StaffPayoutStateBody>) {
    const { payout } = await this.donations.updatePayoutState({
      staff: staffOf(staff),
      payoutId,
      state: payoutStates.toProto(body.state),
      reference: body.reference ?? '',
      note: body.note ?? '',
    });
    const people = await this.people([payout!.uid]);
    return { ...payoutJson(payout!), author: people.get(payout!.uid)! };
  }

  /** Each person's public name and picture, once per answer (a gone account: null username). */
  private async people(uids: readonly string[]): Promise<Map<string, Person>> {
    const found = await Promise.all(
      [...new Set(uids.filter(Boolean))].map(async (uid): Promise<[string, Person]> => {
        try {
          const { profile } = await this.profiles.getProfile({ uid });
          return [
            uid,
            {
              uid,
              username: profile?.username || null,
              fullname: profile?.fullname || null,
              imageUrl: profile?.imageUrl || null,
            },
          ];
        } catch (error) {
          if (AppError.is(error) && (error.code === 'UserNotFound' || error.code === 'NotFound')) {
            return [uid, { uid, username: null, fullname: null, imageUrl: null }];
          }
          throw error;
        }
      }),
    );
    return new Map(found);
  }
}

const staffOf = (staff: StaffIdentity) => ({ sub: staff.sub, username: staff.username });
