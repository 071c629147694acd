// What matters in every Deployment: probes, resources, a locked-down security context, a PDB and an HPA, its own
// ServiceAccount without a token; Services, Ingress routes and ServiceMonitors that reach the right ports.
import { named, ofKind, renderSet, type K8sObject, type Parsed } from './support/helm.js';
import { containersOf, podTemplates, restrictedViolations } from './support/pods.js';
import { selectorMatches } from './support/network.js';
import { componentNames, frontendNames, serviceNames, system } from './support/system.js';

const HARDENED_SETS = ['default', 'production', 'local'];

function deployments(set: string): K8sObject[] {
  return ofKind(renderSet(set), 'Deployment');
}

describe.each(HARDENED_SETS)('workloads with the %s values', (set) => {
  it('deploys exactly the services and frontends of system.json', () => {
    const components = deployments(set).map((d) => d.metadata.labels!['app.kubernetes.io/component']);
    expect(components.sort()).toEqual([...componentNames].sort());
  });

  it('probes every service on /healthz and /readyz of its internal port, every frontend on its HTTP port', () => {
    for (const deployment of deployments(set)) {
      const component = deployment.metadata.labels!['app.kubernetes.io/component']!;
      const port = serviceNames.includes(component) ? 'internal' : 'http';
      for (const container of deployment.spec.template.spec.containers) {
        const where = `${deployment.metadata.name}/${container.name}`;
        expect({ where, path: container.livenessProbe?.httpGet?.path }).toEqual({ where, path: '/healthz' });
        expect({ where, path: container.readinessProbe?.httpGet?.path }).toEqual({ where, path: '/readyz' });
        expect({ where, port: container.livenessProbe.httpGet.port }).toEqual({ where, port });
        expect({ where, port: container.readinessProbe.httpGet.port }).toEqual({ where, port });
        expect({ where, port: container.startupProbe?.httpGet?.port }).toEqual({ where, port });
        expect(container.ports.map((p: Parsed) => p.name)).toEqual(expect.arrayContaining(['http', port]));
      }
    }
  });

  it('gives every service INTERNAL_HTTP_PORT, the containerPort named internal', () => {
    for (const deployment of deployments(set)) {
      const component = deployment.metadata.labels!['app.kubernetes.io/component']!;
      if (!serviceNames.includes(component)) continue;
      const [container] = deployment.spec.template.spec.containers;
      const internal = container.ports.find((p: Parsed) => p.name === 'internal')?.containerPort;
      expect(container.env).toContainEqual({ name: 'INTERNAL_HTTP_PORT', value: String(internal) });
    }
  });

  it('gives every container (Jobs included) CPU and memory requests and limits', () => {
    for (const { owner, spec } of podTemplates(renderSet(set))) {
      for (const container of containersOf(spec)) {
        const where = `${owner.kind}/${owner.metadata.name}/${container.name}`;
        for (const kind of ['requests', 'limits']) {
          for (const resource of ['cpu', 'memory']) {
            expect({ where, [kind]: container.resources?.[kind]?.[resource] }).toEqual({
              where,
              [kind]: expect.anything(),
            });
          }
        }
      }
    }
  });

  it('runs every pod non-root, read-only, without capabilities, with RuntimeDefault seccomp and a writable /tmp', () => {
    for (const { owner, spec } of podTemplates(renderSet(set))) {
      const where = `${owner.kind}/${owner.metadata.name}`;
      expect({ where, violations: restrictedViolations(spec) }).toEqual({ where, violations: [] });
      expect(spec.securityContext).toMatchObject({
        runAsNonRoot: true,
        runAsUser: 10001,
        seccompProfile: { type: 'RuntimeDefault' },
      });
      expect(spec.automountServiceAccountToken).toBe(false);
      const tmp = spec.volumes.find((v: Parsed) => v.name === 'tmp');
      expect(tmp?.emptyDir).toBeDefined();
      for (const container of containersOf(spec)) {
        expect(container.securityContext).toMatchObject({
          runAsNonRoot: true,
          readOnlyRootFilesystem: true,
          allowPrivilegeEscalation: false,
          privileged: false,
          capabilities: { drop: ['ALL'] },
          seccompProfile: { type: 'RuntimeDefault' },
        });
        expect(container.volumeMounts).toContainEqual({ name: 'tmp', mountPath: '/tmp' });
      }
    }
  });

  it('gives every component its own ServiceAccount with no API token', () => {
    const accounts = ofKind(renderSet(set), 'ServiceAccount');
    for (const deployment of deployments(set)) {
      const account = named(accounts, 'ServiceAccount', deployment.spec.template.spec.serviceAccountName);
      expect(account.automountServiceAccountToken).toBe(false);
    }
  });

  it('exposes each component through a Service on the ports of system.json', () => {
    const services = ofKind(renderSet(set), 'Service');
    for (const deployment of deployments(set)) {
      const podLabels = deployment.spec.template.metadata.labels;
      const matching = services.filter((s) => selectorMatches({ matchLabels: s.spec.selector }, podLabels));
      expect(matching).toHaveLength(1);
      const containerPorts = deployment.spec.template.spec.containers[0].ports;
      for (const port of matching[0]!.spec.ports) {
        expect(containerPorts.find((p: Parsed) => p.name === port.targetPort)?.containerPort).toBe(port.port);
      }
    }
  });
});

