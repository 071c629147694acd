import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keycloakHome, keycloakRealmStale, renderRealm } from './keycloak.ts';
import { loadSystem, stackFor } from './registry.ts';
import type { Secrets } from './secrets.ts';

const secrets = {
  keycloakModeratorPassword: 'moderator-secret-password',
  keycloakAdminPassword: 'admin-secret-password',
  keycloakFinancePassword: 'finance-secret-password',
  keycloakNoStaffPassword: 'nostaff-secret-password',
  keycloakPartnersSecret: 'p'.repeat(43),
  keycloakTestsSecret: 't'.repeat(43),
  keycloakIdentityAdminSecret: 'i'.repeat(43),
} as Secrets;

interface Realm {
  realm: string;
  roles: { realm: { name: string }[] };
  users: {
    username: string;
    realmRoles: string[];
    credentials?: { value: string }[];
    clientRoles?: Record<string, string[]>;
  }[];
  clients: {
    clientId: string;
    publicClient: boolean;
    secret?: string;
    redirectUris?: string[];
    webOrigins?: string[];
    directAccessGrantsEnabled: boolean;
    attributes?: Record<string, string>;
    protocolMappers?: { config: Record<string, string> }[];
  }[];
}

const realmOf = (profile: 'dev' | 'test') => JSON.parse(renderRealm(stackFor(profile, loadSystem()), secrets)) as Realm;
const client = (realm: Realm, id: string) => realm.clients.find((c) => c.clientId === id);

describe('the pencraft realm', () => {
  it('has the staff roles and the demo staff with the profile passwords', () => {
    const realm = realmOf('dev');
    expect(realm.realm).toBe('pencraft');
    expect(realm.roles.realm.map((r) => r.name)).toEqual(['moderator', 'finance', 'admin']);
    const user = (name: string) => realm.users.find((u) => u.username === name)!;
    expect(user('moderator').realmRoles).toContain('moderator');
    expect(user('moderator').realmRoles).not.toContain('admin');
    expect(user('admin').realmRoles).toEqual(expect.arrayContaining(['moderator', 'admin']));
    expect(user('nostaff').realmRoles.filter((r) => r === 'moderator' || r === 'admin')).toEqual([]);
    expect(user('moderator').credentials![0]!.value).toBe('moderator-secret-password');
    // The payouts queue's demo account holds finance and nothing else of staff.
    expect(user('finance').realmRoles).toEqual(['default-roles-pencraft', 'finance']);
    expect(user('finance').credentials![0]!.value).toBe('finance-secret-password');
    expect(user('moderator').realmRoles).not.toContain('finance');
    expect(renderRealm(stackFor('dev', loadSystem()), secrets)).not.toMatch(/\{\{/);
  });

  it("gives the console PKCE S256, the profile's shell origins and the API audience", () => {
    for (const [profile, port] of [
      ['dev', 8080],
      ['test', 8180],
    ] as const) {
      const console_ = client(realmOf(profile), 'pencraft-console')!;
      expect(console_).toMatchObject({
        publicClient: true,
        redirectUris: [`http://localhost:${port}/*`, `http://127.0.0.1:${port}/*`],
        webOrigins: [`http://localhost:${port}`, `http://127.0.0.1:${port}`],
        attributes: { 'pkce.code.challenge.method': 'S256' },
      });
      expect(console_.protocolMappers![0]!.config['included.custom.audience']).toBe('pencraft-api');
    }
  });

  it('keeps the partners client confidential with its secret, and the test clients out of dev', () => {
    const dev = realmOf('dev');
    expect(client(dev, 'pencraft-partners')).toMatchObject({ publicClient: false, secret: 'p'.repeat(43) });
    expect(client(dev, 'pencraft-tests')).toBeUndefined();
    expect(client(dev, 'pencraft-tests-noaudience')).toBeUndefined();
    expect(dev.users.map((u) => u.username)).not.toContain('service-account-pencraft-tests');
    const test = realmOf('test');
    expect(client(test, 'pencraft-tests')).toMatchObject({ attributes: { 'access.token.lifespan': '1' } });
    expect(client(test, 'pencraft-tests-noaudience')?.protocolMappers).toBeUndefined();
  });

  it("gives identity a service-account-only client that may manage the realm's clients (issue #18)", () => {
    for (const profile of ['dev', 'test'] as const) {
      const realm = realmOf(profile);
      expect(client(realm, 'pencraft-identity-admin')).toMatchObject({
        publicClient: false,
        secret: 'i'.repeat(43),
        directAccessGrantsEnabled: false,
      });
      const account = realm.users.find((u) => u.username === 'service-account-pencraft-identity-admin')!;
      expect(account.clientRoles).toEqual({
        'realm-management': ['manage-clients', 'view-clients', 'query-clients'],
      });
      expect(account.realmRoles).not.toContain('admin');
    }
  });
});

describe('keycloakRealmStale', () => {
  it('tells a Keycloak that imported another realm than the one rendered now (it imports only on start)', () => {
    const root = mkdtempSync(join(tmpdir(), 'pencraft-kc-'));
    try {
      const stack = stackFor('test', loadSystem(), root);
      // Never started here: nothing to restart.
      expect(keycloakRealmStale(stack, secrets)).toBe(false);
      const stamp = join(keycloakHome(stack), 'data', 'pencraft-realm.sha256');
      mkdirSync(join(keycloakHome(stack), 'data'), { recursive: true });
      writeFileSync(stamp, createHash('sha256').update(renderRealm(stack, secrets)).digest('hex'));
      expect(keycloakRealmStale(stack, secrets)).toBe(false);
      // A realm from before the finance role and its demo user.
      writeFileSync(stamp, createHash('sha256').update('{"realm":"pencraft"}').digest('hex'));
      expect(keycloakRealmStale(stack, secrets)).toBe(true);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
