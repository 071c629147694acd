import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import type * as pb from '@pencraft/contracts/identity/v1/standing';
import { StandingService } from './standing.service.js';

/** identity.v1.StandingService: ratings, the rating log, the leaderboard and badges. */
@Controller()
export class StandingGrpcController {
  constructor(private readonly standing: StandingService) {}

  @GrpcMethod('StandingService', 'getRating')
  async getRating(request: pb.GetRatingRequest): Promise<pb.GetRatingResponse> {
    return { rating: await this.standing.rating(request.uid) };
  }

  @GrpcMethod('StandingService', 'listRatingLog')
  listRatingLog(request: pb.ListRatingLogRequest): Promise<pb.ListRatingLogResponse> {
    return this.standing.ratingLog(request.uid, request.page, request.pageSize);
  }

  @GrpcMethod('StandingService', 'getLeaderboard')
  getLeaderboard(request: pb.GetLeaderboardRequest): Promise<pb.GetLeaderboardResponse> {
    return this.standing.leaderboard(request.period, request.page, request.pageSize);
  }

  @GrpcMethod('StandingService', 'listBadges')
  listBadges(request: pb.ListBadgesRequest): Promise<pb.ListBadgesResponse> {
    return this.standing.badges(request.username);
  }

  @GrpcMethod('StandingService', 'grantBadge')
  grantBadge(request: pb.GrantBadgeRequest): Promise<pb.GrantBadgeResponse> {
    return this.standing.grant(request.username, request.badge, request.grantedBy);
  }
}
