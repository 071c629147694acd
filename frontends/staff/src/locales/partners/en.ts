// The partner clients' strings in English, the reference: az and ru have exactly these keys (checked by the types and
// partners.locales.spec.ts). The namespace `staffPartners` is the staff console's, loaded when first needed.
const en = {
  title: 'Partner clients',
  intro:
    'Organisations call the partner API (/api/v1) with an OAuth2 client-credentials client. Register one per organisation, give it only the scopes it needs, and revoke it when the partnership ends.',
  list: {
    label: 'Partner clients',
    empty: 'No partner clients yet.',
    clientId: 'Client id',
    created: 'Registered {{date}}',
  },
  status: { active: 'Active', revoked: 'Revoked' },
  scopes: { read: 'Read', search: 'Search', act: 'Act for users', webhooks: 'Webhooks' },
  scopeHints: {
    read: 'Public articles, authors, publications, categories and comments.',
    search: 'The search routes.',
    act: 'Drafts and publishing for a writer who granted it with their own token.',
    webhooks: 'Manage its own webhook endpoints and deliveries.',
  },
  fields: {
    name: 'Organisation',
    scopes: 'Scopes',
    origins: 'Browser origins (CORS)',
    originsHint: 'One per line, like https://app.example.az (http only on localhost); leave empty for servers only.',
    rateLimit: 'Requests per minute',
    dailyQuota: 'Requests per day (UTC)',
  },
  errors: {
    name: 'Enter the organisation’s name, {{min}} to {{max}} characters.',
    scopes: 'Choose at least one scope.',
    origins: 'At most {{max}} origins, each https://host or https://host:port, without a path.',
    rateLimitPerMinute: 'A whole number from 1 to {{max}}.',
    dailyQuota: 'A whole number from 1 to {{max}}.',
  },
  create: {
    title: 'Register a client',
    submit: 'Register',
    done: '{{name}} is registered.',
  },
  secret: {
    title: 'The client secret of {{name}}',
    text: 'Copy it now and hand it to the partner over a safe channel: it is shown this once. The client id is {{clientId}}.',
    label: 'Client secret',
    copy: 'Copy the secret',
    copied: 'Copied.',
    copyFailed: 'Copying failed: select the secret and copy it yourself.',
    dismiss: 'I have stored it',
  },
  detail: {
    title: 'Partner client',
    back: 'All partner clients',
    facts: 'Details',
    clientId: 'Client id',
    status: 'Status',
    created: 'Registered',
    rotated: 'Secret rotated',
    revoked: 'Revoked',
    never: 'never',
    limits: '{{perMinute}} a minute, {{perDay}} a day',
    limitsLabel: 'Limits',
    origins: 'Origins',
    noOrigins: 'none (servers only)',
    edit: 'Scopes, origins and limits',
    save: 'Save the changes',
    saved: 'Saved: the API applies them within a minute.',
    revokedNote: 'This client is revoked: it gets no tokens and the API refuses it. It cannot be changed.',
    webhooks: 'Webhook deliveries',
    dangerZone: 'Secret and revocation',
  },
  rotate: {
    button: 'Rotate the secret',
    title: 'Rotate the secret of {{name}}?',
    text: 'Keycloak refuses the current secret at once: the partner needs the new one before it can get new tokens.',
    confirm: 'Rotate',
  },
  revoke: {
    button: 'Revoke the client',
    title: 'Revoke {{name}}?',
    text: 'It gets no new tokens, and the API refuses its tokens within a minute. This cannot be undone.',
    confirm: 'Revoke',
    done: '{{name}} is revoked.',
  },
};

export type StaffPartnersMessages = typeof en;
export default en;
