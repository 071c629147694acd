// Every service has a switch (services.<name>.enabled=false): one that nothing calls need not run, and switched off
// nothing of it is rendered — Deployment, Service, HPA, PDB, NetworkPolicy, ServiceAccount, ServiceMonitor, migration
// Job — and no other object points at it; one that another calls cannot be switched off alone.
import {
  renderSet,
  renderWithRegistry,
  template,
  templateWithRegistry,
  type K8sObject,
  type Parsed,
} from './support/helm.js';
import { callersOf, serviceNames } from './support/system.js';

// The gateway calls every service now (donations, the last health-only one, joined with its support routes in issue
// #16), so none can be switched off by itself: the render refuses, naming the caller. The switch itself is proven on
// a registry where the gateway does not call donations (as before issue #16) and nothing else does.
const UNCALLED = 'donations';
const withoutCallsTo = (name: string) => (registry: Parsed) => {
  registry.gateway.calls = registry.gateway.calls.filter((callee: string) => callee !== name);
};
const PRODUCTION = ['charts/pencraft/values-production.yaml'];

/** Whether an object belongs to the named component or mentions it anywhere (names, labels, env, peers). */
function mentions(object: K8sObject, name: string): boolean {
  const own =
    object.metadata.labels?.['app.kubernetes.io/component'] === name ||
    object.metadata.labels?.['pencraft.io/service'] === name ||
    object.metadata.name === `pencraft-${name}` ||
    object.metadata.name === `pencraft-${name}-migrate`;
  return own || JSON.stringify(object).includes(`pencraft-${name}`);
}

const kinds = (objects: K8sObject[]) => [...new Set(objects.map((o) => o.kind))].sort();

describe('switching a service off', () => {
  it('renders every service by default', () => {
    const all = renderSet('production');
    for (const name of serviceNames) {
      expect({ name, rendered: all.some((o) => mentions(o, name)) }).toEqual({ name, rendered: true });
    }
  });

  it('calls every service from the gateway, so none can be left out alone', () => {
    expect(serviceNames.filter((name) => name !== 'gateway' && !callersOf(name).includes('gateway'))).toEqual([]);
  });

  it('refuses to switch off a service another one calls, naming the callee', () => {
    for (const name of serviceNames.filter((n) => n !== 'gateway')) {
      if (callersOf(name).length === 0) continue;
      const result = template({ values: PRODUCTION, set: [`services.${name}.enabled=false`] });
      expect({ name, status: result.status === 0 }).toEqual({ name, status: false });
      expect(result.stderr).toContain(`calls "${name}" (system.json), which is not an enabled service`);
    }
  });

  it(`removes every object of a service nobody calls and nothing else (${UNCALLED}, production values)`, () => {
    const name = UNCALLED;
    const all = renderWithRegistry(withoutCallsTo(name), { values: PRODUCTION });
    const without = renderWithRegistry(withoutCallsTo(name), {
      values: PRODUCTION,
      set: [`services.${name}.enabled=false`],
    });
    expect(without.filter((o) => mentions(o, name))).toEqual([]);
    const own = all.filter((o) => mentions(o, name));
    expect(kinds(own)).toEqual(
      expect.arrayContaining([
        'Deployment',
        'HorizontalPodAutoscaler',
        'NetworkPolicy',
        'PodDisruptionBudget',
        'Service',
        'ServiceAccount',
        'ServiceMonitor',
      ]),
    );
    expect(own.some((o) => o.kind === 'Job' && o.metadata.name === `pencraft-${name}-migrate`)).toBe(true);
    const key = (o: K8sObject) => `${o.kind}/${o.metadata.name}`;
    expect(without.map(key).sort()).toEqual(
      all
        .filter((o) => !mentions(o, name))
        .map(key)
        .sort(),
    );
    // With the real registry the same switch is refused: the gateway calls it.
    expect(templateWithRegistry(() => undefined, { set: [`services.${name}.enabled=false`] }).stderr).toContain(
      `gateway calls "${name}"`,
    );
  });
});
