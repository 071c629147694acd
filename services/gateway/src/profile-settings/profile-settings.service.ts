import { pictureKinds } from '@pencraft/contracts/enums/identity';
import { Inject, Injectable } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { AppError, type ErrorCode } from '@pencraft/errors';
import type { PictureKind } from '@pencraft/rules';
import type { z } from 'zod';
import { SessionService } from '../accounts/session.service.js';
import { PROFILES, type ProfileClient } from '../profiles/profile.upstream.js';
import { toLink } from '../profiles/profiles.dto.js';
import { toProfileSettings, type ProfilePatchBody } from './profile-settings.dto.js';

const PICTURE_FORMAT_CODE: Record<PictureKind, ErrorCode> = {
  avatar: 'InvalidAvatarFormat',
  banner: 'InvalidCoverFormat',
};

/**
 * The signed-in user's own profile settings (fields, links, username, picture and banner) over identity's
 * ProfileService. The uid is always the session's; nothing in a path or body names whose settings change.
 */
@Injectable()
export class ProfileSettingsService {
  constructor(
    @Inject(PROFILES) private readonly profiles: ProfileClient,
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
}
