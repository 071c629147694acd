import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { articlesUpstream } from '../articles/articles.upstream.js';
import { profileUpstream } from '../profiles/profile.upstream.js';
import { CollaborationController } from './collaboration.controller.js';
import { CollaborationService } from './collaboration.service.js';
import { collaborationUpstream } from './collaboration.upstream.js';

/** Collaboration: the language versions of an article, co-author invitations. */
@Module({
  imports: [AccountsModule],
  controllers: [CollaborationController],
  providers: [
    collaborationUpstream.provider,
    articlesUpstream.provider,
    profileUpstream.provider,
    CollaborationService,
  ],
})
export class CollaborationModule {}
