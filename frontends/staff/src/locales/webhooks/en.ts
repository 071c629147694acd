// The staff console's partner webhooks page in English, the reference: az and ru have exactly these keys (checked by
// the types and webhooks.locales.spec.ts). The namespace `staffWebhooks` is loaded when first needed.
const en = {
  title: 'Partner webhooks',
  back: 'Back to the partner client',
  intro:
    'The endpoints this client subscribed and what was sent to them: each delivery with its last answer. A dead delivery got no successful answer after its last automatic try; send it again once the partner has fixed their endpoint.',
  client: 'Client ID: {{clientId}}',
  empty: 'This client has no webhook endpoints.',
  endpoint: 'Endpoint',
  events: 'Events',
  enabled: 'Active',
  paused: 'Paused',
  created: 'Subscribed {{date}}',
  deadCount: 'Dead deliveries: {{count}}',
  noDeliveries: 'Nothing was sent to this endpoint yet.',
  table: 'Deliveries of {{url}}',
  columns: {
    at: 'Created',
    event: 'Event',
    status: 'Status',
    attempts: 'Attempts',
    response: 'Last answer',
    error: 'Last error',
    actions: 'Actions',
  },
  noResponse: 'none',
  redeliver: 'Send again',
  redeliverLabel: 'Send again: the {{event}} delivery of {{date}}',
  redelivered: 'The delivery will be sent again in a moment.',
  statuses: { pending: 'Waiting', succeeded: 'Delivered', failed: 'Failed, will retry', dead: 'Dead' },
};

export type StaffWebhooksMessages = typeof en;
export default en;
