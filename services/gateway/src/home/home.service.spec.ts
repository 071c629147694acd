import { Language } from '@pencraft/contracts/common/v1/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { AppError } from '@pencraft/errors';
import type { Logger } from '@pencraft/kit';
import { strictMock } from '@pencraft/testing';
import type { SessionService } from '../accounts/session.service.js';
import type { ArticlesClient } from '../articles/articles.upstream.js';
import { PublicCache } from '../http/public-cache.js';
import type { EngagementClient } from '../reading/engagement.upstream.js';
import type { PublicationsClient } from '../upstreams/publications.upstream.js';
import { HomeService } from './home.service.js';

const UID = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const PUBLICATION = '3c2b1a0f-9e8d-4c7b-8a69-5f4e3d2c1b0a';
const user = { uid: UID } as UserSummary;

const json = (body: unknown) => JSON.parse(Buffer.isBuffer(body) ? body.toString() : JSON.stringify(body)) as unknown;

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (AppError.is(error)) return error.code;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('HomeService (gateway)', () => {
  const engagement = strictMock<EngagementClient>('engagement');
  const articles = strictMock<ArticlesClient>('articles');
  const publications = strictMock<PublicationsClient>('publications');
  const sessions = strictMock<SessionService>('sessions');
  const warnings: unknown[] = [];
  const log = { warn: (...args: unknown[]) => void warnings.push(args) } as unknown as Logger;
  let service: HomeService;

  beforeEach(() => {
    for (const mock of [engagement.listHomeFeed, publications.listMySubscriptions, sessions.resolve]) mock.mockReset();
    engagement.listHomeFeed.mockResolvedValue({ items: [], nextCursor: 'l.en.1.x' });
    service = new HomeService(engagement, articles, publications, new PublicCache(0), sessions, log);
  });

  it('answers the all tab in the request language to anyone, without a session', async () => {
    const page = json(await service.articles({ tab: 'all', cursor: 'l.en.5.y' }, undefined, 'en-US,en;q=0.8'));
    expect(page).toEqual({ tab: 'all', items: [], page: 1, pageSize: 20, hasMore: true, nextCursor: 'l.en.1.x' });
    expect(engagement.listHomeFeed).toHaveBeenCalledWith({
      uid: '',
      tab: 'all',
      language: Language.LANGUAGE_EN,
      cursor: 'l.en.5.y',
      pageSize: 20,
      publicationIds: [],
    });
  });

  it('asks for a session on the following and suggestions tabs (Unauthorized), never trusting an id', async () => {
    sessions.resolve.mockResolvedValue(undefined);
    expect(await codeOf(service.articles({ tab: 'following' }, 'stale', 'az'))).toBe('Unauthorized');
    expect(await codeOf(service.articles({ tab: 'suggestions' }, undefined, 'az'))).toBe('Unauthorized');
    expect(engagement.listHomeFeed).not.toHaveBeenCalled();
  });

  it("passes the session's user and the publications they subscribe to", async () => {
    sessions.resolve.mockResolvedValue(user);
    publications.listMySubscriptions.mockResolvedValue({
      subscriptions: [
        { publication: { id: PUBLICATION } as never, subscription: undefined },
        { publication: undefined, subscription: undefined },
      ],
    });
    engagement.listHomeFeed.mockResolvedValue({ items: [], nextCursor: '' });
    const page = (await service.articles({ tab: 'following' }, 'token', 'ru')) as { nextCursor: string | null };
    expect(page.nextCursor).toBeNull();
    expect(publications.listMySubscriptions).toHaveBeenCalledWith({ actorUid: UID });
    expect(engagement.listHomeFeed).toHaveBeenCalledWith(
      expect.objectContaining({
        uid: UID,
        tab: 'following',
        language: Language.LANGUAGE_RU,
        publicationIds: [PUBLICATION],
      }),
    );
  });

  it('lists without the subscribed publications when publications cannot answer, with a warning', async () => {
    sessions.resolve.mockResolvedValue(user);
    publications.listMySubscriptions.mockRejectedValue(new AppError('NetworkError'));
    engagement.listHomeFeed.mockResolvedValue({ items: [], nextCursor: '' });
    await service.articles({ tab: 'following' }, 'token', 'az');
    expect(engagement.listHomeFeed).toHaveBeenCalledWith(expect.objectContaining({ publicationIds: [] }));
    expect(warnings).toHaveLength(1);
  });
});
