import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '@pencraft/kit';
import type { IdentityConfig } from '../config.js';

/** Keycloak could not be reached, refused identity's credentials, or answered something unexpected. */
export class KeycloakAdminError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** What identity asks of a new partner client in Keycloak. */
export interface NewKeycloakClient {
  clientId: string;
  /** Shown in Keycloak's admin console. */
  name: string;
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;
export const KEYCLOAK_FETCH = Symbol('identity.keycloak.fetch');

/** The admin API's access token is renewed this long before it expires. */
const TOKEN_MARGIN_MS = 30_000;
const TIMEOUT_MS = 10_000;

type Config = Pick<
  IdentityConfig,
  'KEYCLOAK_URL' | 'KEYCLOAK_REALM' | 'KEYCLOAK_ADMIN_CLIENT_ID' | 'KEYCLOAK_ADMIN_CLIENT_SECRET'
>;

/**
 * Keycloak's admin REST API, the part partner clients need, as the confidential client pencraft-identity-admin (its
 * service account holds realm-management's manage-clients, view-clients and query-clients: it can manage the realm's
 * clients and nothing else). Plain fetch with the client-credentials token, cached until shortly before it expires
 * (@keycloak/keycloak-admin-client would add a dependency tree for five calls).
 */
@Injectable()
export class KeycloakAdmin {
  private token: { value: string; until: number } | undefined;
  private pending: Promise<string> | undefined;

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(KEYCLOAK_FETCH) private readonly fetchImpl: FetchLike,
  ) {}

  /** Whether identity has what it needs to call the admin API (KEYCLOAK_URL and the admin client's secret). */
  get configured(): boolean {
    return Boolean(this.config.KEYCLOAK_URL && this.config.KEYCLOAK_ADMIN_CLIENT_SECRET);
  }

  /**
   * Creates a confidential client with the client-credentials grant only (service account on; standard, implicit
   * and direct grants off) and the pencraft-api audience in its tokens; answers Keycloak's internal id.
   */
  async createClient(client: NewKeycloakClient): Promise<string> {
    const response = await this.call('POST', '/clients', {
      clientId: client.clientId,
      name: client.name,
      description: 'Pencraft partner client, managed by identity from the staff console (issue #18)',
      enabled: true,
      protocol: 'openid-connect',
      publicClient: false,
      clientAuthenticatorType: 'client-secret',
      standardFlowEnabled: false,
      implicitFlowEnabled: false,
      directAccessGrantsEnabled: false,
      serviceAccountsEnabled: true,
      frontchannelLogout: false,
      protocolMappers: [
        {
          name: 'pencraft-api audience',
          protocol: 'openid-connect',
          protocolMapper: 'oidc-audience-mapper',
          consentRequired: false,
          config: {
            'included.custom.audience': 'pencraft-api',
            'access.token.claim': 'true',
            'id.token.claim': 'false',
            'introspection.token.claim': 'true',
          },
        },
      ],
    });
    const id = response.headers.get('location')?.split('/').pop();
    if (!id) throw new KeycloakAdminError('Keycloak created the client but named no location', response.status);
    return id;
  }

  /** Keycloak's internal id of a client by its client id; undefined when the realm has none. */
  async findClient(clientId: string): Promise<string | undefined> {
    const response = await this.call('GET', `/clients?clientId=${encodeURIComponent(clientId)}&search=false`);
    const clients = (await response.json()) as { id: string; clientId: string }[];
    return clients.find((c) => c.clientId === clientId)?.id;
  }

  /** The client's current secret. */
  async secret(id: string): Promise<string> {
    return this.secretOf(await this.call('GET', `/clients/${encodeURIComponent(id)}/client-secret`));
  }

  /** A new secret: the old one is refused from now on. Answers the new one. */
  async regenerateSecret(id: string): Promise<string> {
    return this.secretOf(await this.call('POST', `/clients/${encodeURIComponent(id)}/client-secret`));
  }

  /** Enables or disables the client (a disabled client gets no token). */
  async setEnabled(id: string, enabled: boolean): Promise<void> {
    await this.call('PUT', `/clients/${encodeURIComponent(id)}`, { enabled });
  }

  /** Deletes the client (undoing a creation whose registry row could not be written). A missing one is fine. */
  async deleteClient(id: string): Promise<void> {
    await this.call('DELETE', `/clients/${encodeURIComponent(id)}`, undefined, [404]);
  }

  private async secretOf(response: Response): Promise<string> {
    const body = (await response.json()) as { value?: unknown };
    if (typeof body.value !== 'string' || !body.value) throw new KeycloakAdminError('Keycloak answered no secret');
    return body.value;
  }

  private base(): string {
    const url = this.config.KEYCLOAK_URL;
    if (!url || !this.config.KEYCLOAK_ADMIN_CLIENT_SECRET) {
      throw new KeycloakAdminError('KEYCLOAK_URL and KEYCLOAK_ADMIN_CLIENT_SECRET are not set');
    }
    return url.replace(/\/+$/, '');
  }

  private async call(
    method: string,
    path: string,
    body?: unknown,
    tolerated: number[] = [],
    retried = false,
  ): Promise<Response> {
    const url = `${this.base()}/admin/realms/${encodeURIComponent(this.config.KEYCLOAK_REALM)}${path}`;
    const token = await this.accessToken();
    const response = await this.send(url, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // A token Keycloak no longer takes (restarted with a new key, say): once more with a fresh one.
    if (response.status === 401 && !retried) {
      this.token = undefined;
      return this.call(method, path, body, tolerated, true);
    }
    if (!response.ok && !tolerated.includes(response.status)) {
      throw new KeycloakAdminError(`Keycloak answered ${response.status} to ${method} ${path}`, response.status);
    }
    return response;
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await this.fetchImpl(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw new KeycloakAdminError(`Keycloak is unreachable (${(error as Error).message})`);
    }
  }

  /** The service account's access token, cached; concurrent callers share one request. */
  private accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return Promise.resolve(this.token.value);
    this.pending ??= this.requestToken().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  private async requestToken(): Promise<string> {
    const url = `${this.base()}/realms/${encodeURIComponent(this.config.KEYCLOAK_REALM)}/protocol/openid-connect/token`;
    const response = await this.send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: this.config.KEYCLOAK_ADMIN_CLIENT_ID,
        client_secret: this.config.KEYCLOAK_ADMIN_CLIENT_SECRET ?? '',
      }).toString(),
    });
    const body = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (!response.ok || !body.access_token) {
      throw new KeycloakAdminError(`Keycloak refused identity's admin client (${response.status})`, response.status);
    }
    const lifetimeMs = (body.expires_in ?? 60) * 1000;
    this.token = { value: body.access_token, until: Date.now() + Math.max(0, lifetimeMs - TOKEN_MARGIN_MS) };
    return body.access_token;
  }
}

export const keycloakFetchProvider = {
  provide: KEYCLOAK_FETCH,
  useValue: ((input, init) => fetch(input, init)) as FetchLike,
};
