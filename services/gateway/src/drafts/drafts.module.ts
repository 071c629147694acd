import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { collaborationUpstream } from '../collaboration/collaboration.upstream.js';
import { DraftsController } from './drafts.controller.js';
import { DraftsService } from './drafts.service.js';
import { draftsUpstream } from './drafts.upstream.js';

/** Drafts on the server, preview links, edits of published articles, pending deletion and the author's review view. */
@Module({
  imports: [AccountsModule],
  controllers: [DraftsController],
  providers: [draftsUpstream.provider, collaborationUpstream.provider, DraftsService],
})
export class DraftsModule {}
