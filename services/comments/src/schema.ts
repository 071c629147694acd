// Every table of the service, for drizzle-kit.
import { commentsEvents } from './comments.schema.js';

export { commentsSchema } from './comments.schema.js';
export const { outbox, processedEvents } = commentsEvents;
export { comments } from './comments/comment.table.js';
export { commentVotes } from './votes/comment-vote.table.js';
export { commentReports } from './reports/comment-report.table.js';
export { authors } from './authors/author.table.js';
export { articleRefs } from './articles/article-ref.table.js';
