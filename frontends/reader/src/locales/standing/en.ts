// The standing strings (leaderboard, tiers, badges) in English, the reference: az and ru have exactly these keys
// (checked by the types and standing.locales.spec.ts). The namespace `standing` is the reader remote's, loaded per
// language when first needed.
const en = {
  leaderboard: {
    title: 'Leaderboard',
    description: 'The writers with the highest rating on Pencraft, this week, this month and of all time.',
    periods: 'Period',
    period: { week: 'This week', month: 'This month', all: 'All time' },
    rank: 'Rank',
    writer: 'Writer',
    rating: 'Rating',
    gained: 'Points',
    ratingValue: 'Rating {{rating}}',
    gainedValue: '+{{points}} points',
    empty: 'Nobody has gained points in this period yet.',
    emptyHint: 'Ratings grow with upvotes, comments and approved articles.',
    error: 'The leaderboard could not be loaded.',
    more: 'Show more',
    guide: 'How the rating works',
  },
  tiers: {
    bad: 'Below zero',
    guest: 'Guest',
    amateur: 'Amateur',
    pro: 'Pro',
    leader: 'Leader',
  },
  badges: {
    tab: 'Badges',
    none: 'No badges yet.',
    error: 'The badges could not be loaded.',
    earned: 'Earned on {{date}}',
    names: {
      'first-article': 'First article',
      'complete-profile': 'Complete profile',
      'comment-upvotes': 'Liked commenter',
      'popular-articles': 'Popular writer',
      'article-upvotes': 'Hundred upvotes',
      views: 'Ten thousand views',
      followers: 'Fifty followers',
      supporter: 'Generous supporter',
      supporters: 'Fifty supporters',
      commenter: 'Commenter',
      'beta-tester': 'Beta tester',
      'bug-hunter': 'Bug hunter',
    },
    descriptions: {
      'first-article': 'Published a first article.',
      'complete-profile': 'Added a picture, a cover, a headline, a bio, a birthdate and a link.',
      'comment-upvotes': 'Comments upvoted 50 times.',
      'popular-articles': '10 articles with at least 5 upvotes each.',
      'article-upvotes': 'Articles upvoted 100 times.',
      views: 'Articles viewed 10,000 times.',
      followers: 'Followed by 50 people.',
      supporter: 'Sent 100 AZN as support.',
      supporters: 'Supported by 50 people.',
      commenter: 'Published 10 comments.',
      'beta-tester': 'Helped test Pencraft before its release.',
      'bug-hunter': 'Reported a bug that was fixed.',
    },
  },
};

export type StandingMessages = typeof en;
export default en;
