import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { SecurityController } from './security.controller.js';
import { SecurityService } from './security.service.js';
import { securityUpstream } from './security.upstream.js';

/** Security settings: two-factor authentication, sessions, bans and account deletion. */
@Module({
  imports: [AccountsModule],
  controllers: [SecurityController],
  providers: [securityUpstream.provider, SecurityService],
})
export class SecurityModule {}
