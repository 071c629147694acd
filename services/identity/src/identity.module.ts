import { Module } from '@nestjs/common';
import { mailerProvider, transactionManagerProvider } from '@pencraft/kit';
import { AccountLogRepository } from './account-log/account-log.repository.js';
import { AccountMails } from './auth/account-mails.js';
import { AccountService } from './auth/account.service.js';
import { AuthService } from './auth/auth.service.js';
import { IdentityGrpcController } from './auth/identity.grpc.controller.js';
import { PasswordHasher } from './auth/password-hasher.js';
import { BanRepository } from './bans/ban.repository.js';
import { Clock } from './clock.js';
import { DeletionService } from './security/deletion.service.js';
import { SecondFactorService } from './security/second-factor.service.js';
import { SessionTokenGenerator } from './sessions/session-token.js';
import { SessionRepository } from './sessions/session.repository.js';
import { UserRepository } from './users/user.repository.js';
import { VerificationCodeRepository } from './verification/verification-code.repository.js';
import { VerificationCodeService } from './verification/verification-code.service.js';

@Module({
  controllers: [IdentityGrpcController],
  providers: [
    AuthService,
    AccountService,
    AccountMails,
    mailerProvider,
    UserRepository,
    SessionRepository,
    PasswordHasher,
    SessionTokenGenerator,
    Clock,
    transactionManagerProvider,
    VerificationCodeService,
    VerificationCodeRepository,
    AccountLogRepository,
    BanRepository,
    SecondFactorService,
    DeletionService,
  ],
})
export class IdentityModule {}
