// The rating log's strings in English, the reference: az and ru have exactly these keys (checked by the types and
// rating.locales.spec.ts). The namespace `settingsRating` is the settings remote's, loaded when first needed.
const en = {
  title: 'Rating log',
  text: 'What moved your rating, by how much and when. Your rating is the sum of these points.',
  rating: 'Your rating',
  tier: 'Tier',
  guide: 'How the rating works',
  empty: 'Nothing has moved your rating yet.',
  points: 'Points',
  when: 'When',
  pages: 'Pages of the rating log',
  newer: 'Newer',
  older: 'Older',
  page: 'Page {{page}}',
  tiers: {
    bad: 'Below zero',
    guest: 'Guest',
    amateur: 'Amateur',
    pro: 'Pro',
    leader: 'Leader',
  },
  kinds: {
    articleUpvote: 'An upvote on your article (or one taken back)',
    articleDownvote: 'A downvote on your article (or one taken back)',
    commentUpvote: 'An upvote on your comment (or one taken back)',
    commentDownvote: 'A downvote on your comment (or one taken back)',
    commentPublished: 'Your comment was published',
    articleReads: 'Your articles were read',
    articleApproved: 'Your article was approved',
    articleRejected: 'Your article was rejected',
    commentRemoved: 'Your comment was removed after a report',
    banned: 'Your account was banned',
  },
};

export type RatingMessages = typeof en;
export default en;
