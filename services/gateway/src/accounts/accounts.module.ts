import { Module } from '@nestjs/common';
import { LOGGER, REDIS, type Logger, type RedisClient } from '@pencraft/kit';
import { AccountController } from './account.controller.js';
import { AccountService } from './account.service.js';
import { AccountsController } from './accounts.controller.js';
import { AccountsService } from './accounts.service.js';
import { AddressCooldown } from './address-cooldown.js';
import { RequireConfirmedUser, RequireUser, SessionGuard } from './current-user.js';
import { identityUpstream } from './identity.upstream.js';
import { SessionService } from './session.service.js';
import { SignInThrottle } from './sign-in-throttle.js';

/** Accounts: sign-up, sign-in, sign-out, the page-load summary, and the sessions every signed-in route uses. */
@Module({
  controllers: [AccountsController, AccountController],
  providers: [
    identityUpstream.provider,
    SessionService,
    SessionGuard,
    RequireUser,
    RequireConfirmedUser,
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
  exports: [SessionService, SessionGuard, RequireUser, RequireConfirmedUser],
})
export class AccountsModule {}
