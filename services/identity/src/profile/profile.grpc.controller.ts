import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import { languages } from '@pencraft/contracts/enums';
import { pictureKinds } from '@pencraft/contracts/enums/identity';
import type * as pb from '@pencraft/contracts/identity/v1/profile';
import { FollowService } from '../follows/follow.service.js';
import { MediaService } from '../media/media.service.js';
import { PhoneService } from '../phone/phone.service.js';
import { PreferencesService } from '../preferences/preferences.service.js';
import { StandingService } from '../standing/standing.service.js';
import { ProfileService } from './profile.service.js';

/** identity.v1.ProfileService: each method hands its request to the service of its area. */
@Controller()
export class ProfileGrpcController {
  constructor(
    private readonly profiles: ProfileService,
    private readonly phones: PhoneService,
    private readonly media: MediaService,
    private readonly preferences: PreferencesService,
    private readonly follows: FollowService,
    private readonly standing: StandingService,
  ) {}

  @GrpcMethod('ProfileService', 'getProfile')
  async getProfile(request: pb.GetProfileRequest): Promise<pb.GetProfileResponse> {
    return { profile: await this.profiles.get(request.uid) };
  }

  @GrpcMethod('ProfileService', 'updateProfile')
  async updateProfile({ uid, ...change }: pb.UpdateProfileRequest): Promise<pb.UpdateProfileResponse> {
    const profile = await this.profiles.update(uid, change);
    await this.standing.profileChanged(uid);
    return { profile };
  }

  @GrpcMethod('ProfileService', 'addLink')
  async addLink(request: pb.AddLinkRequest): Promise<pb.AddLinkResponse> {
    const link = await this.profiles.addLink(request.uid, request.provider, request.url);
    await this.standing.profileChanged(request.uid);
    return { link };
  }

  @GrpcMethod('ProfileService', 'removeLink')
  async removeLink(request: pb.RemoveLinkRequest): Promise<pb.RemoveLinkResponse> {
    await this.profiles.removeLink(request.uid, request.linkId);
    return {};
  }

  @GrpcMethod('ProfileService', 'changeUsername')
  changeUsername(request: pb.ChangeUsernameRequest): Promise<pb.ChangeUsernameResponse> {
    return this.profiles.changeUsername(request.uid, request.username);
  }

  @GrpcMethod('ProfileService', 'requestPhoneChange')
  requestPhoneChange(request: pb.RequestPhoneChangeRequest): Promise<pb.RequestPhoneChangeResponse> {
    return this.phones.requestChange(request.uid, request.phone);
  }

  @GrpcMethod('ProfileService', 'verifyPhone')
  verifyPhone(request: pb.VerifyPhoneRequest): Promise<pb.VerifyPhoneResponse> {
    return this.phones.verify(request.uid, request.code);
  }

  @GrpcMethod('ProfileService', 'removePhone')
  async removePhone(request: pb.RemovePhoneRequest): Promise<pb.RemovePhoneResponse> {
    await this.phones.remove(request.uid);
    return {};
  }

  @GrpcMethod('ProfileService', 'setPicture')
  async setPicture(request: pb.SetPictureRequest): Promise<pb.SetPictureResponse> {
    const answer = await this.media.set(
      request.uid,
      pictureKinds.require(request.kind, 'kind'),
      Buffer.from(request.image),
    );
    // The complete-profile badge (standing) needs the picture and the cover among the rest.
    await this.standing.profileChanged(request.uid);
    return answer;
  }

  @GrpcMethod('ProfileService', 'removePicture')
  async removePicture(request: pb.RemovePictureRequest): Promise<pb.RemovePictureResponse> {
    await this.media.remove(request.uid, pictureKinds.require(request.kind, 'kind'));
    return {};
  }

  @GrpcMethod('ProfileService', 'getPreferences')
  async getPreferences(request: pb.GetPreferencesRequest): Promise<pb.GetPreferencesResponse> {
    return { preferences: await this.preferences.get(request.uid) };
  }

  @GrpcMethod('ProfileService', 'updatePreferences')
  async updatePreferences({ uid, ...change }: pb.UpdatePreferencesRequest): Promise<pb.UpdatePreferencesResponse> {
    return { preferences: await this.preferences.update(uid, change) };
  }

  @GrpcMethod('ProfileService', 'getAccountSummary')
  getAccountSummary(request: pb.GetAccountSummaryRequest): Promise<pb.GetAccountSummaryResponse> {
    return this.profiles.accountSummary(request.uid);
  }

  @GrpcMethod('ProfileService', 'follow')
  follow(request: pb.FollowRequest): Promise<pb.FollowResponse> {
    return this.follows.follow(request.uid, request.targetUid);
  }

  @GrpcMethod('ProfileService', 'unfollow')
  unfollow(request: pb.UnfollowRequest): Promise<pb.UnfollowResponse> {
    return this.follows.unfollow(request.uid, request.targetUid);
  }

  @GrpcMethod('ProfileService', 'listFollowers')
  listFollowers(request: pb.ListFollowersRequest): Promise<pb.ListFollowersResponse> {
    return this.follows.followers(request.userId, request.page, request.pageSize);
  }

  @GrpcMethod('ProfileService', 'listFollowing')
  listFollowing(request: pb.ListFollowingRequest): Promise<pb.ListFollowingResponse> {
    return this.follows.following(request.userId, request.page, request.pageSize);
  }

  @GrpcMethod('ProfileService', 'getContact')
  async getContact(request: pb.GetContactRequest): Promise<pb.GetContactResponse> {
    const contact = await this.preferences.contact(request.uid);
    return { ...contact, lang: languages.toProto(contact.lang) };
  }

  @GrpcMethod('ProfileService', 'getPublicProfile')
  async getPublicProfile(request: pb.GetPublicProfileRequest): Promise<pb.GetPublicProfileResponse> {
    return { profile: await this.profiles.publicProfile(request.username, request.viewerUid) };
  }
}
