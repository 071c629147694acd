// The publication studio (frontends/studio): deployed from system.json like every remote, routed by the Ingress
// under /mf/studio/, and listed in the shell's remotes.json with its mount, so the shell loads it only under /studio.
import { named, renderSet, type K8sObject, type Parsed } from './support/helm.js';
import { system } from './support/system.js';

const envOf = (objects: K8sObject[], name: string): Parsed[] =>
  named(objects, 'Deployment', `pencraft-${name}`).spec.template.spec.containers[0].env;

describe('the studio remote', () => {
  it('is a frontend of system.json served under /mf/studio/ and routed by the Ingress', () => {
    expect(system.frontends.studio).toMatchObject({ port: 3005, path: '/mf/studio/', mount: '/studio' });
    const objects = renderSet('default');
    expect(envOf(objects, 'studio')).toEqual(
      expect.arrayContaining([
        { name: 'PORT', value: '3005' },
        { name: 'BASE_PATH', value: '/mf/studio/' },
      ]),
    );
    const paths = named(objects, 'Ingress', 'pencraft').spec.rules[0].http.paths.map((p: Parsed) => ({
      path: p.path,
      service: p.backend.service.name,
    }));
    expect(paths).toContainEqual({ path: '/mf/studio/', service: 'pencraft-studio' });
  });

  it('is loaded by the shell only under /studio', () => {
    const objects = renderSet('default');
    const remotes = JSON.parse(named(objects, 'ConfigMap', 'pencraft-shell-remotes').data!['remotes.json']!);
    expect(remotes.studio).toEqual({ entry: '/mf/studio/mf-manifest.json', mount: '/studio' });
  });

  it('runs with the production resources of a static server', () => {
    const objects = renderSet('production');
    const container = named(objects, 'Deployment', 'pencraft-studio').spec.template.spec.containers[0];
    expect(container.resources).toEqual({
      requests: { cpu: '50m', memory: '64Mi' },
      limits: { cpu: '500m', memory: '128Mi' },
    });
  });
});
