// Every service can be switched off (services.<name>.enabled=false): the health-only ones stay deployable but a
// cluster need not run them. Switched off, nothing of the service is rendered — Deployment, Service, HPA, PDB,
// NetworkPolicy, ServiceAccount, ServiceMonitor, migration Job — and no other object points at it.
import { render, renderSet, type K8sObject } from './support/helm.js';
import { serviceNames } from './support/system.js';

// comments, moderation and notifications left this list with issue #9, publications with the gateway's publications
// area: the gateway calls them (and some call other services).
const HEALTH_ONLY = ['donations'];
/** What remains: every service the gateway's calls need. */
const ESSENTIAL = (names: string[]) => names.filter((name) => !HEALTH_ONLY.includes(name)).sort();
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

  it.each(HEALTH_ONLY)('removes every object of %s and nothing else (production values)', (name) => {
    const all = renderSet('production');
    const without = render({ values: PRODUCTION, set: [`services.${name}.enabled=false`] });
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
  });

  it('can leave a cluster with only the gateway and the services it needs', () => {
    const without = render({ values: PRODUCTION, set: HEALTH_ONLY.map((name) => `services.${name}.enabled=false`) });
    const deployed = without
      .filter((o) => o.kind === 'Deployment')
      .map((o) => o.metadata.labels!['app.kubernetes.io/component'])
      .filter((name) => serviceNames.includes(name!))
      .sort();
    expect(deployed).toEqual(ESSENTIAL(serviceNames));
    const jobs = without.filter((o) => o.kind === 'Job').map((o) => o.metadata.labels!['pencraft.io/service']);
    expect(jobs.sort()).toEqual(ESSENTIAL(serviceNames.filter((name) => name !== 'gateway')));
  });
});
