import { Module } from '@nestjs/common';
import {
  Clock,
  mailerProvider,
  objectStoreProvider,
  secretBoxProvider,
  transactionManagerProvider,
} from '@pencraft/kit';
import { AccountLogRepository } from './account-log/account-log.repository.js';
import { AccountMails } from './auth/account-mails.js';
import { AccountService } from './auth/account.service.js';
import { AuthService } from './auth/auth.service.js';
import { IdentityGrpcController } from './auth/identity.grpc.controller.js';
import { PasswordHasher } from './auth/password-hasher.js';
import { BanRepository } from './bans/ban.repository.js';
import { BanService } from './bans/ban.service.js';
import { TrustGrpcController } from './bans/trust.grpc.controller.js';
import { FeedbackGrpcController } from './feedback/feedback.grpc.controller.js';
import { FeedbackMails } from './feedback/feedback.mails.js';
import { FeedbackRepository } from './feedback/feedback.repository.js';
import { FeedbackService } from './feedback/feedback.service.js';
import { FollowRepository } from './follows/follow.repository.js';
import { FollowService } from './follows/follow.service.js';
import { ImageProcessor } from './media/image-processor.js';
import { MediaService } from './media/media.service.js';
import { PartnersModule } from './partners/partners.module.js';
import { PhoneService } from './phone/phone.service.js';
import { smsSenderProvider } from './phone/sms-sender.js';
import { PreferencesService } from './preferences/preferences.service.js';
import { ProfileGrpcController } from './profile/profile.grpc.controller.js';
import { ProfileRepository } from './profile/profile.repository.js';
import { ProfileService } from './profile/profile.service.js';
import { DeletionJob } from './security/deletion.job.js';
import { DeletionRepository } from './security/deletion.repository.js';
import { DeletionService } from './security/deletion.service.js';
import { GeoIp } from './security/geoip.js';
import { MfaRepository } from './security/mfa.repository.js';
import { MfaService } from './security/mfa.service.js';
import { SecondFactorService } from './security/second-factor.service.js';
import { RecoveryCodeHasher } from './security/recovery-codes.js';
import { SecurityAccountRepository } from './security/security-account.repository.js';
import { SecurityGrpcController } from './security/security.grpc.controller.js';
import { SessionsService } from './security/sessions.service.js';
import { Totp } from './security/totp.js';
import { UserSessionsRepository } from './security/user-sessions.repository.js';
import { SessionTokenGenerator } from './sessions/session-token.js';
import { SessionRepository } from './sessions/session.repository.js';
import { StandingModule } from './standing/standing.module.js';
import { TokenGrpcController } from './tokens/token.grpc.controller.js';
import { TokenRepository } from './tokens/token.repository.js';
import { TokenService } from './tokens/token.service.js';
import { UserRepository } from './users/user.repository.js';
import { VerificationCodeRepository } from './verification/verification-code.repository.js';
import { VerificationCodeService } from './verification/verification-code.service.js';

@Module({
  imports: [StandingModule, PartnersModule],
  controllers: [
    ProfileGrpcController,
    IdentityGrpcController,
    SecurityGrpcController,
    TrustGrpcController,
    FeedbackGrpcController,
    TokenGrpcController,
  ],
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
    BanService,
    SecondFactorService,
    DeletionService,
    ProfileService,
    ProfileRepository,
    PhoneService,
    smsSenderProvider,
    MediaService,
    ImageProcessor,
    objectStoreProvider,
    PreferencesService,
    FollowService,
    FollowRepository,
    DeletionRepository,
    DeletionJob,
    MfaService,
    MfaRepository,
    Totp,
    secretBoxProvider('MFA_ENCRYPTION_KEY'),
    RecoveryCodeHasher,
    SessionsService,
    UserSessionsRepository,
    GeoIp,
    SecurityAccountRepository,
    FeedbackService,
    FeedbackRepository,
    FeedbackMails,
    TokenService,
    TokenRepository,
  ],
})
export class IdentityModule {}
