// The staff console (frontends/staff): deployed from system.json like every remote, listed in the shell's
// remotes.json, and every frontend's CSP lets the page reach Keycloak's token endpoint (CSP_CONNECT_SRC: the origin of
// keycloak.publicUrl, else keycloak.url) — keycloak-js exchanges the code from the browser.
import {
  named,
  ofKind,
  render,
  renderSet,
  renderWithRegistry,
  templateWithRegistry,
  type K8sObject,
  type Parsed,
} from './support/helm.js';
import { frontendNames, system } from './support/system.js';

const envOf = (objects: K8sObject[], name: string): Parsed[] =>
  named(objects, 'Deployment', `pencraft-${name}`).spec.template.spec.containers[0].env;
const connectSrc = (objects: K8sObject[], name: string) =>
  envOf(objects, name).find((e) => e.name === 'CSP_CONNECT_SRC')?.value;

describe('the staff console remote', () => {
  it('is a frontend of system.json served under /mf/staff/ and routed by the Ingress', () => {
    expect(system.frontends.staff).toMatchObject({ port: 3004, path: '/mf/staff/' });
    const objects = renderSet('default');
    const env = envOf(objects, 'staff');
    expect(env).toEqual(
      expect.arrayContaining([
        { name: 'PORT', value: '3004' },
        { name: 'BASE_PATH', value: '/mf/staff/' },
      ]),
    );
    const paths = named(objects, 'Ingress', 'pencraft').spec.rules[0].http.paths.map((p: Parsed) => ({
      path: p.path,
      service: p.backend.service.name,
    }));
    expect(paths).toContainEqual({ path: '/mf/staff/', service: 'pencraft-staff' });
    const remotes = JSON.parse(named(objects, 'ConfigMap', 'pencraft-shell-remotes').data!['remotes.json']!);
    // A plain manifest URL, or { entry, mount } for a remote the shell loads only under its pages' prefix.
    const staff = remotes.staff as string | { entry: string; mount?: string };
    expect(typeof staff === 'string' ? staff : staff.entry).toBe('/mf/staff/mf-manifest.json');
  });

  it('is mounted at /staff (system.json `mount`), so the shell loads it only on those pages', () => {
    expect(system.frontends.staff!.mount).toBe('/staff');
    const remotes = (mount: string | undefined) =>
      JSON.parse(
        named(
          renderWithRegistry((registry) => (registry.frontends.staff.mount = mount)),
          'ConfigMap',
          'pencraft-shell-remotes',
        ).data!['remotes.json']!,
      );
    expect(remotes('/staff').staff).toEqual({ entry: '/mf/staff/mf-manifest.json', mount: '/staff' });
    // Without a mount it is listed like every remote, loaded on every page.
    expect(remotes(undefined).staff).toBe('/mf/staff/mf-manifest.json');
    expect(remotes('/console/staff').staff).toEqual({
      entry: '/mf/staff/mf-manifest.json',
      mount: '/console/staff',
    });
  });

  it.each(['/staff/', 'staff', '/', '/Staff', '/staff/:id'])('refuses the mount %s', (mount) => {
    const result = templateWithRegistry((registry) => (registry.frontends.staff.mount = mount));
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain(`the mount of staff (system.json): "${mount}" is not a path prefix like /staff`);
  });

  it('adds no connect-src origin while no Keycloak is configured', () => {
    // (The gateway needs Keycloak for its staff routes, identity for partner clients, so they leave too.)
    const objects = render({
      set: ['keycloak.url=', 'services.gateway.keycloak=false', 'services.identity.keycloak=false'],
    });
    for (const name of frontendNames) expect(connectSrc(objects, name)).toBeUndefined();
  });

  it('uses the public address browsers use, not the in-cluster one, when both are set (production values)', () => {
    const objects = renderSet('production');
    for (const name of frontendNames) expect(connectSrc(objects, name)).toBe('https://auth.pencraft.az');
  });

  it('gives every frontend the origin (no path) of the Keycloak browsers use', () => {
    const objects = render({ set: ['keycloak.url=https://auth.pencraft.az/kc'] });
    for (const name of frontendNames) expect(connectSrc(objects, name)).toBe('https://auth.pencraft.az');
    for (const service of ofKind(objects, 'Deployment').filter((d) => d.metadata.name === 'pencraft-gateway')) {
      expect(service.spec.template.spec.containers[0].env.map((e: Parsed) => e.name)).not.toContain('CSP_CONNECT_SRC');
    }
  });
});
