import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import type * as pb from '@pencraft/contracts/identity/v1/identity';
import { AccountService } from './account.service.js';
import { AuthService } from './auth.service.js';

/** identity.v1.IdentityService: each method hands its request to AuthService. */
@Controller()
export class IdentityGrpcController {
  constructor(
    private readonly auth: AuthService,
    private readonly accounts: AccountService,
  ) {}

  @GrpcMethod('IdentityService', 'register')
  register(request: pb.RegisterRequest): Promise<pb.RegisterResponse> {
    return this.auth.register(request, request.client);
  }

  @GrpcMethod('IdentityService', 'login')
  login(request: pb.LoginRequest): Promise<pb.LoginResponse> {
    return this.auth.login(request.login, request.password, request.client, request.secondFactor);
  }

  @GrpcMethod('IdentityService', 'resolveLogin')
  resolveLogin(request: pb.ResolveLoginRequest): Promise<pb.ResolveLoginResponse> {
    return this.auth.resolveLogin(request.login);
  }

  @GrpcMethod('IdentityService', 'logout')
  async logout(request: pb.LogoutRequest): Promise<pb.LogoutResponse> {
    await this.auth.logout(request.sessionToken);
    return {};
  }

  @GrpcMethod('IdentityService', 'validateSession')
  validateSession(request: pb.ValidateSessionRequest): Promise<pb.ValidateSessionResponse> {
    return this.auth.validateSession(request.sessionToken);
  }

  @GrpcMethod('IdentityService', 'confirmRegistration')
  async confirmRegistration(request: pb.ConfirmRegistrationRequest): Promise<pb.ConfirmRegistrationResponse> {
    return { user: await this.accounts.confirmRegistration(request.uid, request.code, request.client) };
  }

  @GrpcMethod('IdentityService', 'confirmRegistrationLink')
  async confirmRegistrationLink(
    request: pb.ConfirmRegistrationLinkRequest,
  ): Promise<pb.ConfirmRegistrationLinkResponse> {
    await this.accounts.confirmRegistrationLink(request.token, request.client);
    return {};
  }

  @GrpcMethod('IdentityService', 'resendRegistrationCode')
  async resendRegistrationCode(request: pb.ResendRegistrationCodeRequest): Promise<pb.ResendRegistrationCodeResponse> {
    await this.accounts.resendRegistrationCode(request.uid);
    return {};
  }

  @GrpcMethod('IdentityService', 'requestPasswordReset')
  async requestPasswordReset(request: pb.RequestPasswordResetRequest): Promise<pb.RequestPasswordResetResponse> {
    await this.accounts.requestPasswordReset(request.email);
    return {};
  }

  @GrpcMethod('IdentityService', 'checkPasswordResetLink')
  async checkPasswordResetLink(request: pb.CheckPasswordResetLinkRequest): Promise<pb.CheckPasswordResetLinkResponse> {
    await this.accounts.checkPasswordResetLink(request.token);
    return {};
  }

  @GrpcMethod('IdentityService', 'resetPassword')
  async resetPassword(request: pb.ResetPasswordRequest): Promise<pb.ResetPasswordResponse> {
    return this.accounts.resetPassword(request, request.client);
  }

  @GrpcMethod('IdentityService', 'changePassword')
  async changePassword(request: pb.ChangePasswordRequest): Promise<pb.ChangePasswordResponse> {
    return { tokenHashes: await this.accounts.changePassword(request, request.client) };
  }

  @GrpcMethod('IdentityService', 'requestEmailChange')
  async requestEmailChange(request: pb.RequestEmailChangeRequest): Promise<pb.RequestEmailChangeResponse> {
    await this.accounts.requestEmailChange(request);
    return {};
  }

  @GrpcMethod('IdentityService', 'resendEmailChange')
  async resendEmailChange(request: pb.ResendEmailChangeRequest): Promise<pb.ResendEmailChangeResponse> {
    await this.accounts.resendEmailChange(request.uid);
    return {};
  }

  @GrpcMethod('IdentityService', 'confirmEmailChange')
  async confirmEmailChange(request: pb.ConfirmEmailChangeRequest): Promise<pb.ConfirmEmailChangeResponse> {
    await this.accounts.confirmEmailChange(request.uid, request.code, request.client);
    return {};
  }

  @GrpcMethod('IdentityService', 'confirmEmailChangeLink')
  async confirmEmailChangeLink(request: pb.ConfirmEmailChangeLinkRequest): Promise<pb.ConfirmEmailChangeLinkResponse> {
    await this.accounts.confirmEmailChangeLink(request.token, request.client);
    return {};
  }

  @GrpcMethod('IdentityService', 'listAccountLog')
  listAccountLog(request: pb.ListAccountLogRequest): Promise<pb.ListAccountLogResponse> {
    return this.accounts.listLog(request.uid, request.page);
  }
}
