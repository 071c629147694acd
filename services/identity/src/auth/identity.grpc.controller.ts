import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import type {
  LoginRequest,
  LoginResponse,
  LogoutRequest,
  LogoutResponse,
  RegisterRequest,
  RegisterResponse,
  ValidateSessionRequest,
  ValidateSessionResponse,
} from '@pencraft/contracts/identity/v1/identity';
import { AuthService } from './auth.service.js';

/** identity.v1.IdentityService: each method hands its request to AuthService. */
@Controller()
export class IdentityGrpcController {
  constructor(private readonly auth: AuthService) {}

  @GrpcMethod('IdentityService', 'register')
  register(request: RegisterRequest): Promise<RegisterResponse> {
    return this.auth.register(request, request.client);
  }

  @GrpcMethod('IdentityService', 'login')
  login(request: LoginRequest): Promise<LoginResponse> {
    return this.auth.login(request.login, request.password, request.client);
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
}