describe.each(['default', 'production'])('availability with the %s values', (set) => {
  it('gives every Deployment a PodDisruptionBudget that selects its pods', () => {
    const budgets = ofKind(renderSet(set), 'PodDisruptionBudget');
    for (const deployment of deployments(set)) {
      const podLabels = deployment.spec.template.metadata.labels;
      const matching = budgets.filter((b) => selectorMatches(b.spec.selector, podLabels));
      expect({ deployment: deployment.metadata.name, budgets: matching.length }).toEqual({
        deployment: deployment.metadata.name,
        budgets: 1,
      });
      expect(matching[0]!.spec.maxUnavailable ?? matching[0]!.spec.minAvailable).toBeDefined();
    }
  });

  it('gives every Deployment an autoscaling/v2 HorizontalPodAutoscaler, which then owns the replica count', () => {
    const autoscalers = ofKind(renderSet(set), 'HorizontalPodAutoscaler');
    for (const deployment of deployments(set)) {
      const hpa = autoscalers.find((h) => h.spec.scaleTargetRef.name === deployment.metadata.name);
      expect({ deployment: deployment.metadata.name, hpa: hpa?.apiVersion }).toEqual({
        deployment: deployment.metadata.name,
        hpa: 'autoscaling/v2',
      });
      expect(hpa!.spec.scaleTargetRef).toMatchObject({ apiVersion: 'apps/v1', kind: 'Deployment' });
      expect(hpa!.spec.minReplicas).toBeLessThanOrEqual(hpa!.spec.maxReplicas);
      expect(deployment.spec.replicas).toBeUndefined();
    }
  });

  it('rolls out without losing capacity', () => {
    for (const deployment of deployments(set)) {
      expect(deployment.spec.strategy.rollingUpdate.maxUnavailable).toBe(0);
    }
  });
});

