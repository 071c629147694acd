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
