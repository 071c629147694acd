import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { LOGGER, REDIS, type Logger, type RedisClient } from '@pencraft/kit';
import { AccountController } from './account.controller.js';
import { AccountService } from './account.service.js';
import { AccountsController } from './accounts.controller.js';
import { AccountsService } from './accounts.service.js';
import { AddressCooldown } from './address-cooldown.js';
import { SessionGuard } from './current-user.js';
import { publicationsUpstream } from '../upstreams/publications.upstream.js';
import { identityUpstream } from './identity.upstream.js';
import { SessionService } from './session.service.js';
import { SignInThrottle } from './sign-in-throttle.js';

/** Accounts: sign-up, sign-in, sign-out, the page-load summary, and the sessions every signed-in route uses. */
@Module({
  controllers: [AccountsController, AccountController],
  providers: [
    identityUpstream.provider,
    publicationsUpstream.provider,
    SessionService,
    { provide: APP_GUARD, useClass: SessionGuard },
    AccountsService,
    AccountService,
    {
      provide: AddressCooldown,
      inject: [REDIS, LOGGER],
      useFactory: (redis: RedisClient, log: Logger) => new AddressCooldown(redis, log),
    },
    {
      provide: SignInThrottle,
      inject: [REDIS, LOGGER],
      useFactory: (redis: RedisClient, log: Logger) => new SignInThrottle(redis, log),
    },
  ],
  exports: [SessionService],
})
export class AccountsModule {}
