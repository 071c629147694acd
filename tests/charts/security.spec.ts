// identity seals TOTP secrets with MFA_ENCRYPTION_KEY, read by reference from the pencraft-identity Secret; no other
// service is given it.
import { named, renderSet, type Parsed } from './support/helm.js';

describe('the MFA encryption key', () => {
  const objects = renderSet('default');
  const env = (name: string) =>
    named(objects, 'Deployment', `pencraft-${name}`).spec.template.spec.containers[0].env as Parsed[];

  it('reaches identity from its Secret, never as a plain value', () => {
    expect(env('identity').find((e: Parsed) => e.name === 'MFA_ENCRYPTION_KEY')).toEqual({
      name: 'MFA_ENCRYPTION_KEY',
      valueFrom: { secretKeyRef: { name: 'pencraft-identity', key: 'mfa-encryption-key' } },
    });
  });

  it('reaches no other service', () => {
    for (const name of ['gateway', 'articles', 'search']) {
      expect(env(name).map((e: Parsed) => e.name)).not.toContain('MFA_ENCRYPTION_KEY');
    }
  });
});
