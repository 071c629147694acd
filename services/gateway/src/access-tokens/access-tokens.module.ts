import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { AccessTokensController } from './access-tokens.controller.js';
import { AccessTokensService } from './access-tokens.service.js';
import { accessTokensUpstream } from './access-tokens.upstream.js';

/**
 * Personal access tokens in settings (issue #18): the signed-in writer lists, makes (shown once) and revokes their
 * tokens with the cookie session (CSRF as usual). The bearer side (VerifyAccessToken) is the partner guard's.
 */
@Module({
  imports: [AccountsModule],
  controllers: [AccessTokensController],
  providers: [accessTokensUpstream.provider, AccessTokensService],
})
export class AccessTokensModule {}
