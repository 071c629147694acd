import { Module } from '@nestjs/common';
import { Clock, transactionManagerProvider } from '@pencraft/kit';
import { PublicCopies, RedisPublicCopies } from '../articles/public-copies.js';
import { BookmarkRepository } from '../bookmarks/bookmark.repository.js';
import { BookmarkService } from '../bookmarks/bookmark.service.js';
import { CategoryFollowRepository } from '../categories/category-follow.repository.js';
import { CollectionRepository } from '../collections/collection.repository.js';
import { CollectionService } from '../collections/collection.service.js';
import { VoteRepository } from '../votes/vote.repository.js';
import { VoteService } from '../votes/vote.service.js';
import { EngagementConsumers } from './engagement.consumers.js';
import { EngagementGrpcController } from './engagement.grpc.controller.js';
import { EngagementRepository } from './engagement.repository.js';
import { FeedRepository } from './feed.repository.js';
import { FeedService } from './feed.service.js';
import { HomeRepository } from './home.repository.js';
import { HomeService } from './home.service.js';
import { UserFollowRepository } from './user-follow.repository.js';
import { TrendRepository } from './trend.repository.js';

/**
 * Engagement and reading lists (articles.v1.EngagementService): votes, bookmarks, collections, category follows and
 * the feeds. EngagementRepository is exported for whoever needs an article's counts.
 */
@Module({
  controllers: [EngagementGrpcController],
  providers: [
    EngagementRepository,
    TrendRepository,
    EngagementConsumers,
    { provide: PublicCopies, useClass: RedisPublicCopies },
    FeedRepository,
    FeedService,
    HomeRepository,
    HomeService,
    UserFollowRepository,
    CategoryFollowRepository,
    VoteRepository,
    VoteService,
    BookmarkRepository,
    BookmarkService,
    CollectionRepository,
    CollectionService,
    Clock,
    transactionManagerProvider,
  ],
  exports: [EngagementRepository, TrendRepository],
})
export class EngagementModule {}
