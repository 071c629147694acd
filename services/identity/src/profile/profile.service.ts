import { Injectable } from '@nestjs/common';
import type {
  GetAccountSummaryResponse,
  Profile,
  ProfileLink,
  PublicProfile,
  UpdateProfileRequest,
} from '@pencraft/contracts/identity/v1/profile';
import { AppError, type ErrorDetail } from '@pencraft/errors';
import { Clock, Outbox, TransactionManager } from '@pencraft/kit';
import {
  COUNTRY_CODE,
  bioProblem,
  birthdateProblem,
  checkLink,
  fullnameProblem,
  headlineProblem,
  isGender,
  isReservedUsername,
  nextUsernameChange,
  normalizeBio,
  normalizeFullname,
  normalizeHeadline,
  normalizeUsername,
  usernameProblem,
} from '@pencraft/rules';
import countries from 'i18n-iso-countries';
import { FollowRepository } from '../follows/follow.repository.js';
import type { UserRow } from '../users/user.table.js';
import type { UserLinkRow } from './link.table.js';
import { ProfileRepository, type ProfilePatch } from './profile.repository.js';
import { maskPhone, userUpdatedEvent } from './user-updated.js';

/** The profile fields, links and username of SPEC.md sections 3 and 9, and the public profile. */
@Injectable()
export class ProfileService {
  constructor(
    private readonly transactions: TransactionManager,
    private readonly profiles: ProfileRepository,
    private readonly follows: FollowRepository,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
  ) {}

  async get(uid: string): Promise<Profile> {
    const user = await this.requireUser(uid);
    return toProfile(user, await this.profiles.links(uid), this.clock.now());
  }

  /** Checks every given field (all problems reported at once), then saves them; a new full name is announced. */
  async update(uid: string, change: Omit<UpdateProfileRequest, 'uid'>): Promise<Profile> {
    const patch = this.checkChange(change);
    if (Object.keys(patch).length === 0) return this.get(uid);
    const at = this.clock.now();
    const user = await this.transactions.run(async (tx) => {
      const before = await this.profiles.lock(tx, uid);
      if (!before) throw new AppError('UserNotFound');
      const after = await this.profiles.update(tx, uid, patch, at);
      if (after.fullname !== before.fullname) await this.outbox.add(tx, userUpdatedEvent(after, at));
      return after;
    });
    return toProfile(user, await this.profiles.links(uid), at);
  }

  async addLink(uid: string, provider: string, url: string): Promise<ProfileLink> {
    const checked = checkLink(provider, url);
    if (checked.problem) {
      const code = checked.problem === 'linkProvider' ? 'InvalidLinkProvider' : 'InvalidLinkUrl';
      throw new AppError(code, { details: [{ field: code === 'InvalidLinkProvider' ? 'provider' : 'url', code }] });
    }
    const link = await this.transactions.run(async (tx) => {
      if (!(await this.profiles.lock(tx, uid))) throw new AppError('UserNotFound');
      const existing = await this.profiles.links(uid, tx);
      // One per provider, so never more than LINKS_MAX (the unique index also decides a race).
      if (existing.some((row) => row.provider === provider)) throw new AppError('AlreadyHasLinkProvider');
      return this.profiles.addLink(tx, { userId: uid, provider, url: checked.url });
    });
    return toLink(link);
  }

  /** Only the user's own link; any other id (another's, unknown, malformed) is NotFound. */
  async removeLink(uid: string, linkId: string): Promise<void> {
    if (!(await this.profiles.removeLink(uid, linkId))) throw new AppError('NotFound');
  }

  async changeUsername(uid: string, wanted: string): Promise<{ username: string; usernameChangeableAtMs: number }> {
    const username = normalizeUsername(wanted ?? '');
    if (usernameProblem(username)) {
      throw new AppError('InvalidUsername', { details: [{ field: 'username', code: 'InvalidUsername' }] });
    }
    if (isReservedUsername(username)) {
      throw new AppError('UsernameAlreadyExists', { details: [{ field: 'username', code: 'UsernameAlreadyExists' }] });
    }
    const at = this.clock.now();
    const user = await this.transactions.run(async (tx) => {
      const before = await this.profiles.lock(tx, uid);
      if (!before) throw new AppError('UserNotFound');
      if (before.username === username) return before;
      const next = nextUsernameChange(before.usernameChangedAt ?? undefined);
      if (next && next > at) {
        throw new AppError('CantUpdateUsername', { params: { availableAt: next.toISOString() } });
      }
      const after = await this.profiles.changeUsername(tx, uid, username, at);
      await this.outbox.add(tx, userUpdatedEvent(after, at));
      return after;
    });
    return { username: user.username, usernameChangeableAtMs: changeableAt(user, at) };
  }

