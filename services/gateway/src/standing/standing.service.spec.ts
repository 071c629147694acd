import { beforeEach, describe, expect, it } from '@jest/globals';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { RatingKind } from '@pencraft/contracts/identity/v1/standing';
import { strictMock, type StrictMock } from '@pencraft/testing';
import { StandingService } from './standing.service.js';
import { currentRating, type StandingClient } from './standing.upstream.js';

const USER = { uid: 'u-1', username: 'writer', rating: 96 } as UserSummary;
const AT = Date.parse('2026-11-28T06:00:00Z');

describe('gateway StandingService', () => {
  let client: StrictMock<StandingClient>;
  let service: StandingService;

  beforeEach(() => {
    client = strictMock<StandingClient>('StandingClient');
    service = new StandingService(client);
  });

  it('answers the leaderboard with each rating’s tier and no empty picture', async () => {
    client.getLeaderboard.mockResolvedValue({
      items: [
        { rank: 1, uid: 'u-1', username: 'a', fullname: 'A', imageUrl: '', rating: 1200, points: 1200 },
        { rank: 2, uid: 'u-2', username: 'b', fullname: 'B', imageUrl: '/media/b.jpg', rating: -3, points: 4 },
      ],
      page: 1,
      pageSize: 20,
      hasMore: false,
    });
    const answer = await service.leaderboard('week', 1);
    expect(client.getLeaderboard).toHaveBeenCalledWith({ period: 'week', page: 1, pageSize: 20 });
    expect(answer.period).toBe('week');
    expect(answer.items.map((item) => [item.imageUrl, item.tier])).toEqual([
      [null, 'leader'],
      ['/media/b.jpg', 'bad'],
    ]);
  });

  it("asks for the session user's own log, and names the kinds", async () => {
    client.listRatingLog.mockResolvedValue({
      items: [
        { id: 'l1', kind: RatingKind.RATING_KIND_ARTICLE_APPROVED, points: 10, atMs: AT, subjectId: 'a-1' },
        { id: 'l2', kind: RatingKind.RATING_KIND_UNSPECIFIED, points: 1, atMs: AT, subjectId: '' },
      ],
      page: 1,
      pageSize: 20,
      hasMore: false,
      rating: 10,
    });
    const log = await service.ratingLog(USER, 1);
    expect(client.listRatingLog).toHaveBeenCalledWith({ uid: 'u-1', page: 1, pageSize: 20 });
    expect(log).toEqual({
      rating: 10,
      tier: 'amateur',
      items: [{ id: 'l1', kind: 'articleApproved', points: 10, at: new Date(AT).toISOString(), subjectId: 'a-1' }],
      page: 1,
      pageSize: 20,
      hasMore: false,
    });
  });

  it('names the staff member who grants a badge', async () => {
    client.grantBadge.mockResolvedValue({ granted: true, uid: 'u-1', badge: { id: 'bug-hunter', earnedAtMs: AT } });
    const answer = await service.grant({ sub: 's', username: 'mod', roles: ['moderator'] }, 'writer', 'bug-hunter');
    expect(client.grantBadge).toHaveBeenCalledWith({ username: 'writer', badge: 'bug-hunter', grantedBy: 'mod' });
    expect(answer).toEqual({ granted: true, badge: { id: 'bug-hunter', earnedAt: new Date(AT).toISOString() } });
  });

  it('reads the rating fresh for a downvote, and keeps the session’s when identity cannot answer', async () => {
    client.getRating.mockResolvedValueOnce({ rating: 100 }).mockRejectedValueOnce(new Error('unavailable'));
    expect(await currentRating(client, USER)).toBe(100);
    expect(await currentRating(client, USER)).toBe(96);
  });
});
