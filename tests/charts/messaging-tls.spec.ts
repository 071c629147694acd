// Zero trust in NATS and Redis, and TLS to S3, SMTP and Keycloak in production (issue #19): every component reads its
// own Redis URL (its ACL user) and every service its own NATS password from a Secret by reference, the user being its
// name; the gateway holds no NATS credentials; production's S3 endpoint is https:// (a plain one fails the render
// while objectStore.requireTls is on), its SMTP requires STARTTLS, and Keycloak's keys are fetched over https.
import { named, render, renderSet, template, type K8sObject, type Parsed } from './support/helm.js';
import { allServices, serviceNames } from './support/system.js';

function envOf(objects: K8sObject[], name: string): Parsed[] {
  return named(objects, 'Deployment', `pencraft-${name}`).spec.template.spec.containers[0].env;
}
const entry = (env: Parsed[], key: string): Parsed | undefined => env.find((e: Parsed) => e.name === key);
const withNats = serviceNames.filter((name) => name !== 'gateway');

describe.each(['default', 'production', 'local'])('NATS and Redis credentials (%s values)', (set) => {
  const objects = renderSet(set);

  it.each(serviceNames)("gives %s its own Redis URL from the Secret, under its name's key", (name) => {
    expect(entry(envOf(objects, name), 'REDIS_URL')).toEqual({
      name: 'REDIS_URL',
      valueFrom: { secretKeyRef: { name: 'pencraft-redis', key: `${name}-url` } },
    });
  });

  it.each(withNats)('gives %s its own NATS user and its password by reference', (name) => {
    const env = envOf(objects, name);
    expect(entry(env, 'NATS_USER')).toEqual({ name: 'NATS_USER', value: name });
    expect(entry(env, 'NATS_PASSWORD')).toEqual({
      name: 'NATS_PASSWORD',
      valueFrom: { secretKeyRef: { name: 'pencraft-nats', key: `${name}-password` } },
    });
  });

  it('gives the gateway no NATS credentials (it holds no NATS connection)', () => {
    const keys = envOf(objects, 'gateway').map((e: Parsed) => e.name as string);
    expect(keys.filter((key) => key.startsWith('NATS_'))).toEqual([]);
  });
});

describe('credential values', () => {
  it('renames a Redis key per component and drops the NATS credentials without a Secret', () => {
    const objects = render({ set: ['redis.secretKeys.gateway=gw-url', 'nats.existingSecret='] });
    expect(entry(envOf(objects, 'gateway'), 'REDIS_URL')?.valueFrom.secretKeyRef).toEqual({
      name: 'pencraft-redis',
      key: 'gw-url',
    });
    expect(entry(envOf(objects, 'articles'), 'REDIS_URL')?.valueFrom.secretKeyRef.key).toBe('articles-url');
    expect(entry(envOf(objects, 'articles'), 'NATS_USER')).toBeUndefined();
    expect(entry(envOf(objects, 'articles'), 'NATS_PASSWORD')).toBeUndefined();
  });
});

