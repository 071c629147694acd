import { languages, pictureKinds } from '@pencraft/contracts/enums';
import { Inject, Injectable } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { AppError, pickLang, type ErrorCode } from '@pencraft/errors';
import { LANGS, NOTIFICATION_KEYS, PAGE_SIZE, type Lang, type PictureKind } from '@pencraft/rules';
import type { z } from 'zod';
import { SessionService } from '../accounts/session.service.js';
import { articleCardJson } from '../articles/article.dto.js';
import { ARTICLES, type ArticlesClient } from '../articles/articles.upstream.js';
import { PublicCache } from '../http/public-cache.js';
import { countryList, LANGUAGE_NAMES } from './countries.js';
import { PROFILES, type ProfileClient } from './profile.upstream.js';
import {
  toAccountSummary,
  toFollowUser,
  toLink,
  toPreferences,
  toProfileSettings,
  toPublicProfile,
  type NotificationSettingsBody,
  type ProfilePatchBody,
} from './profiles.dto.js';

const PICTURE_FORMAT_CODE: Record<PictureKind, ErrorCode> = {
  avatar: 'InvalidAvatarFormat',
  banner: 'InvalidCoverFormat',
};

/**
 * The profile area over identity's ProfileService (and the articles service for a profile's articles). The uid is
 * always the session's; nothing in a path or body names whose settings change.
 */
@Injectable()
export class ProfilesService {
  constructor(
    @Inject(PROFILES) private readonly profiles: ProfileClient,
    @Inject(ARTICLES) private readonly articles: ArticlesClient,
    @Inject(PublicCache) private readonly cache: PublicCache,
    private readonly sessions: SessionService,
  ) {}

  async profile(user: UserSummary) {
    const { profile } = await this.profiles.getProfile({ uid: user.uid });
    return toProfileSettings(profile!);
  }

  /** The session's cached summary holds the full name, so it is dropped when the name changes. */
  async update(user: UserSummary, change: z.infer<typeof ProfilePatchBody>, token: string | undefined) {
    const { profile } = await this.profiles.updateProfile({ uid: user.uid, ...change });
    if (change.fullname !== undefined) await this.sessions.forget(token);
    return toProfileSettings(profile!);
  }

  async links(user: UserSummary) {
    const { profile } = await this.profiles.getProfile({ uid: user.uid });
    return profile!.links.map(toLink);
  }

  async addLink(user: UserSummary, provider: string, url: string) {
    const { link } = await this.profiles.addLink({ uid: user.uid, provider, url });
    return toLink(link!);
  }

  async removeLink(user: UserSummary, linkId: string) {
    await this.profiles.removeLink({ uid: user.uid, linkId });
  }

  async changeUsername(user: UserSummary, username: string, token: string | undefined) {
    const result = await this.profiles.changeUsername({ uid: user.uid, username });
    await this.sessions.forget(token);
    return {
      username: result.username,
      usernameChangeableAt: result.usernameChangeableAtMs
        ? new Date(result.usernameChangeableAtMs).toISOString()
        : null,
    };
  }

  /** The body is the file's bytes (the image body parser); anything else is not a picture. */
  async setPicture(user: UserSummary, kind: PictureKind, body: unknown, token: string | undefined) {
    if (!Buffer.isBuffer(body)) throw new AppError(PICTURE_FORMAT_CODE[kind]);
    const { url } = await this.profiles.setPicture({ uid: user.uid, kind: pictureKinds.toProto(kind), image: body });
    if (kind === 'avatar') await this.sessions.forget(token);
    return { url };
  }

  async removePicture(user: UserSummary, kind: PictureKind, token: string | undefined) {
    await this.profiles.removePicture({ uid: user.uid, kind: pictureKinds.toProto(kind) });
    if (kind === 'avatar') await this.sessions.forget(token);
  }

  async requestPhone(user: UserSummary, phone: string) {
    const { phoneMasked } = await this.profiles.requestPhoneChange({ uid: user.uid, phone });
    return { phone: phoneMasked, verified: false };
  }

  async verifyPhone(user: UserSummary, code: string) {
    const { phoneMasked } = await this.profiles.verifyPhone({ uid: user.uid, code });
    return { phone: phoneMasked, verified: true };
  }

  async removePhone(user: UserSummary) {
    await this.profiles.removePhone({ uid: user.uid });
  }

  async preferences(user: UserSummary) {
    const { preferences } = await this.profiles.getPreferences({ uid: user.uid });
    return toPreferences(preferences!);
  }

  /** Theme and language are in the session's summary too: the cached one is dropped. */
  async updatePreferences(user: UserSummary, change: { theme?: string; lang?: Lang }, token: string | undefined) {
    const { preferences } = await this.profiles.updatePreferences({
      uid: user.uid,
      notifications: undefined,
      notificationMail: undefined,
      theme: change.theme,
      lang: change.lang && languages.toProto(change.lang),
    });
    await this.sessions.forget(token);
    return toPreferences(preferences!);
  }

