import { Inject, Injectable } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { AppError } from '@pencraft/errors';
import { PROFILES, type ProfileClient } from '../profiles/profile.upstream.js';
import { PUBLICATIONS, type PublicationsClient } from '../upstreams/publications.upstream.js';
import { incomeEntryJson, incomeMonthJson, merchantAccountJson } from './income.dto.js';

/**
 * The studio's income page: publications' ledger (owner only, decided there) with each subscriber's username, and
 * the state of the publication's merchant account (whether the page offers to connect one).
 */
@Injectable()
export class IncomeService {
  constructor(
    @Inject(PUBLICATIONS) private readonly publications: PublicationsClient,
    @Inject(PROFILES) private readonly profiles: ProfileClient,
  ) {}

  async list(user: UserSummary, publicationId: string, cursor: string | undefined) {
    const [answer, merchant] = await Promise.all([
      this.publications.listIncome({ actorUid: user.uid, publicationId, cursor: cursor ?? '' }),
      this.publications.getMerchantAccount({ actorUid: user.uid, publicationId }),
    ]);
    const usernames = await this.usernames(answer.entries.map((entry) => entry.subscriberUid));
    return {
      merchant: merchantAccountJson(merchant),
      items: answer.entries.map((entry) => incomeEntryJson(entry, usernames.get(entry.subscriberUid) ?? null)),
      nextCursor: answer.nextCursor || null,
      months: answer.months.map(incomeMonthJson),
    };
  }

  /** Each subscriber's username, once per page (null for an account that is gone). */
  private async usernames(uids: readonly string[]): Promise<Map<string, string | null>> {
    const found = await Promise.all(
      [...new Set(uids)].map(async (uid): Promise<[string, string | null]> => {
        try {
          return [uid, (await this.profiles.getProfile({ uid })).profile?.username ?? null];
        } catch (error) {
          if (AppError.is(error) && error.code === 'UserNotFound') return [uid, null];
          throw error;
        }
      }),
    );
    return new Map(found);
  }
}
