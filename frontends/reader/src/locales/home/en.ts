// The home page's strings in English, the reference: az and ru have exactly these keys (checked by the types and
// home.locales.spec.ts). The namespace `home` is the reader remote's (issue #17), loaded per language when needed.
const en = {
  mission: {
    title: 'Our mission',
    text: 'Pencraft is a professional environment for an open exchange of experience: people who know their field write about it in Azerbaijani, English and Russian, and readers find it in their own language.',
  },
  features: {
    title: 'What you can do here',
    write: { title: 'Write', text: 'A block editor, drafts, co-authors and translations into three languages.' },
    read: { title: 'Read', text: 'Articles in your language first, collections, bookmarks and photo search.' },
    follow: { title: 'Follow', text: 'Follow people, categories and publications and see their articles first.' },
    grow: { title: 'Grow', text: 'Earn rating and badges, join publications and receive support from readers.' },
  },
  trending: {
    title: 'Trending',
    hint: 'Votes, comments and reads of the last 7 days.',
    empty: 'Nothing is trending yet.',
    error: 'Trending articles could not be loaded.',
    score: 'Trending score {{score}}',
  },
  tabs: {
    label: 'Articles',
    all: 'All',
    following: 'Following',
    suggestions: 'Suggestions',
  },
  list: {
    empty: {
      all: 'No articles have been published yet.',
      following: 'Nothing here yet: follow people, categories or publications to see their articles.',
      suggestions: 'Nothing to suggest yet: read, vote and follow categories to get suggestions.',
    },
    error: 'The articles could not be loaded.',
    loadMore: 'Load more articles',
    loadingMore: 'Loading more articles…',
    end: 'You have reached the end of the list.',
    signIn: 'Sign in to see the articles of what you follow and suggestions for you.',
  },
  categories: {
    title: 'Your categories',
    pinned: 'Pinned',
    empty: 'Follow or pin categories to find them here.',
  },
  suggestions: {
    title: 'Whom to follow',
    people: 'People',
    categories: 'Categories',
    publications: 'Publications',
    follow: 'Follow',
    following: 'Following',
    followName: 'Follow {{name}}',
    articles: 'Articles: {{count}}',
    empty: 'No suggestions right now.',
    failed: 'That did not work. Try again.',
  },
  category: {
    pin: 'Pin to my home',
    unpin: 'Unpin from my home',
    explore: 'Overview',
    articles: 'Articles',
    thisWeek: 'This week',
    followers: 'Followers',
    topAuthors: 'Top authors',
    noAuthors: 'No authors yet.',
    score: 'score {{score}}',
  },
};

export type HomeMessages = typeof en;
export default en;
