// Migrations run before a new version starts: one Job per service that owns a schema, as a pre-install and
// pre-upgrade hook, with the service's own image, after its ServiceAccount and NetworkPolicy hooks.
import { named, ofKind, render, renderSet, type K8sObject, type Parsed } from './support/helm.js';
import { system } from './support/system.js';

const servicesWithSchema = Object.entries(system.services)
  .filter(([, svc]) => Boolean(svc.schema))
  .map(([name]) => name)
  .sort();

describe.each(['default', 'production'])('migration Jobs with the %s values', (set) => {
  const objects = renderSet(set);
  const jobs = ofKind(objects, 'Job');
  const hooks = (o: K8sObject) => o.metadata.annotations?.['helm.sh/hook'];

  it('exist exactly for the services with a schema in system.json', () => {
    expect(jobs.map((j) => j.metadata.labels!['pencraft.io/service']).sort()).toEqual(servicesWithSchema);
    expect(jobs.map((j) => j.metadata.name)).not.toContain('pencraft-gateway-migrate');
  });

  it('are pre-install and pre-upgrade hooks, so Helm runs them before it applies the new Deployments', () => {
    for (const job of jobs) {
      expect(hooks(job)).toBe('pre-install,pre-upgrade');
      expect(job.metadata.annotations!['helm.sh/hook-weight']).toMatch(/^-?\d+$/);
      expect(job.metadata.annotations!['helm.sh/hook-delete-policy']).toContain('before-hook-creation');
      expect(job.spec.backoffLimit).toBeGreaterThanOrEqual(0);
      expect(job.spec.activeDeadlineSeconds).toBeGreaterThan(0);
    }
  });

  it("run node dist/migrate.js with the service's own image and its DATABASE_URL from a Secret", () => {
    for (const job of jobs) {
      const service = job.metadata.labels!['pencraft.io/service']!;
      const deployment = named(objects, 'Deployment', `pencraft-${service}`);
      const [container] = job.spec.template.spec.containers;
      expect(container.command).toEqual(['node', 'dist/migrate.js']);
      expect(container.image).toBe(deployment.spec.template.spec.containers[0].image);
      const databaseUrl = container.env.find((e: Parsed) => e.name === 'DATABASE_URL');
      expect(databaseUrl.valueFrom.secretKeyRef).toEqual({ name: 'pencraft-database', key: `${service}-database-url` });
      expect(container.env).toContainEqual({ name: 'OTEL_SERVICE_NAME', value: service });
      expect(job.spec.template.spec.restartPolicy).toBe('Never');
    }
  });

  it('come after their ServiceAccount and NetworkPolicy, which are hooks with a lower weight', () => {
    const weight = (o: K8sObject) => Number(o.metadata.annotations!['helm.sh/hook-weight']);
    const account = named(objects, 'ServiceAccount', 'pencraft-migrations');
    const policy = named(objects, 'NetworkPolicy', 'pencraft-migrations');
    for (const setup of [account, policy]) {
      expect(hooks(setup)).toBe('pre-install,pre-upgrade');
      for (const job of jobs) expect(weight(setup)).toBeLessThan(weight(job));
    }
    for (const job of jobs) expect(job.spec.template.spec.serviceAccountName).toBe('pencraft-migrations');
  });

  it('leave every other object to the normal release (hooks are not upgraded in place)', () => {
    const hooked = objects.filter(hooks).map((o) => `${o.kind}/${o.metadata.name}`);
    expect(hooked.sort()).toEqual(
      [
        'NetworkPolicy/pencraft-migrations',
        'ServiceAccount/pencraft-migrations',
        ...jobs.map((j) => `Job/${j.metadata.name}`),
      ].sort(),
    );
  });
});

describe('migrations switched off', () => {
  it('renders no Job and no migration hook objects', () => {
    const objects = render({ set: ['migrations.enabled=false'] });
    expect(ofKind(objects, 'Job')).toEqual([]);
    expect(objects.filter((o) => o.metadata.annotations?.['helm.sh/hook'])).toEqual([]);
  });
});
