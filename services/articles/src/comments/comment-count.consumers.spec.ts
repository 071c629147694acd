import { describe, expect, it } from '@jest/globals';
import { EVENTS } from '@pencraft/contracts/events';
import { CommentDeleted, CommentPublished } from '@pencraft/contracts/events/v1/comments';
import type { EventConsumers, Subscription } from '@pencraft/kit';
import { strictMock, TX } from '@pencraft/testing';
import type { EngagementRepository } from '../feeds/engagement.repository.js';
import { CommentCountConsumers } from './comment-count.consumers.js';

const ARTICLE = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';

async function subscribed() {
  const consumers = strictMock<EventConsumers>('EventConsumers');
  const engagement = strictMock<EngagementRepository>('EngagementRepository');
  consumers.subscribe.mockResolvedValue(undefined);
  engagement.addComments.mockResolvedValue(undefined);
  await new CommentCountConsumers(consumers, engagement).onApplicationBootstrap();
  const bySubject = new Map(
    consumers.subscribe.mock.calls.map(([s]) => [(s as Subscription).subjects[0]!, s as Subscription]),
  );
  const deliver = (subject: string, data: Uint8Array) =>
    bySubject.get(subject)!.handler({ id: 'e', subject, type: '', data }, TX);
  return { engagement, bySubject, deliver };
}

const published = (articleId: string) =>
  CommentPublished.encode(CommentPublished.fromJSON({ commentId: ARTICLE, articleId })).finish();
const deleted = (wasPublished: boolean) =>
  CommentDeleted.encode(CommentDeleted.fromJSON({ commentId: ARTICLE, articleId: ARTICLE, wasPublished })).finish();

describe('CommentCountConsumers', () => {
  it('subscribes its declared durables', async () => {
    const { bySubject } = await subscribed();
    expect(bySubject.get(EVENTS.commentPublished.subject)!.durable).toBe(EVENTS.commentPublished.consumers.articles);
    expect(bySubject.get(EVENTS.commentDeleted.subject)!.durable).toBe(EVENTS.commentDeleted.consumers.articles);
  });

  it('counts a published comment once and takes back one that readers saw', async () => {
    const { engagement, deliver } = await subscribed();
    await deliver(EVENTS.commentPublished.subject, published(ARTICLE));
    await deliver(EVENTS.commentDeleted.subject, deleted(true));
    expect(engagement.addComments.mock.calls).toEqual([
      [TX, ARTICLE, 1],
      [TX, ARTICLE, -1],
    ]);
  });

  it('ignores a deleted comment readers never saw and an event naming no article', async () => {
    const { engagement, deliver } = await subscribed();
    await deliver(EVENTS.commentDeleted.subject, deleted(false));
    await deliver(EVENTS.commentPublished.subject, published('not-an-id'));
    expect(engagement.addComments).not.toHaveBeenCalled();
  });
});
