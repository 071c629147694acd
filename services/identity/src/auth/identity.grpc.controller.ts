import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import type {
  ChangePasswordRequest,
  ConfirmCodeRequest,
  ConfirmRegistrationResponse,
  EmailChangeRequest,
  Empty,
  EndedSessions,
  LinkRequest,
  ListAccountLogRequest,
  ListAccountLogResponse,
  LoginRequest,
  PasswordResetRequest,
  ResetPasswordRequest,
  UserRequest,
  LoginResponse,
  LogoutRequest,
  LogoutResponse,
  RegisterRequest,
  RegisterResponse,
  ValidateSessionRequest,
  ValidateSessionResponse,
} from '@pencraft/contracts/identity/v1/identity';
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
  register(request: RegisterRequest): Promise<RegisterResponse> {
    return this.auth.register(request, request.client);
  }

  @GrpcMethod('IdentityService', 'login')
  login(request: LoginRequest): Promise<LoginResponse> {
    return this.auth.login(request.login, request.password, request.client, request.secondFactor);
  }

  @GrpcMethod('IdentityService', 'logout')
  async logout(request: LogoutRequest): Promise<LogoutResponse> {
    await this.auth.logout(request.sessionToken);
    return {};
  }

  @GrpcMethod('IdentityService', 'validateSession')
  validateSession(request: ValidateSessionRequest): Promise<ValidateSessionResponse> {
    return this.auth.validateSession(request.sessionToken);
  }

  @GrpcMethod('IdentityService', 'confirmRegistration')
  async confirmRegistration(request: ConfirmCodeRequest): Promise<ConfirmRegistrationResponse> {
    return { user: await this.accounts.confirmRegistration(request.uid, request.code, request.client) };
  }

  @GrpcMethod('IdentityService', 'confirmRegistrationLink')
  async confirmRegistrationLink(request: LinkRequest): Promise<Empty> {
    await this.accounts.confirmRegistrationLink(request.token, request.client);
    return {};
  }

  @GrpcMethod('IdentityService', 'resendRegistrationCode')
  async resendRegistrationCode(request: UserRequest): Promise<Empty> {
    await this.accounts.resendRegistrationCode(request.uid);
    return {};
  }

  @GrpcMethod('IdentityService', 'requestPasswordReset')
  async requestPasswordReset(request: PasswordResetRequest): Promise<Empty> {
    await this.accounts.requestPasswordReset(request.email);
    return {};
  }

  @GrpcMethod('IdentityService', 'checkPasswordResetLink')
  async checkPasswordResetLink(request: LinkRequest): Promise<Empty> {
    await this.accounts.checkPasswordResetLink(request.token);
    return {};
  }

  @GrpcMethod('IdentityService', 'resetPassword')
  async resetPassword(request: ResetPasswordRequest): Promise<EndedSessions> {
    return { tokenHashes: await this.accounts.resetPassword(request, request.client) };
  }

  @GrpcMethod('IdentityService', 'changePassword')
  async changePassword(request: ChangePasswordRequest): Promise<EndedSessions> {
    return { tokenHashes: await this.accounts.changePassword(request, request.client) };
  }

  @GrpcMethod('IdentityService', 'requestEmailChange')
  async requestEmailChange(request: EmailChangeRequest): Promise<Empty> {
    await this.accounts.requestEmailChange(request);
    return {};
  }

  @GrpcMethod('IdentityService', 'resendEmailChange')
  async resendEmailChange(request: UserRequest): Promise<Empty> {
    await this.accounts.resendEmailChange(request.uid);
    return {};
  }

  @GrpcMethod('IdentityService', 'confirmEmailChange')
  async confirmEmailChange(request: ConfirmCodeRequest): Promise<Empty> {
    await this.accounts.confirmEmailChange(request.uid, request.code, request.client);
    return {};
  }

  @GrpcMethod('IdentityService', 'confirmEmailChangeLink')
  async confirmEmailChangeLink(request: LinkRequest): Promise<Empty> {
    await this.accounts.confirmEmailChangeLink(request.token, request.client);
    return {};
  }

  @GrpcMethod('IdentityService', 'listAccountLog')
  listAccountLog(request: ListAccountLogRequest): Promise<ListAccountLogResponse> {
    return this.accounts.listLog(request.uid, request.page);
  }
}
