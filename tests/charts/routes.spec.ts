// The shell's server in the chart knows every frontend's client routes (system.json `routes`, env SPA_ROUTES), so an
// unknown page answers 404 and not a soft 200; a switched-off frontend's routes are unknown pages.
import { named, render, renderSet, type Parsed } from './support/helm.js';
import { frontendNames, shellName, system } from './support/system.js';

const routesOf = (name: string) => (system.frontends[name] as { routes?: string[] }).routes ?? [];
const envOf = (objects: ReturnType<typeof render>, name: string) =>
  named(objects, 'Deployment', `pencraft-${name}`).spec.template.spec.containers[0].env as Parsed[];

describe("the shell's client routes", () => {
  it('lists routes for every frontend in system.json', () => {
    for (const name of frontendNames) expect([name, routesOf(name).length > 0]).toEqual([name, true]);
  });

  it("hands the shell's server every frontend's routes and no other frontend any", () => {
    const objects = renderSet('default');
    const value = envOf(objects, shellName).find((e) => e.name === 'SPA_ROUTES')?.value as string;
    expect(value.split(',').sort()).toEqual(frontendNames.flatMap(routesOf).sort());
    for (const name of frontendNames.filter((n) => n !== shellName))
      expect([name, envOf(objects, name).some((e) => e.name === 'SPA_ROUTES')]).toEqual([name, false]);
  });

  it("leaves a switched-off frontend's routes out", () => {
    const value = envOf(render({ set: ['frontends.studio.enabled=false'] }), shellName).find(
      (e) => e.name === 'SPA_ROUTES',
    )?.value as string;
    expect(value.split(',')).not.toContain('/studio');
    expect(value.split(',')).toContain('/login');
  });
});
