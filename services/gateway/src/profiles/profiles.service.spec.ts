import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { strictMock } from '@pencraft/testing';
import type { SessionService } from '../accounts/session.service.js';
import type { ArticlesClient } from '../articles/articles.upstream.js';
import { PublicCache } from '../http/public-cache.js';
import type { ProfileClient } from './profile.upstream.js';
import { ProfilesService } from './profiles.service.js';

const user = { uid: 'u-1', username: 'old_name' } as UserSummary;

describe('the own-profile paths', () => {
  const profiles = strictMock<ProfileClient>('profileClient');
  const articles = strictMock<ArticlesClient>('articlesClient');
  const sessions = strictMock<SessionService>('sessions');
  const publicProfile = {
    uid: 'u-1',
    username: 'new_name',
    fullname: 'Writer',
    headline: '',
    bio: '',
    country: '',
    imageUrl: '',
    bannerUrl: '',
    links: [],
    followers: 3,
    following: 1,
    rating: 2.5,
    joinedAtMs: Date.UTC(2026, 0, 2),
    followedByViewer: false,
  };

  beforeEach(() => {
    profiles.getProfile.mockResolvedValue({ profile: { uid: 'u-1', username: 'new_name' } } as never);
    profiles.getPublicProfile.mockResolvedValue({ profile: publicProfile } as never);
    articles.listAuthorArticles.mockResolvedValue({ items: [], page: 1, pageSize: 20, hasMore: false, total: 4 });
    sessions.resolve.mockResolvedValue(user);
  });

  it("shows the user's public profile under their current username, not the session's cached one", async () => {
    const service = new ProfilesService(profiles, articles, new PublicCache(0), sessions);
    const body = JSON.parse((await service.myPublicProfile(user, 'tok')).toString()) as Record<string, unknown>;
    expect(profiles.getProfile).toHaveBeenCalledWith({ uid: 'u-1' });
    expect(profiles.getPublicProfile).toHaveBeenCalledWith({ username: 'new_name', viewerUid: 'u-1' });
    expect(body).toMatchObject({ uid: 'u-1', username: 'new_name', followers: 3, articles: 4 });
  });

  it("lists the session user's articles by uid", async () => {
    const service = new ProfilesService(profiles, articles, new PublicCache(0), sessions);
    const body = JSON.parse((await service.myArticles(user, 2)).toString()) as Record<string, unknown>;
    expect(articles.listAuthorArticles).toHaveBeenLastCalledWith({ authorUid: 'u-1', page: 2, pageSize: 20 });
    expect(body).toEqual({ items: [], page: 1, pageSize: 20, hasMore: false, total: 4 });
  });

  it("gives a profile's counts as a visitor sees them, kept in the public cache", async () => {
    const service = new ProfilesService(profiles, articles, new PublicCache(60_000), sessions);
    profiles.getPublicProfile.mockClear();
    const first = await service.profileStats('New_Name');
    expect(JSON.parse(first.toString())).toEqual({
      followers: 3,
      following: 1,
      articles: 4,
      rating: 2.5,
      joinedAt: '2026-01-02T00:00:00.000Z',
    });
    expect(profiles.getPublicProfile).toHaveBeenCalledWith({ username: 'New_Name', viewerUid: '' });
    expect(await service.profileStats('new_name')).toBe(first);
    expect(profiles.getPublicProfile).toHaveBeenCalledTimes(1);
  });
});
