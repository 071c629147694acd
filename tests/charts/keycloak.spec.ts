// Keycloak (staff sign-in) on Kubernetes: it comes from its own operator or chart, so this chart only points the
// gateway at it. The gateway gets KEYCLOAK_URL (the in-cluster address where it fetches the realm's signing keys),
// KEYCLOAK_PUBLIC_URL (the address browsers use and the tokens' issuer) and KEYCLOAK_REALM, and its NetworkPolicy
// lets it reach Keycloak's port (only where Keycloak runs, when networkPolicyPeers say so). identity gets KEYCLOAK_URL
// and KEYCLOAK_REALM too, with the admin client's secret, and the same egress: it manages partner clients through
// Keycloak's admin API (issue #18). No other service gets them.
import {
  named,
  ofKind,
  readJson,
  readYamlFile,
  render,
  renderSet,
  template,
  type K8sObject,
  type Parsed,
} from './support/helm.js';
import { allowed, externalEndpoint, workloadEndpoints } from './support/network.js';
import { componentNames } from './support/system.js';

const envOf = (objects: K8sObject[], name: string): Parsed[] =>
  named(objects, 'Deployment', `pencraft-${name}`).spec.template.spec.containers[0].env;
const valueOf = (objects: K8sObject[], name: string, variable: string) =>
  envOf(objects, name).find((e) => e.name === variable)?.value;

/** Production's Keycloak, reached over TLS on its https port. */
const keycloakPod = externalEndpoint('pencraft-keycloak', 'keycloak', { app: 'keycloak' }, [8443]);
const elsewhere = externalEndpoint('other', 'elsewhere', { app: 'other' }, [8443]);

