import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { AppError } from '@pencraft/errors';
import { strictMock } from '@pencraft/testing';
import type { SessionService } from '../accounts/session.service.js';
import type { ArticlesClient } from '../articles/articles.upstream.js';
import { PublicCache } from '../http/public-cache.js';
import type { ProfileClient } from './profile.upstream.js';
import { ProfilesController } from './profiles.controller.js';
import { PROFILE_FIELD_CODES } from './profiles.dto.js';
import { FIELD_ROUTES } from './profiles.routes.js';
import { ProfilesService } from './profiles.service.js';

const user = { uid: 'u-1', username: 'old_name' } as UserSummary;
const request = (params: unknown, body: unknown) => ({ params, body, cookies: { pc_su: 'tok' } }) as never;

const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return AppError.is(error) ? error.code : String(error);
  }
  return 'no error';
};

describe('PUT /api/profile/edit/{v}', () => {
  it('has a one-field route for every profile field', () => {
    expect(Object.keys(FIELD_ROUTES).sort()).toEqual(Object.keys(PROFILE_FIELD_CODES).sort());
  });

  it("saves the body when it is v's one-field body", async () => {
    const service = strictMock<ProfilesService>('profiles');
    service.update.mockResolvedValue('saved' as never);
    const controller = new ProfilesController(service);
    await expect(controller.editField(user, request({ v: 'bio' }, { bio: 'Hello' }))).resolves.toBe('saved');
    expect(service.update).toHaveBeenCalledWith(user, { bio: 'Hello' }, 'tok');
  });

  it("refuses another field's body with v's code, and a v of no field as NotFound, before any call", () => {
    const controller = new ProfilesController(strictMock<ProfilesService>('profiles'));
    const edit = (v: string, body: unknown) => () => controller.editField(user, request({ v }, body));
    expect(codeOf(edit('bio', { headline: 'not the bio' }))).toBe('InvalidBio');
    expect(codeOf(edit('gender', { gender: 'robot' }))).toBe('InvalidGender');
    expect(codeOf(edit('fullname', { fullname: 'Two Fields', bio: 'x' }))).toBe('InvalidModel');
    expect(codeOf(edit('email', { email: 'a@b.az' }))).toBe('NotFound');
    expect(codeOf(edit('Bio', { bio: 'x' }))).toBe('NotFound');
  });
});

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
