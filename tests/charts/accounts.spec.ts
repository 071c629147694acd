// The links identity mails (registration, password reset, new address) point at the site: identity gets the same
// PUBLIC_ORIGIN as the gateway, whether it comes from the ingress host or is set on the gateway.
import { named, render, renderSet, type K8sObject, type Parsed } from './support/helm.js';

function publicOrigin(objects: K8sObject[], name: string): string | undefined {
  const env = named(objects, 'Deployment', `pencraft-${name}`).spec.template.spec.containers[0].env as Parsed[];
  return env.find((e: Parsed) => e.name === 'PUBLIC_ORIGIN')?.value;
}

describe('identity links the site', () => {
  it('gets the gateway origin from the ingress host', () => {
    const objects = renderSet('default');
    expect(publicOrigin(objects, 'identity')).toBeDefined();
    expect(publicOrigin(objects, 'identity')).toBe(publicOrigin(objects, 'gateway'));
  });

  it('follows an origin set on the gateway', () => {
    const objects = render({ set: ['services.gateway.api.publicOrigin=https://pencraft.az'] });
    expect(publicOrigin(objects, 'identity')).toBe('https://pencraft.az');
    expect(publicOrigin(objects, 'gateway')).toBe('https://pencraft.az');
  });
});
