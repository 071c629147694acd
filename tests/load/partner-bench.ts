// Partner reads (issue #18): the same article read through the partner surface with a bearer credential, beside the
// site's read of it with a session cookie, every request uncached. A partner client's Keycloak token is verified
// locally (RS256 against the realm's cached keys) and its client resolved from identity's registry (cached); a writer's
// personal access token is verified by identity and kept PARTNER_CACHE_SECONDS. The aim: within 10% of the cookie read.
import pg from 'pg';
import { clientCredentialsToken, loadSecrets, type Stack } from '../../packages/devstack/src/index.ts';
import type { ApiClient } from '../support/http-client.ts';

/** The realm file's demo partner, registered in identity's registry on start (PARTNER_SEED_CLIENTS). */
const PARTNER_CLIENT_ID = 'pencraft-partners';

export interface PartnerReadRuns {
  /** name, url, headers of each run, in the order to measure them. */
  runs: { name: string; url: string; headers: Record<string, string> }[];
}

/**
 * Prepares the partner runs: lifts the demo client's per-minute limit and daily quota in identity's registry (the
 * bench sends far more than a partner may; the gateway reads the record again after PARTNER_CACHE_SECONDS), gets a
 * client-credentials token from Keycloak and makes the writer a personal access token with scope read.
 */
export async function preparePartnerReads(options: {
  stack: Stack;
  databaseUrl: string;
  gatewayBase: string;
  writer: ApiClient;
  articleId: string;
}): Promise<PartnerReadRuns> {
  const { stack, gatewayBase, writer, articleId } = options;
  const db = new pg.Client({ connectionString: options.databaseUrl });
  await db.connect();
  try {
    const lifted = await db.query(
      'UPDATE identity.partner_clients SET rate_limit_per_minute = 2000000000, daily_quota = 2000000000 WHERE client_id = $1',
      [PARTNER_CLIENT_ID],
    );
    if (lifted.rowCount !== 1) throw new Error(`${PARTNER_CLIENT_ID} is not in identity's partner registry`);
  } finally {
    await db.end();
  }
  const clientToken = await clientCredentialsToken(stack, PARTNER_CLIENT_ID, loadSecrets(stack).keycloakPartnersSecret);
  const created = await writer.post<{ secret: string }>('/api/ttin/tokens', {
    name: 'bench',
    scopes: ['read'],
    expiresInDays: 1,
  });
  if (created.status !== 201 && created.status !== 200) {
    throw new Error(`the personal access token was not made (${created.status})`);
  }
  const cookie = [...writer.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const site = `${gatewayBase}/api/articles/${articleId}`;
  const partner = `${gatewayBase}/api/v1/articles/${articleId}`;
  // Each credential answers 200 before it is measured (a refused one would measure the refusal).
  for (const [url, headers] of [
    [partner, { authorization: `Bearer ${clientToken}` }],
    [partner, { authorization: `Bearer ${created.body.secret}` }],
  ] as const) {
    const answer = await fetch(url, { headers });
    if (answer.status !== 200) throw new Error(`${url} answered ${answer.status} to a partner credential`);
  }
  return {
    runs: [
      {
        name: "gateway: an article read with a session cookie, no cache (the partner reads' baseline)",
        url: site,
        headers: { cookie },
      },
      {
        name: "gateway: partner read /api/v1/articles/{id}, a partner client's Keycloak token, no cache",
        url: partner,
        headers: { authorization: `Bearer ${clientToken}` },
      },
      {
        name: "gateway: partner read /api/v1/articles/{id}, a writer's personal access token, no cache",
        url: partner,
        headers: { authorization: `Bearer ${created.body.secret}` },
      },
    ],
  };
}
