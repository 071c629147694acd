// The codecs of the articles service's events (why an article was removed). A module of their own, so that a service
// loads the generated code of the contracts it uses, not every one's (issue #19, memory).
import { ARTICLE_REMOVAL_REASONS } from '@pencraft/rules';
import { protoEnum } from '../enums.js';
import { ArticleRemovalReason } from '../gen/events/v1/articles.js';

export const articleRemovalReasons = protoEnum<ArticleRemovalReason, (typeof ARTICLE_REMOVAL_REASONS)[number]>(
  'ArticleRemovalReason',
  ArticleRemovalReason,
  ARTICLE_REMOVAL_REASONS,
);