describe('TLS in production values', () => {
  const objects = renderSet('production');
  const users = (dependency: string) =>
    serviceNames.filter((name) => (allServices[name]!.uses ?? []).includes(dependency));

  it('reaches the object store over https', () => {
    expect(users('objectStore').length).toBeGreaterThan(0);
    for (const name of users('objectStore'))
      expect(entry(envOf(objects, name), 'S3_ENDPOINT')?.value).toMatch(/^https:\/\//);
  });

  it('requires STARTTLS of the SMTP relay (or TLS from the first byte)', () => {
    for (const name of users('mail')) {
      expect(entry(envOf(objects, name), 'SMTP_URL')?.value).toMatch(/^(smtp:\/\/.*\?requireTLS=true|smtps:\/\/.*)$/);
    }
  });

  it("fetches Keycloak's signing keys over https", () => {
    expect(entry(envOf(objects, 'gateway'), 'KEYCLOAK_URL')?.value).toMatch(/^https:\/\//);
  });

  it('fails the render for a plain http S3 endpoint while objectStore.requireTls is on', () => {
    const result = template({ set: ['objectStore.requireTls=true', 'objectStore.endpoint=http://s3.example:8333'] });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/objectStore.endpoint http:\/\/s3.example:8333 is not https:\/\//);
  });

  it('keeps STARTTLS optional by default (a local catcher offers none) and smtps unchanged', () => {
    expect(entry(envOf(renderSet('default'), 'identity'), 'SMTP_URL')?.value).toBe(
      'smtp://smtp.mail.svc.cluster.local:587',
    );
    const tls = render({ set: ['mail.implicitTls=true', 'mail.port=465', 'mail.requireTls=true'] });
    expect(entry(envOf(tls, 'identity'), 'SMTP_URL')?.value).toBe('smtps://smtp.mail.svc.cluster.local:465');
  });
});

describe('NATS and Redis over TLS (issue #19)', () => {
  const PRODUCTION = 'charts/pencraft/values-production.yaml';
  const deployment = (objects: K8sObject[], name: string) =>
    named(objects, 'Deployment', `pencraft-${name}`).spec.template.spec;

  it('connects every service to NATS over tls:// in production, checked against the CA of pencraft-nats-ca', () => {
    const objects = renderSet('production');
    for (const name of withNats) {
      const env = envOf(objects, name);
      expect(entry(env, 'NATS_URL')?.value).toMatch(/^tls:\/\//);
      expect(entry(env, 'NATS_TLS_CA_FILE')?.value).toBe('/etc/pencraft/nats-ca/ca.crt');
      expect(entry(env, 'NATS_INSECURE')).toBeUndefined();
      const pod = deployment(objects, name);
      expect(pod.volumes).toContainEqual({
        name: 'nats-ca',
        secret: { secretName: 'pencraft-nats-ca', defaultMode: 288, items: [{ key: 'ca.crt', path: 'ca.crt' }] },
      });
      expect(pod.containers[0].volumeMounts).toContainEqual({
        name: 'nats-ca',
        mountPath: '/etc/pencraft/nats-ca',
        readOnly: true,
      });
    }
    expect(withNats.length).toBeGreaterThan(0);
  });

  it('connects every component to Redis over TLS in production, checked against the CA of pencraft-redis-ca', () => {
    const objects = renderSet('production');
    for (const name of serviceNames) {
      const env = envOf(objects, name);
      expect(entry(env, 'REDIS_TLS_CA_FILE')?.value).toBe('/etc/pencraft/redis-ca/ca.crt');
      expect(entry(env, 'REDIS_INSECURE')).toBeUndefined();
      expect(deployment(objects, name).volumes).toContainEqual({
        name: 'redis-ca',
        secret: { secretName: 'pencraft-redis-ca', defaultMode: 288, items: [{ key: 'ca.crt', path: 'ca.crt' }] },
      });
    }
  });

  it('fails the production render for a nats:// server, and names the opt-out', () => {
    for (const url of ['nats://nats.nats.svc:4222', 'tls://a:4222,nats://b:4222']) {
      const result = template({ values: [PRODUCTION], set: [`nats.url=${url.replace(/,/g, '\\,')}`] });
      expect(result.status).not.toBe(0);
      expect(result.stderr).toMatch(/nats\.url nats:\/\/\S+ is not tls:\/\/ while nats\.tls\.enabled is true/);
      expect(result.stderr).toMatch(/nats\.tls\.enabled=false only where something else encrypts/);
    }
  });

  it('fails the production render for a plain redis.url (the URLs of the Secret are refused by the service at start)', () => {
    const result = template({ values: [PRODUCTION], set: ['redis.existingSecret=', 'redis.url=redis://redis:6379'] });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/redis\.url is not rediss:\/\/ while redis\.tls\.enabled is true/);
    const tls = render({ values: [PRODUCTION], set: ['redis.existingSecret=', 'redis.url=rediss://redis:6379'] });
    expect(entry(envOf(tls, 'gateway'), 'REDIS_URL')?.value).toBe('rediss://redis:6379');
  });

  it('renders plaintext only with the explicit opt-out, which the services receive as NATS_INSECURE and REDIS_INSECURE', () => {
    const objects = render({
      values: [PRODUCTION],
      set: ['nats.tls.enabled=false', 'nats.url=nats://nats:4222', 'redis.tls.enabled=false'],
    });
    for (const name of withNats) {
      expect(entry(envOf(objects, name), 'NATS_INSECURE')).toEqual({ name: 'NATS_INSECURE', value: 'true' });
      expect(entry(envOf(objects, name), 'NATS_TLS_CA_FILE')).toBeUndefined();
    }
    for (const name of serviceNames) {
      expect(entry(envOf(objects, name), 'REDIS_INSECURE')).toEqual({ name: 'REDIS_INSECURE', value: 'true' });
      expect(deployment(objects, name).volumes.map((v: Parsed) => v.name)).not.toContain('redis-ca');
    }
    expect(entry(envOf(objects, 'gateway'), 'NATS_INSECURE')).toBeUndefined();
  });

  it('keeps the default and local values plaintext by the same opt-out (their servers speak no TLS)', () => {
    for (const set of ['default', 'local']) {
      const objects = renderSet(set);
      expect(entry(envOf(objects, 'articles'), 'NATS_INSECURE')?.value).toBe('true');
      expect(entry(envOf(objects, 'articles'), 'REDIS_INSECURE')?.value).toBe('true');
    }
  });

  it('refuses a tls:// URL with TLS off, and a CA source without its name or without the gRPC certificates', () => {
    const cases: [string[], RegExp][] = [
      [['nats.url=tls://nats:4222'], /nats\.url tls:\/\/nats:4222 is tls:\/\/ but nats\.tls\.enabled is false/],
      [
        ['redis.tls.enabled=true', 'redis.tls.caSource=configMap'],
        /redis\.tls\.caSource is configMap but redis\.tls\.caName is empty/,
      ],
      [
        ['nats.tls.enabled=true', 'nats.url=tls://nats:4222', 'grpcTls.enabled=false'],
        /nats\.tls uses the services' gRPC certificates .* but grpcTls\.enabled is false/,
      ],
    ];
    for (const [set, message] of cases) {
      const result = template({ set });
      expect(result.status).not.toBe(0);
      expect(result.stderr).toMatch(message);
    }
  });

  it("takes the CA from the platform's gRPC CA (cert-manager) or a ConfigMap, and the gRPC certificate as the client's", () => {
    const objects = render({
      set: [
        'nats.tls.enabled=true',
        'nats.url=tls://nats:4222',
        'nats.tls.clientCertificate=true',
        'redis.tls.enabled=true',
        'redis.tls.caSource=configMap',
        'redis.tls.caName=redis-ca-bundle',
        'redis.tls.caKey=bundle.pem',
      ],
    });
    const env = envOf(objects, 'articles');
    expect(entry(env, 'NATS_TLS_CA_FILE')?.value).toBe('/etc/pencraft/grpc-tls/ca.crt');
    expect(entry(env, 'NATS_TLS_CERT_FILE')?.value).toBe('/etc/pencraft/grpc-tls/tls.crt');
    expect(entry(env, 'NATS_TLS_KEY_FILE')?.value).toBe('/etc/pencraft/grpc-tls/tls.key');
    expect(entry(env, 'REDIS_TLS_CA_FILE')?.value).toBe('/etc/pencraft/redis-ca/ca.crt');
    expect(entry(env, 'REDIS_TLS_CERT_FILE')).toBeUndefined();
    expect(deployment(objects, 'articles').volumes).toContainEqual({
      name: 'redis-ca',
      configMap: { name: 'redis-ca-bundle', items: [{ key: 'bundle.pem', path: 'ca.crt' }] },
    });
    const system = render({ set: ['redis.tls.enabled=true', 'redis.tls.caSource=system'] });
    expect(entry(envOf(system, 'articles'), 'REDIS_TLS_CA_FILE')).toBeUndefined();
    expect(entry(envOf(system, 'articles'), 'REDIS_INSECURE')).toBeUndefined();
  });
});
