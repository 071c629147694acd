// gRPC mutual TLS (issue #19): a certificate per service and the gateway, whose common name is its registry name,
// from cert-manager (a Certificate each, issuer configurable) or an existing Secret each, mounted read-only at
// /etc/pencraft/grpc-tls and named to the kit by GRPC_TLS_*; off only explicitly, and then said so (GRPC_INSECURE).
import { named, ofKind, render, renderSet, type K8sObject, type Parsed } from './support/helm.js';
import { system } from './support/system.js';

const identities = ['gateway', ...Object.keys(system.services)].sort();
const frontends = Object.keys(system.frontends);

const pod = (objects: K8sObject[], name: string) => named(objects, 'Deployment', `pencraft-${name}`).spec.template.spec;
const envOf = (objects: K8sObject[], name: string) =>
  Object.fromEntries((pod(objects, name).containers[0].env as Parsed[]).map((e: Parsed) => [e.name, e.value]));
const tlsVolume = (objects: K8sObject[], name: string) =>
  (pod(objects, name).volumes as Parsed[]).find((v: Parsed) => v.name === 'grpc-tls');
const tlsMount = (objects: K8sObject[], name: string) =>
  (pod(objects, name).containers[0].volumeMounts as Parsed[]).find((m: Parsed) => m.name === 'grpc-tls');

describe('gRPC mutual TLS in the chart', () => {
  it('makes a cert-manager Certificate per service and the gateway, named for the allow-lists, by default', () => {
    const objects = renderSet('default');
    const certificates = ofKind(objects, 'Certificate');
    expect(certificates.map((c) => c.spec.commonName).sort()).toEqual(identities);
    for (const name of identities) {
      const certificate = named(objects, 'Certificate', `pencraft-${name}-grpc`);
      expect(certificate.apiVersion).toBe('cert-manager.io/v1');
      expect(certificate.spec).toMatchObject({
        secretName: `pencraft-${name}-grpc-tls`,
        commonName: name,
        issuerRef: { name: 'pencraft-grpc-ca', kind: 'Issuer', group: 'cert-manager.io' },
      });
      expect(certificate.spec.dnsNames).toEqual([
        name,
        `pencraft-${name}`,
        `pencraft-${name}.pencraft.svc`,
        `pencraft-${name}.pencraft.svc.cluster.local`,
      ]);
      expect(certificate.spec.usages).toEqual(expect.arrayContaining(['server auth', 'client auth']));
    }
  });

  it.each(['default', 'production'])('mounts each identity read-only and names its files (%s values)', (set) => {
    const objects = renderSet(set);
    for (const name of identities) {
      expect(tlsVolume(objects, name)).toEqual({
        name: 'grpc-tls',
        secret: { secretName: `pencraft-${name}-grpc-tls`, defaultMode: 0o440 },
      });
      expect(tlsMount(objects, name)).toEqual({
        name: 'grpc-tls',
        mountPath: '/etc/pencraft/grpc-tls',
        readOnly: true,
      });
      expect(envOf(objects, name)).toMatchObject({
        GRPC_TLS_CA_FILE: '/etc/pencraft/grpc-tls/ca.crt',
        GRPC_TLS_CERT_FILE: '/etc/pencraft/grpc-tls/tls.crt',
        GRPC_TLS_KEY_FILE: '/etc/pencraft/grpc-tls/tls.key',
      });
      expect(envOf(objects, name)).not.toHaveProperty('GRPC_INSECURE');
    }
    for (const name of frontends) {
      expect(tlsVolume(objects, name)).toBeUndefined();
      expect(envOf(objects, name)).not.toHaveProperty('GRPC_TLS_CERT_FILE');
    }
  });

  it('takes another issuer', () => {
    const objects = render({ set: ['grpcTls.issuerRef.name=platform-ca', 'grpcTls.issuerRef.kind=ClusterIssuer'] });
    for (const certificate of ofKind(objects, 'Certificate')) {
      expect(certificate.spec.issuerRef).toEqual({
        name: 'platform-ca',
        kind: 'ClusterIssuer',
        group: 'cert-manager.io',
      });
    }
  });

  it('uses existing Secrets instead, under their default or given names, and makes no Certificate', () => {
    const objects = render({ set: ['grpcTls.source=secret', 'grpcTls.secretNames.articles=articles-mtls'] });
    expect(ofKind(objects, 'Certificate')).toEqual([]);
    expect(tlsVolume(objects, 'articles').secret.secretName).toBe('articles-mtls');
    expect(tlsVolume(objects, 'identity').secret.secretName).toBe('pencraft-identity-grpc-tls');
    expect(envOf(objects, 'articles').GRPC_TLS_CERT_FILE).toBe('/etc/pencraft/grpc-tls/tls.crt');
  });

  it('runs plaintext only when turned off, and says so to the services (the local overlay without cert-manager)', () => {
    for (const objects of [render({ set: ['grpcTls.enabled=false'] }), renderSet('local')]) {
      expect(ofKind(objects, 'Certificate')).toEqual([]);
      for (const name of identities) {
        expect(tlsVolume(objects, name)).toBeUndefined();
        expect(envOf(objects, name).GRPC_INSECURE).toBe('true');
        expect(envOf(objects, name)).not.toHaveProperty('GRPC_TLS_CA_FILE');
      }
    }
  });

  it('hands the gateway the actor token signing key and every other service only the public key', () => {
    const objects = renderSet('production');
    const volume = (name: string) =>
      (pod(objects, name).volumes as Parsed[]).find((v: Parsed) => v.name === 'actor-token');
    const mount = (name: string) =>
      (pod(objects, name).containers[0].volumeMounts as Parsed[]).find((m: Parsed) => m.name === 'actor-token');
    expect(volume('gateway').secret).toEqual({
      secretName: 'pencraft-actor-token',
      defaultMode: 0o440,
      items: [{ key: 'signing.key', path: 'signing.key' }],
    });
    expect(envOf(objects, 'gateway').ACTOR_TOKEN_SIGNING_KEY_FILE).toBe('/etc/pencraft/actor-token/signing.key');
    expect(envOf(objects, 'gateway')).not.toHaveProperty('ACTOR_TOKEN_VERIFY_KEY_FILE');
    for (const name of identities.filter((n) => n !== 'gateway')) {
      expect(volume(name).secret.items).toEqual([{ key: 'verify.pub', path: 'verify.pub' }]);
      expect(mount(name)).toEqual({ name: 'actor-token', mountPath: '/etc/pencraft/actor-token', readOnly: true });
      expect(envOf(objects, name).ACTOR_TOKEN_VERIFY_KEY_FILE).toBe('/etc/pencraft/actor-token/verify.pub');
      expect(envOf(objects, name)).not.toHaveProperty('ACTOR_TOKEN_SIGNING_KEY_FILE');
    }
    for (const name of frontends) expect(volume(name)).toBeUndefined();
  });
});
