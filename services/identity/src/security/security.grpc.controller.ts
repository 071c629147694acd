import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import { banReasons } from '@pencraft/contracts/enums';
import type {
  CancelDeletionByLinkRequest,
  CancelDeletionByLinkResponse,
  CancelDeletionRequest,
  CancelDeletionResponse,
  ConfirmMfaRequest,
  ConfirmMfaResponse,
  DisableMfaRequest,
  DisableMfaResponse,
  EndOtherSessionsRequest,
  EndOtherSessionsResponse,
  EndSessionRequest,
  EndSessionResponse,
  GetSummaryRequest,
  GetSummaryResponse,
  ListBansRequest,
  ListBansResponse,
  ListSessionsRequest,
  ListSessionsResponse,
  RegenerateRecoveryCodesRequest,
  RegenerateRecoveryCodesResponse,
  RequestDeletionRequest,
  RequestDeletionResponse,
  StartMfaRequest,
  StartMfaResponse,
} from '@pencraft/contracts/identity/v1/security';
import { BanRepository } from '../bans/ban.repository.js';
import { DeletionService } from './deletion.service.js';
import { MfaService } from './mfa.service.js';
import { SessionsService } from './sessions.service.js';

const SERVICE = 'SecurityService';

/** identity.v1.SecurityService: each method hands its request to the service that holds the rules. */
@Controller()
export class SecurityGrpcController {
  constructor(
    private readonly mfa: MfaService,
    private readonly sessions: SessionsService,
    private readonly deletion: DeletionService,
    private readonly bans: BanRepository,
  ) {}

  @GrpcMethod(SERVICE, 'getSummary')
  getSummary(request: GetSummaryRequest): Promise<GetSummaryResponse> {
    return this.mfa.summary(request.uid);
  }

  @GrpcMethod(SERVICE, 'startMfa')
  startMfa(request: StartMfaRequest): Promise<StartMfaResponse> {
    return this.mfa.start(request.uid, request.password);
  }

  @GrpcMethod(SERVICE, 'confirmMfa')
  async confirmMfa(request: ConfirmMfaRequest): Promise<ConfirmMfaResponse> {
    return { recoveryCodes: await this.mfa.confirm(request.uid, request.code) };
  }

  @GrpcMethod(SERVICE, 'disableMfa')
  async disableMfa(request: DisableMfaRequest): Promise<DisableMfaResponse> {
    await this.mfa.disable(request.uid, request.password, request.code);
    return {};
  }

  @GrpcMethod(SERVICE, 'regenerateRecoveryCodes')
  async regenerateRecoveryCodes(request: RegenerateRecoveryCodesRequest): Promise<RegenerateRecoveryCodesResponse> {
    return { recoveryCodes: await this.mfa.regenerateRecoveryCodes(request.uid, request.password, request.code) };
  }

  @GrpcMethod(SERVICE, 'listSessions')
  async listSessions(request: ListSessionsRequest): Promise<ListSessionsResponse> {
    return { sessions: await this.sessions.list(request.uid, request.sessionId) };
  }

  @GrpcMethod(SERVICE, 'endSession')
  async endSession(request: EndSessionRequest): Promise<EndSessionResponse> {
    return { tokenHashes: await this.sessions.end(request.uid, request.targetId) };
  }

  @GrpcMethod(SERVICE, 'endOtherSessions')
  async endOtherSessions(request: EndOtherSessionsRequest): Promise<EndOtherSessionsResponse> {
    return { tokenHashes: await this.sessions.endOthers(request.uid, request.sessionId) };
  }

  @GrpcMethod(SERVICE, 'listBans')
  async listBans(request: ListBansRequest): Promise<ListBansResponse> {
    const bans = await this.bans.listFor(request.uid);
    return {
      bans: bans.map((ban) => ({
        id: ban.id,
        reason: banReasons.toProto(ban.reason),
        startsAtMs: ban.startsAt.getTime(),
        endsAtMs: ban.endsAt?.getTime() ?? 0,
        liftedAtMs: ban.liftedAt?.getTime() ?? 0,
      })),
    };
  }

  @GrpcMethod(SERVICE, 'requestDeletion')
  requestDeletion(request: RequestDeletionRequest): Promise<RequestDeletionResponse> {
    return this.deletion.request({
      userId: request.uid,
      sessionId: request.sessionId,
      password: request.password,
      code: request.code,
    });
  }

  @GrpcMethod(SERVICE, 'cancelDeletion')
  async cancelDeletion(request: CancelDeletionRequest): Promise<CancelDeletionResponse> {
    await this.deletion.cancel(request.uid);
    return {};
  }

  @GrpcMethod(SERVICE, 'cancelDeletionByLink')
  async cancelDeletionByLink(request: CancelDeletionByLinkRequest): Promise<CancelDeletionByLinkResponse> {
    await this.deletion.cancelByLink(request.token);
    return {};
  }
}