  async accountSummary(uid: string): Promise<GetAccountSummaryResponse> {
    const user = await this.requireUser(uid);
    return {
      email: user.email,
      emailConfirmed: Boolean(user.emailConfirmedAt),
      username: user.username,
      usernameChangeableAtMs: changeableAt(user, this.clock.now()),
      phoneMasked: maskPhone(user.phone),
      phoneVerified: Boolean(user.phone && user.phoneVerifiedAt),
      createdAtMs: user.createdAt.getTime(),
    };
  }

  /** What anyone may see of a user: no email, phone, birthdate or gender. */
  async publicProfile(username: string, viewerUid: string): Promise<PublicProfile> {
    const user = username ? await this.profiles.findByUsername(username.trim()) : undefined;
    if (!user) throw new AppError('UserNotFound');
    const [links, followers, following, followedByViewer] = await Promise.all([
      this.profiles.links(user.id),
      this.follows.followerCount(user.id),
      this.follows.followingCount(user.id),
      viewerUid && viewerUid !== user.id ? this.follows.isFollowing(viewerUid, user.id) : Promise.resolve(false),
    ]);
    return {
      uid: user.id,
      username: user.username,
      fullname: user.fullname,
      headline: user.headline,
      bio: user.bio,
      country: user.country ?? '',
      imageUrl: user.imageUrl ?? '',
      bannerUrl: user.bannerUrl ?? '',
      links: links.map(toLink),
      followers,
      following,
      rating: user.rating,
      joinedAtMs: user.createdAt.getTime(),
      followedByViewer,
    };
  }

  private checkChange(change: Omit<UpdateProfileRequest, 'uid'>): ProfilePatch {
    const patch: ProfilePatch = {};
    const details: ErrorDetail[] = [];
    if (change.fullname !== undefined) {
      const fullname = normalizeFullname(change.fullname);
      if (fullnameProblem(fullname)) details.push({ field: 'fullname', code: 'InvalidFullname' });
      else patch.fullname = fullname;
    }
    if (change.headline !== undefined) {
      const headline = normalizeHeadline(change.headline);
      if (headlineProblem(headline)) details.push({ field: 'headline', code: 'InvalidHeadline' });
      else patch.headline = headline;
    }
    if (change.bio !== undefined) {
      const bio = normalizeBio(change.bio);
      if (bioProblem(bio)) details.push({ field: 'bio', code: 'InvalidBio' });
      else patch.bio = bio;
    }
    if (change.birthdate !== undefined) {
      const birthdate = change.birthdate.trim();
      if (birthdate && birthdateProblem(birthdate, this.clock.now())) {
        details.push({ field: 'birthdate', code: 'InvalidBirthdate' });
      } else patch.birthdate = birthdate || null;
    }
    if (change.country !== undefined) {
      const country = change.country.trim();
      if (country && !(COUNTRY_CODE.test(country) && countries.isValid(country))) {
        details.push({ field: 'country', code: 'InvalidCountry' });
      } else patch.country = country || null;
    }
    if (change.gender !== undefined) {
      if (isGender(change.gender)) patch.gender = change.gender;
      else details.push({ field: 'gender', code: 'InvalidGender' });
    }
    if (details.length > 0) throw new AppError(details[0]!.code, { details });
    return patch;
  }

  private async requireUser(uid: string): Promise<UserRow> {
    const user = await this.profiles.findById(uid);
    if (!user) throw new AppError('UserNotFound');
    return user;
  }
}

/** When the username may change again, 0 when it may now. */
function changeableAt(user: Pick<UserRow, 'usernameChangedAt'>, now: Date): number {
  const next = nextUsernameChange(user.usernameChangedAt ?? undefined);
  return next && next > now ? next.getTime() : 0;
}

function toLink(row: UserLinkRow): ProfileLink {
  return { id: row.id, provider: row.provider, url: row.url };
}

export function toProfile(user: UserRow, links: UserLinkRow[], now: Date): Profile {
  return {
    uid: user.id,
    username: user.username,
    fullname: user.fullname,
    headline: user.headline,
    bio: user.bio,
    birthdate: user.birthdate ?? '',
    country: user.country ?? '',
    gender: user.gender,
    imageUrl: user.imageUrl ?? '',
    bannerUrl: user.bannerUrl ?? '',
    links: links.map(toLink),
    usernameChangeableAtMs: changeableAt(user, now),
  };
}