  async notifications(user: UserSummary) {
    return (await this.preferences(user)).notifications;
  }

  async setNotifications(user: UserSummary, change: z.infer<typeof NotificationSettingsBody>) {
    const { preferences } = await this.profiles.updatePreferences({
      uid: user.uid,
      notifications: change,
      notificationMail: undefined,
    });
    return toPreferences(preferences!).notifications;
  }

  async notificationMail(user: UserSummary) {
    return (await this.preferences(user)).notificationMail;
  }

  async setNotificationMail(user: UserSummary, change: z.infer<typeof NotificationSettingsBody>) {
    const { preferences } = await this.profiles.updatePreferences({
      uid: user.uid,
      notifications: undefined,
      notificationMail: change,
    });
    return toPreferences(preferences!).notificationMail;
  }

  async settingsIndex(user: UserSummary) {
    const preferences = await this.preferences(user);
    return {
      theme: preferences.theme,
      language: preferences.language,
      languageName: LANGUAGE_NAMES[preferences.language],
      notificationsOn: NOTIFICATION_KEYS.filter((key) => preferences.notifications[key]).length,
      notificationsTotal: NOTIFICATION_KEYS.length,
    };
  }

  languages() {
    return { items: LANGS.map((code) => ({ code, name: LANGUAGE_NAMES[code] })) };
  }

  countries(acceptLanguage: string | undefined) {
    return { items: countryList(pickLang(acceptLanguage)) };
  }

  async accountSummary(user: UserSummary) {
    return toAccountSummary(await this.profiles.getAccountSummary({ uid: user.uid }));
  }

  async follow(user: UserSummary, targetUid: string) {
    const { followers } = await this.profiles.follow({ uid: user.uid, targetUid });
    return { following: true, followers };
  }

  async unfollow(user: UserSummary, targetUid: string) {
    const { followers } = await this.profiles.unfollow({ uid: user.uid, targetUid });
    return { following: false, followers };
  }

  async followers(userId: string, page: number) {
    const result = await this.profiles.listFollowers({ userId, page, pageSize: PAGE_SIZE });
    return { ...result, items: result.items.map(toFollowUser) };
  }

  async following(userId: string, page: number) {
    const result = await this.profiles.listFollowing({ userId, page, pageSize: PAGE_SIZE });
    return { ...result, items: result.items.map(toFollowUser) };
  }

  /**
   * Without a session the answer is the same for everyone and is kept briefly in the public cache; with one it
   * also says whether the reader follows them.
   */
  async publicProfile(username: string, token: string | undefined): Promise<Buffer> {
    const viewer = await this.sessions.resolve(token);
    if (viewer) return Buffer.from(JSON.stringify(await this.loadPublicProfile(username, viewer.uid)));
    return this.shared(`profile:${username.toLowerCase()}`, () => this.loadPublicProfile(username, ''));
  }

  /**
   * The signed-in user's public profile under their current username (a session's cached summary may still hold
   * the old one for a minute after a change made in another session).
   */
  async myPublicProfile(user: UserSummary, token: string | undefined): Promise<Buffer> {
    const { profile } = await this.profiles.getProfile({ uid: user.uid });
    return this.publicProfile(profile!.username, token);
  }

  async profileStats(username: string): Promise<Buffer> {
    return this.shared(`profile-stats:${username.toLowerCase()}`, async () => {
      const { followers, following, articles, rating, joinedAt } = await this.loadPublicProfile(username, '');
      return { followers, following, articles, rating, joinedAt };
    });
  }

  async profileArticles(username: string, page: number): Promise<Buffer> {
    return this.shared(`profile-articles:${username.toLowerCase()}:${page}`, async () => {
      const { profile } = await this.profiles.getPublicProfile({ username, viewerUid: '' });
      return this.articlePage(profile!.uid, page);
    });
  }

  async myArticles(user: UserSummary, page: number): Promise<Buffer> {
    return Buffer.from(JSON.stringify(await this.articlePage(user.uid, page)));
  }

  private async loadPublicProfile(username: string, viewerUid: string) {
    const { profile } = await this.profiles.getPublicProfile({ username, viewerUid });
    const { total } = await this.articles.listAuthorArticles({ authorUid: profile!.uid, page: 1, pageSize: 1 });
    return toPublicProfile(profile!, total);
  }

  private async articlePage(authorUid: string, page: number) {
    const result = await this.articles.listAuthorArticles({ authorUid, page, pageSize: PAGE_SIZE });
    return {
      items: result.items.map(articleCardJson),
      page: result.page,
      pageSize: result.pageSize,
      hasMore: result.hasMore,
      total: result.total,
    };
  }

  /** An answer that is the same for everyone, encoded once and kept briefly in the public cache. */
  private async shared(key: string, produce: () => Promise<unknown>): Promise<Buffer> {
    const cached = this.cache.get(key);
    if (cached) return cached;
    const body = Buffer.from(JSON.stringify(await produce()));
    this.cache.set(key, body);
    return body;
  }
}
