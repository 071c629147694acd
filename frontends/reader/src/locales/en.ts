// The reader's strings in English, the reference: az and ru have exactly these keys (checked by the types and
// locales.spec.ts). Each language is its own chunk, loaded when the reader namespace is first needed.
const en = {
  nav: {
    home: 'Home',
    search: 'Search articles',
  },
  home: {
    heroTitle: 'Write, read and share experience',
    heroText: 'A professional environment for an open exchange of experience.',
    views: '150,000+ views',
    listTitle: 'Latest articles',
    empty: 'No articles have been published yet.',
    emptyHint: 'Be the first to write one.',
    write: 'Write an article',
    error: 'The articles could not be loaded.',
  },
  card: {
    by: 'by {{name}}',
    published: 'Published on {{date}}',
  },
  article: {
    notFound: 'Article not found',
    notFoundText: 'It may have been removed or is not published yet.',
    error: 'The article could not be loaded.',
    draft: 'Draft — only you can see it',
    back: 'Back to the home page',
    video: 'Video',
    code: 'Code',
    image: 'Image',
    link: 'Open link',
  },
  search: {
    title: 'Search',
    label: 'Search articles',
    placeholder: 'What are you looking for?',
    submit: 'Search',
    prompt: 'Type a few words to search the articles.',
    results: 'Results for “{{query}}”',
    empty: 'Nothing was found for “{{query}}”.',
    emptyHint: 'Try other or fewer words.',
    error: 'The search failed.',
    queryLength: 'A search can be at most {{max}} characters long.',
    queryChars: 'The search contains characters that cannot be searched for.',
  },
};

export type ReaderMessages = typeof en;
export default en;
