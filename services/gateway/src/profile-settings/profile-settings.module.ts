import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { profileUpstream } from '../profiles/profile.upstream.js';
import { ProfileSettingsController } from './profile-settings.controller.js';
import { ProfileSettingsService } from './profile-settings.service.js';

/** Profile settings: the signed-in user's own profile fields, links, username, picture and banner. */
@Module({
  imports: [AccountsModule],
  controllers: [ProfileSettingsController],
  providers: [profileUpstream.provider, ProfileSettingsService],
})
export class ProfileSettingsModule {}
