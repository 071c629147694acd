import { Module } from '@nestjs/common';
import { profileUpstream } from '../profiles/profile.upstream.js';
import { FollowsController } from './follows.controller.js';
import { FollowsService } from './follows.service.js';

/** Follows: follow and unfollow a user, a user's followers and following, and the signed-in user's following. */
@Module({
  controllers: [FollowsController],
  providers: [profileUpstream.provider, FollowsService],
})
export class FollowsModule {}