describe('production values', () => {
  it('runs at least three replicas of everything, spread over nodes and zones', () => {
    for (const hpa of ofKind(renderSet('production'), 'HorizontalPodAutoscaler')) {
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(3);
    }
    for (const deployment of deployments('production')) {
      const keys = deployment.spec.template.spec.topologySpreadConstraints.map((t: Parsed) => t.topologyKey);
      expect(keys).toEqual(expect.arrayContaining(['kubernetes.io/hostname', 'topology.kubernetes.io/zone']));
    }
  });

  it('scrapes /metrics of every service with a ServiceMonitor on its internal port', () => {
    const objects = renderSet('production');
    const monitors = ofKind(objects, 'ServiceMonitor');
    expect(monitors.map((m) => m.metadata.labels!['app.kubernetes.io/component']).sort()).toEqual(serviceNames);
    for (const monitor of monitors) {
      expect(monitor.metadata.labels).toMatchObject({ release: 'kube-prometheus-stack' });
      expect(monitor.spec.endpoints).toEqual([expect.objectContaining({ port: 'internal', path: '/metrics' })]);
      const service = ofKind(objects, 'Service').find((s) =>
        selectorMatches(monitor.spec.selector, s.metadata.labels ?? {}),
      );
      expect(service?.spec.ports.map((p: Parsed) => p.name)).toContain('internal');
    }
  });

  it('serves the main host and the publication wildcard over TLS', () => {
    const ingress = named(renderSet('production'), 'Ingress', 'pencraft');
    expect(ingress.spec.tls).toEqual([{ hosts: ['pencraft.az', '*.pencraft.az'], secretName: 'pencraft-tls' }]);
    expect(ingress.spec.rules.map((r: Parsed) => r.host)).toEqual(['pencraft.az', '*.pencraft.az']);
  });

  it('shares the session cookie with publication subdomains and trusts the ingress controller as one proxy hop', () => {
    const env = named(renderSet('production'), 'Deployment', 'pencraft-gateway').spec.template.spec.containers[0].env;
    expect(env).toEqual(
      expect.arrayContaining([
        { name: 'PUBLIC_ORIGIN', value: 'https://pencraft.az' },
        { name: 'COOKIE_SECURE', value: 'true' },
        { name: 'COOKIE_DOMAIN', value: 'pencraft.az' },
        { name: 'TRUST_PROXY_HOPS', value: '1' },
      ]),
    );
  });

  it('reads every credential from a Secret by reference, never from a value', () => {
    for (const { owner, spec } of podTemplates(renderSet('production'))) {
      for (const container of containersOf(spec)) {
        for (const env of container.env ?? []) {
          if (/SECRET|PASSWORD|DATABASE_URL|REDIS_URL|ACCESS_KEY/.test(env.name)) {
            expect({ where: `${owner.metadata.name} ${env.name}`, value: env.value }).toEqual({
              where: `${owner.metadata.name} ${env.name}`,
              value: undefined,
            });
            expect(env.valueFrom?.secretKeyRef?.name).toBeTruthy();
          }
        }
      }
    }
  });
});

describe('ingress routes (default values)', () => {
  const ingress = () => named(renderSet('default'), 'Ingress', 'pencraft');

  it('routes the main host and *.host the same way: /api and /media to the gateway, each frontend path to its frontend', () => {
    const rules = ingress().spec.rules;
    expect(rules.map((r: Parsed) => r.host)).toEqual(['pencraft.local', '*.pencraft.local']);
    const expected = [
      { path: '/api', service: 'pencraft-gateway' },
      { path: '/media', service: 'pencraft-gateway' },
      ...frontendNames.map((name) => ({ path: system.frontends[name]!.path, service: `pencraft-${name}` })),
    ];
    for (const rule of rules) {
      // The server-rendered pages' own paths (Exact, Prefix, ImplementationSpecific) are tests/charts/ssr.spec.ts's.
      const prefixes = rule.http.paths.filter(
        (p: Parsed) => !(p.pathType !== 'Prefix' || ['/a', '/c'].includes(p.path)),
      );
      const routes = prefixes.map((p: Parsed) => ({ path: p.path, service: p.backend.service.name }));
      expect(routes).toEqual(expect.arrayContaining(expected));
      expect(routes).toHaveLength(expected.length);
      for (const p of rule.http.paths) expect(p.backend.service.port).toEqual({ name: 'http' });
    }
  });

  it('gives the shell a /remotes.json listing every remote, mounted over the bundled one', () => {
    const objects = renderSet('default');
    const configMap = named(objects, 'ConfigMap', 'pencraft-shell-remotes');
    expect(JSON.parse(configMap.data!['remotes.json']!)).toEqual({
      editor: '/mf/editor/mf-manifest.json',
      reader: '/mf/reader/mf-manifest.json',
      settings: '/mf/settings/mf-manifest.json',
      // The staff console's pages all live under /staff: the shell loads it only there.
      staff: { entry: '/mf/staff/mf-manifest.json', mount: '/staff' },
      studio: { entry: '/mf/studio/mf-manifest.json', mount: '/studio' },
    });
    const shell = named(objects, 'Deployment', 'pencraft-shell').spec.template.spec;
    expect(shell.containers[0].volumeMounts).toContainEqual(
      expect.objectContaining({ mountPath: '/app/frontends/shell/dist/remotes.json', subPath: 'remotes.json' }),
    );
    expect(shell.volumes).toContainEqual({ name: 'remotes', configMap: { name: 'pencraft-shell-remotes' } });
  });
});
