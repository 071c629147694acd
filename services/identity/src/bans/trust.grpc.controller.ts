import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import type * as pb from '@pencraft/contracts/identity/v1/moderation';
import { BanService } from './ban.service.js';

const SERVICE = 'TrustService';

/** identity.v1.TrustService: what the moderation service asks of identity (bans, an author's standing). */
@Controller()
export class TrustGrpcController {
  constructor(private readonly bans: BanService) {}

  @GrpcMethod(SERVICE, 'issueBan')
  issueBan(request: pb.IssueBanRequest): Promise<pb.IssueBanResponse> {
    return this.bans.issue(request);
  }

  @GrpcMethod(SERVICE, 'liftBan')
  liftBan(request: pb.LiftBanRequest): Promise<pb.LiftBanResponse> {
    return this.bans.lift(request.banId, request.moderator);
  }

  @GrpcMethod(SERVICE, 'getModerationProfile')
  getModerationProfile(request: pb.GetModerationProfileRequest): Promise<pb.GetModerationProfileResponse> {
    return this.bans.moderationProfile(request.uid, request.username);
  }

  @GrpcMethod(SERVICE, 'listUserBans')
  async listUserBans(request: pb.ListUserBansRequest): Promise<pb.ListUserBansResponse> {
    return { bans: await this.bans.listFor(request.uid) };
  }
}
