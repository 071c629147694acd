// The mail relay and the object store: the services that declare them in system.json `uses` (and only those) get
// their variables, credentials only by reference to a Secret, and egress to their ports; the ingress sends the
// pictures (/media) to the gateway; values that cannot work stop the render with the value to fix.
import { named, ofKind, render, renderSet, template, type K8sObject, type Parsed } from './support/helm.js';
import { allowed, externalEndpoint, workloadEndpoints } from './support/network.js';
import { allServices, serviceNames } from './support/system.js';

const uses = (name: string) => allServices[name]!.uses ?? [];
const users = (dependency: string) => serviceNames.filter((name) => uses(name).includes(dependency));

function envOf(objects: K8sObject[], name: string): Parsed[] {
  return named(objects, 'Deployment', `pencraft-${name}`).spec.template.spec.containers[0].env;
}

function entry(env: Parsed[], key: string): Parsed | undefined {
  return env.find((e: Parsed) => e.name === key);
}

const S3 = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'MEDIA_PUBLIC_PATH', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'];
const MAIL = ['SMTP_URL', 'MAIL_FROM', 'SMTP_USERNAME', 'SMTP_PASSWORD'];

describe('system.json `uses`', () => {
  it('declares identity as a user of both and the gateway of the object store', () => {
    expect(users('mail')).toContain('identity');
    expect(users('objectStore')).toEqual(expect.arrayContaining(['gateway', 'identity']));
  });
});

describe('environment (default values)', () => {
  const objects = renderSet('default');

  it.each(serviceNames)('hands %s the S3 and SMTP variables only when it uses them', (name) => {
    const keys = envOf(objects, name).map((e: Parsed) => e.name as string);
    const s3 = S3.filter((key) => keys.includes(key));
    const mail = MAIL.filter((key) => keys.includes(key));
    expect(s3).toEqual(uses(name).includes('objectStore') ? S3 : []);
    // No credentials for the default relay (mail.existingSecret is empty).
    expect(mail).toEqual(uses(name).includes('mail') ? ['SMTP_URL', 'MAIL_FROM'] : []);
  });

  it('reads the S3 keys from the Secret by reference, never as values', () => {
    for (const name of users('objectStore')) {
      const env = envOf(objects, name);
      expect(entry(env, 'S3_ACCESS_KEY')).toEqual({
        name: 'S3_ACCESS_KEY',
        valueFrom: { secretKeyRef: { name: 'pencraft-object-store', key: 'access-key-id' } },
      });
      expect(entry(env, 'S3_SECRET_KEY')).toEqual({
        name: 'S3_SECRET_KEY',
        valueFrom: { secretKeyRef: { name: 'pencraft-object-store', key: 'secret-access-key' } },
      });
      expect(entry(env, 'S3_BUCKET')?.value).toBe('pencraft-media');
      expect(entry(env, 'S3_REGION')?.value).toBe('us-east-1');
      expect(entry(env, 'S3_ENDPOINT')?.value).toMatch(/^https?:\/\//);
      expect(entry(env, 'MEDIA_PUBLIC_PATH')?.value).toBe('/media');
    }
  });

  it('builds SMTP_URL from host and port, smtps:// with implicit TLS', () => {
    expect(entry(envOf(objects, 'identity'), 'SMTP_URL')?.value).toBe('smtp://smtp.mail.svc.cluster.local:587');
    expect(entry(envOf(objects, 'identity'), 'MAIL_FROM')?.value).toBe('Pencraft <no-reply@pencraft.local>');
    const tls = render({ set: ['mail.host=smtp.example.net', 'mail.port=465', 'mail.implicitTls=true'] });
    expect(entry(envOf(tls, 'identity'), 'SMTP_URL')?.value).toBe('smtps://smtp.example.net:465');
  });
});

describe('environment (production values)', () => {
  const objects = renderSet('production');

  it('reads the relay credentials from the named Secret by reference', () => {
    const env = envOf(objects, 'identity');
    expect(entry(env, 'SMTP_USERNAME')).toEqual({
      name: 'SMTP_USERNAME',
      valueFrom: { secretKeyRef: { name: 'pencraft-mail', key: 'username' } },
    });
    expect(entry(env, 'SMTP_PASSWORD')).toEqual({
      name: 'SMTP_PASSWORD',
      valueFrom: { secretKeyRef: { name: 'pencraft-mail', key: 'password' } },
    });
    for (const name of serviceNames.filter((n) => !uses(n).includes('mail'))) {
      expect(entry(envOf(objects, name), 'SMTP_PASSWORD')).toBeUndefined();
    }
  });
});

describe('network policies', () => {
  const smtp = externalEndpoint('smtp relay', 'mail', { app: 'smtp' }, [587]);
  const s3Anywhere = externalEndpoint('s3', 'storage', { app: 's3' }, [8333]);

  it('admit egress to the relay and the store from their users only (default values: any destination)', () => {
    const objects = renderSet('default');
    const policies = ofKind(objects, 'NetworkPolicy');
    const endpoints = workloadEndpoints(objects);
    for (const name of serviceNames) {
      expect({ name, smtp: allowed(policies, endpoints[name]!, smtp, 587) }).toEqual({
        name,
        smtp: uses(name).includes('mail'),
      });
      expect({ name, s3: allowed(policies, endpoints[name]!, s3Anywhere, 8333) }).toEqual({
        name,
        s3: uses(name).includes('objectStore'),
      });
    }
  });

  it("admit the object store's own pods only when production names them", () => {
    const objects = renderSet('production');
    const policies = ofKind(objects, 'NetworkPolicy');
    const endpoints = workloadEndpoints(objects);
    const seaweed = externalEndpoint('seaweedfs s3', 'storage', { 'app.kubernetes.io/component': 's3' }, [8333]);
    const impostor = externalEndpoint('impostor', 'elsewhere', { 'app.kubernetes.io/component': 's3' }, [8333]);
    expect(allowed(policies, endpoints.identity!, seaweed, 8333)).toBe(true);
    expect(allowed(policies, endpoints.gateway!, seaweed, 8333)).toBe(true);
    expect(allowed(policies, endpoints.identity!, impostor, 8333)).toBe(false);
    expect(allowed(policies, endpoints.articles!, seaweed, 8333)).toBe(true);
    expect(allowed(policies, endpoints.comments!, seaweed, 8333)).toBe(false);
  });
});

describe('ingress', () => {
  it('routes /media to the gateway on every host', () => {
    const ingress = ofKind(renderSet('default'), 'Ingress')[0]!;
    for (const rule of ingress.spec.rules) {
      expect(rule.http.paths).toContainEqual({
        path: '/media',
        pathType: 'Prefix',
        backend: { service: { name: 'pencraft-gateway', port: { name: 'http' } } },
      });
    }
  });
});

describe('values that cannot work stop the render', () => {
  it.each([
    ['objectStore.endpoint=', /objectStore.endpoint is empty/],
    ['objectStore.existingSecret=', /objectStore.existingSecret is empty/],
    ['mail.host=', /mail.host is empty/],
    ['mail.from=', /mail.from is empty/],
  ])('--set %s', (set, message) => {
    const result = template({ set: [set] });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(message);
  });

  it('refuses a bucket name S3 would refuse and a port that is no port', () => {
    expect(template({ set: ['objectStore.bucket=Media_Bucket'] }).status).not.toBe(0);
    expect(template({ set: ['mail.port=70000'] }).status).not.toBe(0);
  });
});
