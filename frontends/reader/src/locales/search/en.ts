// The search page's strings in English, the reference: az and ru have exactly these keys (checked by the types and
// search.locales.spec.ts). The namespace `search` is the reader remote's, loaded per language when first needed.
const en = {
  kinds: {
    label: 'What to search',
    all: 'Everything',
    article: 'Articles',
    user: 'Authors',
    publication: 'Publications',
    photo: 'Photos',
  },
  filters: {
    label: 'Filters',
    sort: 'Order',
    relevance: 'Best match first',
    date: 'Newest first',
    category: 'Category',
    anyCategory: 'Any category',
    language: 'Language',
    anyLanguage: 'Any language',
    from: 'Published from',
    to: 'Published until',
    submit: 'Apply',
    reset: 'Clear filters',
    badRange: 'The end date cannot be before the start date.',
  },
  languages: {
    az: 'Azerbaijani',
    en: 'English',
    ru: 'Russian',
  },
  author: 'Author',
  publication: 'Publication',
  photos: {
    title: 'Photos for “{{query}}”',
    empty: 'No photos were found for “{{query}}”.',
    open: 'Open photo: {{caption}}',
    untitled: 'Photo from “{{title}}”',
    from: 'From “{{title}}”',
  },
};

export default en;
export type SearchCatalogue = typeof en;
