import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { profileUpstream } from '../profiles/profile.upstream.js';
import { AccountSettingsController } from './account-settings.controller.js';
import { AccountSettingsService } from './account-settings.service.js';

/**
 * Account settings beyond the profile: phone, theme and language, notification switches, the settings index and
 * account summary, and the language and country lists.
 */
@Module({
  imports: [AccountsModule],
  controllers: [AccountSettingsController],
  providers: [profileUpstream.provider, AccountSettingsService],
})
export class AccountSettingsModule {}
