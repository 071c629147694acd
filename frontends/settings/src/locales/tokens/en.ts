// The access tokens page's strings in English, the reference: az and ru have exactly these keys (checked by the
// types and tokens.locales.spec.ts). The namespace `settingsTokens` is loaded with that page only.
const en = {
  title: 'Access tokens',
  text:
    'A personal access token lets your own tools (a blog, a script, an editor plug-in) use the Pencraft API as you, ' +
    'the way you publish to other sites from your tools. Give each tool its own token and revoke it when you stop ' +
    'using it. Articles published with a token go through review like any other.',
  createTitle: 'New token',
  name: 'Name',
  nameHint: 'What the token is for, so you recognise it later (at most {{max}} characters)',
  scopes: 'What it may do',
  scopeHints: {
    read: 'Read public content: articles, authors, publications, categories and comments',
    search: 'Search articles and authors',
    act: 'Act as you: write drafts and send them to publishing, as you would yourself',
  },
  scopeNames: { read: 'Read', search: 'Search', act: 'Act as you' },
  expiry: 'Expires after',
  days: '{{count}} days',
  create: 'Create token',
  nameRequired: 'Give the token a name.',
  nameTooLong: 'At most {{max}} characters.',
  scopesRequired: 'Choose at least one permission.',
  createdTitle: 'Your new token',
  createdWarning: 'Copy it now and keep it somewhere safe: it will not be shown again.',
  tokenLabel: 'The token {{name}}',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Could not copy: select the token and copy it yourself.',
  done: 'I have copied it',
  listTitle: 'Your tokens',
  empty: 'You have no access tokens.',
  limit: 'You may hold {{max}} active tokens at once.',
  prefix: 'Starts with',
  created: 'Created',
  expires: 'Expires',
  lastUsed: 'Last used',
  never: 'Never',
  state: 'State',
  states: { active: 'Active', expired: 'Expired', revoked: 'Revoked' },
  revoke: 'Revoke',
  revokeNamed: 'Revoke the token {{name}}',
  revokeTitle: 'Revoke the token {{name}}?',
  revokeText:
    'Tools using it will be refused within a minute. This cannot be undone: make a new token if you need one.',
  keep: 'Keep it',
  revoked: 'The token {{name}} is revoked.',
};

export type SettingsTokensCatalogue = typeof en;
export default en;
