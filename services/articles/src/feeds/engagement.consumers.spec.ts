import { describe, expect, it } from '@jest/globals';
import { EVENTS } from '@pencraft/contracts/events';
import type { EventConsumers, Subscription } from '@pencraft/kit';
import { strictMock, TX } from '@pencraft/testing';
import type { PublicCopies } from '../articles/public-copies.js';
import { EngagementConsumers } from './engagement.consumers.js';
import type { EngagementRepository } from './engagement.repository.js';
import type { UserFollowRepository } from './user-follow.repository.js';
import { Language } from '@pencraft/contracts/common/v1/common';

const A = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const B = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const ARTICLE = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';

const published = (articleId: string) => ({
  articleId,
  title: 'T',
  description: '',
  language: Language.LANGUAGE_AZ,
  category: 'tech',
  subCategories: [],
  bodyText: '',
  authorUid: A,
  authorUsername: 'a',
  authorFullname: 'A',
  publishedAtMs: 1,
  publicationId: '',
  images: [],
  firstPublication: true,
});

async function subscribed() {
  const consumers = strictMock<EventConsumers>('EventConsumers');
  const engagement = strictMock<EngagementRepository>('EngagementRepository');
  const follows = strictMock<UserFollowRepository>('UserFollowRepository');
  consumers.subscribe.mockResolvedValue(undefined);
  engagement.refresh.mockResolvedValue(undefined);
  follows.set.mockResolvedValue(undefined);
  const publicCopies = strictMock<PublicCopies>('PublicCopies');
  publicCopies.drop.mockReturnValue(undefined);
  await new EngagementConsumers(consumers, engagement, follows, publicCopies).onApplicationBootstrap();
  const bySubject = new Map(
    consumers.subscribe.mock.calls.map(([s]) => [(s as Subscription).subjects[0]!, s as Subscription]),
  );
  return { engagement, follows, publicCopies, bySubject };
}

describe('EngagementConsumers', () => {
  it('subscribes its declared durables', async () => {
    const { bySubject } = await subscribed();
    expect(bySubject.get(EVENTS.articlePublished.subject)!.durable).toBe(EVENTS.articlePublished.consumers.articles);
    expect(bySubject.get(EVENTS.userFollowed.subject)!.durable).toBe(EVENTS.userFollowed.consumers.articles);
    expect(bySubject.get(EVENTS.userUnfollowed.subject)!.durable).toBe(EVENTS.userUnfollowed.consumers.articles);
  });

  it('gives a published article its engagement row, from the article itself, and drops its public copies after', async () => {
    const { engagement, publicCopies, bySubject } = await subscribed();
    const data = EVENTS.articlePublished.message.encode(published(ARTICLE)).finish();
    await bySubject.get(EVENTS.articlePublished.subject)!.handler({ id: 'e', subject: '', type: '', data }, TX);
    expect(engagement.refresh).toHaveBeenCalledWith(TX, ARTICLE);
    expect(publicCopies.drop).toHaveBeenCalledWith(ARTICLE);
    const bad = EVENTS.articlePublished.message.encode(published('x')).finish();
    await bySubject.get(EVENTS.articlePublished.subject)!.handler({ id: 'f', subject: '', type: '', data: bad }, TX);
    expect(engagement.refresh).toHaveBeenCalledTimes(1);
    expect(publicCopies.drop).toHaveBeenCalledTimes(1);
  });

  it('leaves the public copies when the engagement row fails (the event comes again)', async () => {
    const { engagement, publicCopies, bySubject } = await subscribed();
    engagement.refresh.mockRejectedValue(new Error('database gone'));
    const data = EVENTS.articlePublished.message.encode(published(ARTICLE)).finish();
    await expect(
      bySubject.get(EVENTS.articlePublished.subject)!.handler({ id: 'g', subject: '', type: '', data }, TX),
    ).rejects.toThrow('database gone');
    expect(publicCopies.drop).not.toHaveBeenCalled();
  });

  it('records follows and unfollows as of their time', async () => {
    const { follows, bySubject } = await subscribed();
    const followed = EVENTS.userFollowed.message.encode({ followerUid: A, followeeUid: B, atMs: 5 }).finish();
    const unfollowed = EVENTS.userUnfollowed.message.encode({ followerUid: A, followeeUid: B, atMs: 9 }).finish();
    await bySubject.get(EVENTS.userFollowed.subject)!.handler({ id: '1', subject: '', type: '', data: followed }, TX);
    await bySubject
      .get(EVENTS.userUnfollowed.subject)!
      .handler({ id: '2', subject: '', type: '', data: unfollowed }, TX);
    expect(follows.set.mock.calls).toEqual([
      [TX, A, B, true, new Date(5)],
      [TX, A, B, false, new Date(9)],
    ]);
  });
});
