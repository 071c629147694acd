import { Module } from '@nestjs/common';
import { AuthService } from './auth/auth.service.js';
import { IdentityGrpcController } from './auth/identity.grpc.controller.js';
import { PasswordHasher } from './auth/password-hasher.js';
import { SessionRepository } from './sessions/session.repository.js';
import { UserRepository } from './users/user.repository.js';

@Module({
  controllers: [IdentityGrpcController],
  providers: [AuthService, PasswordHasher, UserRepository, SessionRepository],
})
export class IdentityModule {}
