// Partner credentials for the suites of the partner API (issue #18): clients registered by the demo admin through the
// staff API (identity makes each one in the test stack's Keycloak), their client-credentials tokens, writers'
// personal access tokens, a bare call of the
// gateway for the refusals a typed client would not send, and the clean-up that removes a suite's clients from the
// shared realm afterwards. Every secret and token handed out here is remembered for the log-hygiene check.
import { clientCredentialsToken, keycloakTokenUrl, loadSecrets } from '../../packages/devstack/src/index.ts';
import { suiteFetch } from './client-address.ts';
import { ApiClient } from './http-client.ts';
import { bearer, staffToken } from './keycloak.ts';
import { rememberSecret } from './log-hygiene.ts';
import { stack } from './stack.ts';
import { typedApi, type BodyOf } from './typed-api.ts';

export interface PartnerClient {
  /** The registry's id (the staff routes' {id}). */
  id: string;
  /** Keycloak's client id (a token's azp). */
  clientId: string;
  secret: string;
}

/** Keycloak client ids this suite made, removed from the shared realm by removePartnerClients(). */
const made = new Set<string>();

/** Registers a partner client as the demo admin through the staff API and answers it with its secret. */
export async function registerPartnerClient(base: string, body: BodyOf<'createPartnerClient'>): Promise<PartnerClient> {
  const created = await typedApi(new ApiClient(base, 'en')).POST('/api/staff/partners', {
    headers: bearer(await staffToken('admin')),
    body,
  });
  if (created.status !== 201 || !created.data) {
    throw new Error(`partner client answered ${created.status} ${JSON.stringify(created.error)}`);
  }
  const { client, secret } = created.data;
  removeAfterwards(client.clientId);
  rememberSecret(secret);
  return { id: client.id, clientId: client.clientId, secret };
}

/** A Keycloak client made another way (in the staff console, in a suite's own case), removed with the others. */
export function removeAfterwards(clientId: string): void {
  made.add(clientId);
}

/** Deletes the suite's clients from the shared test realm through the admin API (as identity does); never throws. */
export async function removePartnerClients(): Promise<void> {
  if (made.size === 0) return;
  try {
    const admin = await clientCredentialsToken(
      stack,
      'pencraft-identity-admin',
      loadSecrets(stack).keycloakIdentityAdminSecret,
    );
    const realm = `http://127.0.0.1:${stack.infra.keycloak.port}/admin/realms/${stack.infra.keycloak.realm}`;
    for (const clientId of made) {
      const found = (await (
        await fetch(`${realm}/clients?clientId=${encodeURIComponent(clientId)}&search=false`, {
          headers: bearer(admin),
        })
      ).json()) as { id: string }[];
      for (const { id } of found) await fetch(`${realm}/clients/${id}`, { method: 'DELETE', headers: bearer(admin) });
      made.delete(clientId);
    }
  } catch {
    // A realm left with a client of this run is harmless: every name carries the run's id.
  }
}

/** A client-credentials token of the client from Keycloak (throws when refused). */
export async function partnerToken(client: Pick<PartnerClient, 'clientId' | 'secret'>): Promise<string> {
  const token = await clientCredentialsToken(stack, client.clientId, client.secret);
  rememberSecret(token);
  return token;
}

/** Keycloak's answer to a client-credentials grant: the status and, when issued, the token (for refusals). */
export async function clientCredentialsGrant(
  clientId: string,
  secret: string,
): Promise<{ status: number; token?: string }> {
  const response = await fetch(keycloakTokenUrl(stack), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (body.access_token) rememberSecret(body.access_token);
  return { status: response.status, token: body.access_token };
}

/** A personal access token of the signed-in writer (for 7 days): its id and its secret, shown once. */
export async function personalAccessToken(
  writer: ApiClient,
  name: string,
  scopes: string[],
): Promise<{ id: string; secret: string }> {
  const answer = await writer.post<{ token: { id: string }; secret: string }>('/api/ttin/tokens', {
    name,
    scopes,
    expiresInDays: 7,
  });
  if (answer.status !== 201) throw new Error(`token answered ${answer.status} ${JSON.stringify(answer.body)}`);
  rememberSecret(answer.body.secret);
  return { id: answer.body.token.id, secret: answer.body.secret };
}

export interface BareAnswer {
  status: number;
  code: string | undefined;
  headers: Headers;
  /** The parsed JSON answer ({} when empty). */
  body: Record<string, unknown> & { error?: { code: string } };
}

/** A bare call of the gateway with the headers given, in English, a body sent as JSON. */
export async function bareCall(
  base: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<BareAnswer> {
  const response = await suiteFetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'accept-language': 'en',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  const body = text ? (JSON.parse(text) as BareAnswer['body']) : {};
  return { status: response.status, code: body.error?.code, headers: response.headers, body };
}
