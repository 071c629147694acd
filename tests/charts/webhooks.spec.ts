// Partner webhooks (issue #18): notifications seals the endpoints' signing secrets with WEBHOOK_ENCRYPTION_KEY, read by
// reference from the pencraft-notifications Secret (no other service gets it), and reaches partners' endpoints by
// HTTPS on the internet (443 only; `webhooks.networkPolicyPeers` narrows it, e.g. to an egress proxy).
import { named, ofKind, render, renderSet, type Parsed } from './support/helm.js';
import { allowed, externalEndpoint, workloadEndpoints } from './support/network.js';
import { serviceNames } from './support/system.js';

const env = (objects: ReturnType<typeof renderSet>, name: string) =>
  named(objects, 'Deployment', `pencraft-${name}`).spec.template.spec.containers[0].env as Parsed[];

describe('partner webhooks', () => {
  const objects = renderSet('default');

  it('hands notifications WEBHOOK_ENCRYPTION_KEY from its Secret, never as a plain value, and no one else', () => {
    expect(env(objects, 'notifications').find((e: Parsed) => e.name === 'WEBHOOK_ENCRYPTION_KEY')).toEqual({
      name: 'WEBHOOK_ENCRYPTION_KEY',
      valueFrom: { secretKeyRef: { name: 'pencraft-notifications', key: 'webhook-encryption-key' } },
    });
    for (const service of serviceNames.filter((name) => name !== 'notifications')) {
      expect(env(objects, service).map((e: Parsed) => e.name)).not.toContain('WEBHOOK_ENCRYPTION_KEY');
    }
  });

  it.each(['default', 'production'])(
    "admits notifications' egress to a partner's endpoint on 443 only (%s values)",
    (set) => {
      const rendered = renderSet(set);
      const policies = ofKind(rendered, 'NetworkPolicy');
      const endpoints = workloadEndpoints(rendered);
      const partner = externalEndpoint('hooks.partner.example', 'internet', { app: 'partner' }, [443, 80, 8080]);
      expect(allowed(policies, endpoints.notifications!, partner, 443)).toBe(true);
      expect(allowed(policies, endpoints.notifications!, partner, 80)).toBe(false);
      expect(allowed(policies, endpoints.notifications!, partner, 8080)).toBe(false);
      for (const service of ['articles', 'search', 'comments', 'moderation']) {
        expect(allowed(policies, endpoints[service]!, partner, 443)).toBe(false);
      }
    },
  );

  it('narrows the egress to the peers given (an egress proxy)', () => {
    const rendered = render({
      set: [
        'webhooks.networkPolicyPeers[0].namespaceSelector.matchLabels.kubernetes\\.io/metadata\\.name=egress',
        'webhooks.networkPolicyPeers[0].podSelector.matchLabels.app=proxy',
      ],
    });
    const policies = ofKind(rendered, 'NetworkPolicy');
    const endpoints = workloadEndpoints(rendered);
    const proxy = externalEndpoint('proxy', 'egress', { app: 'proxy' }, [443]);
    const partner = externalEndpoint('hooks.partner.example', 'internet', { app: 'partner' }, [443]);
    expect(allowed(policies, endpoints.notifications!, proxy, 443)).toBe(true);
    expect(allowed(policies, endpoints.notifications!, partner, 443)).toBe(false);
  });
});
