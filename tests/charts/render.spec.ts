// helm lint and helm template for every values set, and every rendered object validated offline against the
// Kubernetes API schemas (kubernetes-models) and the Prometheus Operator CRD schemas.
import { KUBE_VERSION, VALUES_SETS, lint, ofKind, renderSet, requireHelm } from './support/helm.js';
import { validateAll, validateObject } from './support/validate.js';

describe('the pencraft chart renders', () => {
  it('finds the pinned helm (packages/devstack/scripts/install-helm.sh)', () => {
    expect(() => requireHelm()).not.toThrow();
  });

  it.each(Object.entries(VALUES_SETS))('passes helm lint --strict with the %s values', (_name, values) => {
    const result = lint(values);
    expect(result.stderr + result.stdout).toContain('0 chart(s) failed');
    expect(result.status).toBe(0);
  });

  it.each(Object.keys(VALUES_SETS))(
    `renders %s values into objects valid for Kubernetes ${KUBE_VERSION}`,
    async (name) => {
      const objects = renderSet(name);
      expect(objects.length).toBeGreaterThan(0);
      expect(await validateAll(objects)).toEqual([]);
    },
    60_000,
  );

  it('has a validator that rejects what the API server would (so a pass means something)', async () => {
    const production = renderSet('production');
    const deployment = structuredClone(ofKind(production, 'Deployment')[0]!);
    deployment.spec.template.spec.containers[0].ports[0].containerPort = 'http';
    expect((await validateObject(deployment)).join()).toMatch(/containerPort must be integer/);

    const monitor = structuredClone(ofKind(production, 'ServiceMonitor')[0]!);
    monitor.spec.endpoints[0].scheme = 'gopher';
    expect((await validateObject(monitor)).join()).toMatch(/scheme/);

    const service = structuredClone(ofKind(production, 'Service')[0]!);
    service.metadata.name = 'Not_A_DNS_Label';
    service.metadata.labels = { 'app.kubernetes.io/version': 'x'.repeat(64) };
    const problems = (await validateObject(service)).join('\n');
    expect(problems).toContain('invalid name');
    expect(problems).toContain('invalid label value');
  });

  it('renders every kind the platform needs with the default values', () => {
    const kinds = new Set(renderSet('default').map((o) => o.kind));
    for (const kind of [
      'Deployment',
      'Service',
      'HorizontalPodAutoscaler',
      'PodDisruptionBudget',
      'NetworkPolicy',
      'ServiceAccount',
      'Ingress',
      'Job',
      'ConfigMap',
    ]) {
      expect(kinds).toContain(kind);
    }
    // ServiceMonitor needs the Prometheus Operator CRDs: off unless asked for.
    expect(kinds).not.toContain('ServiceMonitor');
  });

  it('uses only stable API versions', () => {
    for (const name of Object.keys(VALUES_SETS)) {
      for (const object of renderSet(name)) {
        expect(`${object.kind} ${object.apiVersion}`).not.toMatch(/(alpha|beta)\d*$/);
      }
    }
  });

  it('puts every object in the release namespace, except the dashboards when told otherwise', () => {
    for (const object of renderSet('default')) expect(object.metadata.namespace).toBe('pencraft');
    const production = renderSet('production');
    for (const object of production) {
      const isDashboard = object.kind === 'ConfigMap' && object.metadata.labels?.grafana_dashboard === '1';
      expect(object.metadata.namespace).toBe(isDashboard ? 'monitoring' : 'pencraft');
    }
    expect(ofKind(production, 'ServiceMonitor').length).toBeGreaterThan(0);
  });
});
