// identity seals TOTP secrets with MFA_ENCRYPTION_KEY and stores recovery codes under RECOVERY_CODE_HMAC_KEY, both read
// by reference from the pencraft-identity Secret; no other service is given them.
import { named, renderSet, type Parsed } from './support/helm.js';

const KEYS = [
  ['MFA_ENCRYPTION_KEY', 'mfa-encryption-key'],
  ['RECOVERY_CODE_HMAC_KEY', 'recovery-code-hmac-key'],
] as const;

describe("identity's keys", () => {
  const objects = renderSet('default');
  const env = (name: string) =>
    named(objects, 'Deployment', `pencraft-${name}`).spec.template.spec.containers[0].env as Parsed[];

  it.each(KEYS)('%s reaches identity from its Secret, never as a plain value', (name, key) => {
    expect(env('identity').find((e: Parsed) => e.name === name)).toEqual({
      name,
      valueFrom: { secretKeyRef: { name: 'pencraft-identity', key } },
    });
  });

  it.each(KEYS)('%s reaches no other service', (name) => {
    for (const service of ['gateway', 'articles', 'search']) {
      expect(env(service).map((e: Parsed) => e.name)).not.toContain(name);
    }
  });
});