describe('Keycloak for the staff routes', () => {
  it('gives the gateway the in-cluster URL, the public URL (issuer) and the realm in production', () => {
    const objects = renderSet('production');
    expect(valueOf(objects, 'gateway', 'KEYCLOAK_URL')).toBe(
      'https://pencraft-keycloak-service.keycloak.svc.cluster.local:8443',
    );
    expect(valueOf(objects, 'gateway', 'KEYCLOAK_PUBLIC_URL')).toBe('https://auth.pencraft.az');
    expect(valueOf(objects, 'gateway', 'KEYCLOAK_REALM')).toBe('pencraft');
  });

  it('leaves KEYCLOAK_PUBLIC_URL out when browsers use the same address (the gateway then uses KEYCLOAK_URL)', () => {
    const objects = renderSet('default');
    expect(valueOf(objects, 'gateway', 'KEYCLOAK_URL')).toBe('http://keycloak.keycloak.svc.cluster.local:8080');
    expect(valueOf(objects, 'gateway', 'KEYCLOAK_PUBLIC_URL')).toBeUndefined();
  });

  it("gives identity Keycloak's address and the admin client's secret by reference (partner clients, issue #18)", () => {
    const objects = renderSet('production');
    expect(valueOf(objects, 'identity', 'KEYCLOAK_URL')).toBe(
      'https://pencraft-keycloak-service.keycloak.svc.cluster.local:8443',
    );
    expect(valueOf(objects, 'identity', 'KEYCLOAK_REALM')).toBe('pencraft');
    expect(envOf(objects, 'identity').find((e) => e.name === 'KEYCLOAK_ADMIN_CLIENT_SECRET')).toEqual({
      name: 'KEYCLOAK_ADMIN_CLIENT_SECRET',
      valueFrom: { secretKeyRef: { name: 'pencraft-identity', key: 'keycloak-admin-client-secret' } },
    });
  });

  it('gives no other component the Keycloak variables', () => {
    const objects = renderSet('production');
    for (const name of componentNames.filter((n) => n !== 'gateway' && n !== 'identity')) {
      const deployment = ofKind(objects, 'Deployment').find((d) => d.metadata.name === `pencraft-${name}`);
      if (!deployment) continue;
      const names = deployment.spec.template.spec.containers[0].env.map((e: Parsed) => e.name);
      expect({ name, keycloak: names.filter((n: string) => n.startsWith('KEYCLOAK_')) }).toEqual({
        name,
        keycloak: [],
      });
    }
  });

  it("lets the gateway and identity reach Keycloak's port where it runs, and nothing else there", () => {
    const objects = renderSet('production');
    const policies = ofKind(objects, 'NetworkPolicy');
    const endpoints = workloadEndpoints(objects);
    for (const name of ['gateway', 'identity']) {
      expect({ name, reaches: allowed(policies, endpoints[name]!, keycloakPod, 8443) }).toEqual({
        name,
        reaches: true,
      });
      expect({ name, reaches: allowed(policies, endpoints[name]!, elsewhere, 8443) }).toEqual({ name, reaches: false });
    }
    for (const [name, source] of Object.entries(endpoints)) {
      if (name === 'gateway' || name === 'identity') continue;
      expect({ name, reaches: allowed(policies, source, keycloakPod, 8443) }).toEqual({ name, reaches: false });
    }
  });

  it('points a local cluster at the Keycloak of k8s/local, whose realm lets the shell sign staff in', () => {
    const objects = renderSet('local');
    expect(valueOf(objects, 'gateway', 'KEYCLOAK_URL')).toBe('http://keycloak.pencraft-deps.svc.cluster.local:8080');
    expect(valueOf(objects, 'gateway', 'KEYCLOAK_PUBLIC_URL')).toBe('http://localhost:8380');
    const realm = readJson<Parsed>('k8s/local/pencraft-realm.json');
    const console_ = realm.clients.find((c: Parsed) => c.clientId === 'pencraft-console');
    expect(console_).toMatchObject({
      publicClient: true,
      redirectUris: ['http://localhost:8080/*'],
      attributes: { 'pkce.code.challenge.method': 'S256' },
    });
    expect(realm.clients.map((c: Parsed) => c.clientId)).not.toContain('pencraft-tests');
    // The payouts queue's role (issue #16) and its local demo account, which holds nothing else of staff.
    expect(realm.roles.realm.map((r: Parsed) => r.name)).toEqual(['moderator', 'finance', 'admin']);
    expect(realm.users.find((u: Parsed) => u.username === 'finance').realmRoles).toEqual([
      'default-roles-pencraft',
      'finance',
    ]);
    const keycloak = named(readYamlFile('k8s/local/dependencies.yaml'), 'Deployment', 'keycloak');
    expect(keycloak.spec.template.spec.containers[0].args).toContain('--hostname=http://localhost:8380');
  });

  it("fetches the realm's keys over TLS in production, trusting Keycloak's CA where the callers mount it", () => {
    const objects = renderSet('production');
    for (const name of ['gateway', 'identity']) {
      expect(valueOf(objects, name, 'KEYCLOAK_URL')).toMatch(/^https:\/\//);
      expect(valueOf(objects, name, 'NODE_EXTRA_CA_CERTS')).toBe('/etc/pencraft/keycloak-ca/ca.crt');
      const pod = named(objects, 'Deployment', `pencraft-${name}`).spec.template.spec;
      expect(pod.volumes).toContainEqual({
        name: 'keycloak-ca',
        configMap: { name: 'pencraft-keycloak-ca', items: [{ key: 'ca.crt', path: 'ca.crt' }] },
      });
      expect(pod.containers[0].volumeMounts).toContainEqual({
        name: 'keycloak-ca',
        mountPath: '/etc/pencraft/keycloak-ca',
        readOnly: true,
      });
    }
    // Without a CA bundle (a publicly signed Keycloak, or the default values), nothing is mounted.
    const plain = renderSet('default');
    expect(valueOf(plain, 'gateway', 'NODE_EXTRA_CA_CERTS')).toBeUndefined();
    const volumes = named(plain, 'Deployment', 'pencraft-gateway').spec.template.spec.volumes as Parsed[];
    expect(volumes.map((v) => v.name)).not.toContain('keycloak-ca');
  });

  it('sets the realm from values', () => {
    const objects = render({ set: ['keycloak.realm=staff', 'keycloak.publicUrl=https://id.example.org'] });
    expect(valueOf(objects, 'gateway', 'KEYCLOAK_REALM')).toBe('staff');
    expect(valueOf(objects, 'gateway', 'KEYCLOAK_PUBLIC_URL')).toBe('https://id.example.org');
  });

  it('refuses to render without a Keycloak URL while the gateway needs one', () => {
    const result = template({ set: ['keycloak.url='] });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('services.gateway.keycloak is true but keycloak.url is empty');
  });

  it('refuses a public URL that is not http(s), or a realm name with odd characters', () => {
    for (const set of ['keycloak.publicUrl=auth.pencraft.az', 'keycloak.realm=a b']) {
      const result = template({ set: [set] });
      expect({ set, status: result.status === 0 }).toEqual({ set, status: false });
    }
  });
});
