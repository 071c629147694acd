import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import type * as pb from '@pencraft/contracts/identity/v1/tokens';
import { TokenService } from './token.service.js';

const SERVICE = 'TokenService';

/** identity.v1.TokenService: personal access tokens, made, listed and revoked in settings, verified by the gateway. */
@Controller()
export class TokenGrpcController {
  constructor(private readonly tokens: TokenService) {}

  @GrpcMethod(SERVICE, 'createAccessToken')
  createAccessToken(request: pb.CreateAccessTokenRequest): Promise<pb.CreateAccessTokenResponse> {
    return this.tokens.create(request);
  }

  @GrpcMethod(SERVICE, 'listAccessTokens')
  async listAccessTokens(request: pb.ListAccessTokensRequest): Promise<pb.ListAccessTokensResponse> {
    return { tokens: await this.tokens.list(request.uid) };
  }

  @GrpcMethod(SERVICE, 'revokeAccessToken')
  async revokeAccessToken(request: pb.RevokeAccessTokenRequest): Promise<pb.RevokeAccessTokenResponse> {
    await this.tokens.revoke(request);
    return {};
  }

  @GrpcMethod(SERVICE, 'verifyAccessToken')
  verifyAccessToken(request: pb.VerifyAccessTokenRequest): Promise<pb.VerifyAccessTokenResponse> {
    return this.tokens.verify(request);
  }
}
