import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { profileUpstream } from '../profiles/profile.upstream.js';
import { standingUpstream } from '../standing/standing.upstream.js';
import { CommentsController } from './comments.controller.js';
import { CommentsService } from './comments.service.js';
import { commentsUpstream } from './comments.upstream.js';

/** Comments: an article's thread, writing, editing, deleting, votes, reports and a user's comments. */
@Module({
  imports: [AccountsModule],
  controllers: [CommentsController],
  providers: [commentsUpstream.provider, profileUpstream.provider, standingUpstream.provider, CommentsService],
})
export class CommentsModule {}
