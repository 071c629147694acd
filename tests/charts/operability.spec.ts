// Operability: the Grafana dashboard (shipped as a sidecar ConfigMap, built on the metrics the kit exposes), the
// runbook, the chart README's dependency choices, and the plain manifests under k8s/.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import {
  ROOT,
  named,
  ofKind,
  readJson,
  readText,
  readYamlFile,
  renderSet,
  type K8sObject,
  type Parsed,
} from './support/helm.js';
import { podTemplates, restrictedViolations } from './support/pods.js';
import { validateAll } from './support/validate.js';

// The metrics of packages/kit (and prom-client's Node defaults) the dashboard may use.
const KIT_METRICS = [
  'http_requests_total',
  'http_request_duration_seconds_bucket',
  'grpc_server_handled_total',
  'grpc_server_handling_seconds_bucket',
  'nats_consumer_pending',
  'nats_events_processed_total',
  'outbox_pending',
  'db_pool_total',
  'db_pool_idle',
  'db_pool_waiting',
];
const NODE_DEFAULT_METRICS = ['process_resident_memory_bytes', 'nodejs_eventloop_lag_p99_seconds'];
const PROMQL_WORDS = new Set([
  'sum',
  'by',
  'rate',
  'histogram_quantile',
  'clamp_min',
  'topk',
  'max',
  'le',
  'service',
  'route',
  'status',
  'grpc_method',
  'grpc_code',
  'stream',
  'consumer',
  'subject',
  'result',
]);

interface Panel {
  type: string;
  title: string;
  targets?: { expr: string }[];
}

const dashboard = readJson<{ uid: string; title: string; panels: Panel[]; templating: { list: { name: string }[] } }>(
  'charts/pencraft/dashboards/pencraft-services.json',
);
const expressions = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ title: p.title, expr: t.expr })));

describe('the Grafana dashboard', () => {
  it('is a dashboard with a stable uid, a data source variable and a service filter', () => {
    expect(dashboard.uid).toBe('pencraft-services');
    expect(dashboard.templating.list.map((v) => v.name)).toEqual(['datasource', 'service']);
  });

  it('uses only metrics the services expose', () => {
    for (const { title, expr } of expressions) {
      const identifiers = (
        expr
          .replace(/"[^"]*"/g, '')
          .replace(/\[[^\]]*\]/g, '')
          .replace(/\b\d+(\.\d+)?(e-?\d+)?\b/g, '')
          .match(/[a-z_][a-z0-9_]*/g) ?? []
      ).filter((word) => !PROMQL_WORDS.has(word));
      for (const metric of identifiers) {
        expect({ title, metric, known: [...KIT_METRICS, ...NODE_DEFAULT_METRICS].includes(metric) }).toEqual({
          title,
          metric,
          known: true,
        });
      }
    }
  });

  it.each([
    ['request rate per service', /rate\(http_requests_total\{[^}]*\}\[[^\]]+\]\)\)$/],
    ['errors per service', /status=~"5\.\."/],
    [
      'latency per service',
      /histogram_quantile\(0\.95, sum by \(service, le\) \(rate\(http_request_duration_seconds_bucket/,
    ],
    ['NATS consumer lag', /nats_consumer_pending/],
    ['database pool use', /db_pool_total\{[^}]*\} - db_pool_idle/],
    ['database pool waiters', /db_pool_waiting/],
  ])('shows %s', (_what, pattern) => {
    expect(expressions.some(({ expr }) => pattern.test(expr))).toBe(true);
  });

  it('ships as a ConfigMap the Grafana sidecar picks up', () => {
    const configMap = named(renderSet('default'), 'ConfigMap', 'pencraft-dashboard-pencraft-services');
    expect(configMap.metadata.labels).toMatchObject({ grafana_dashboard: '1' });
    expect(configMap.metadata.annotations).toMatchObject({ grafana_folder: 'Pencraft' });
    expect(JSON.parse(configMap.data!['pencraft-services.json']!)).toEqual(dashboard);
  });
});

describe('the runbook', () => {
  const runbook = readText('charts/RUNBOOK.md');

  it.each(['Deploy', 'Roll back', 'Scale', 'Rotate a secret', 'Replay a stuck consumer'])('covers: %s', (task) => {
    expect(runbook).toMatch(new RegExp(`^## \\d\\. ${task}$`, 'm'));
  });

  it('names objects the chart really renders', () => {
    const objects = renderSet('production');
    const names = new Set(objects.map((o) => `${o.kind}/${o.metadata.name}`));
    for (const [, kind, name] of runbook.matchAll(/\b(deploy|hpa|job)\/(pencraft-[a-z-]+)/g)) {
      const fullKind = { deploy: 'Deployment', hpa: 'HorizontalPodAutoscaler', job: 'Job' }[kind!]!;
      if (name!.endsWith('-')) continue; // a template such as pencraft-<component>
      expect(names).toContain(`${fullKind}/${name}`);
    }
  });
});

describe('the chart README', () => {
  const readme = readText('charts/pencraft/README.md');

  it.each([
    ['PostgreSQL', 'CloudNativePG'],
    ['Redis', 'redis-operator'],
    ['NATS JetStream', 'NATS Helm chart'],
    ['S3 object store', 'SeaweedFS'],
    ['Keycloak', 'Keycloak Operator'],
  ])('names what runs %s (%s) and why', (dependency, choice) => {
    const row = readme.split('\n').find((line) => line.startsWith(`| ${dependency} |`));
    expect(row).toContain(choice);
    expect(row!.split('|')[3]!.trim().length).toBeGreaterThan(80);
  });

  it('explains a deploy in three commands', () => {
    const section = readme.split('## Deploy to a cluster in three commands')[1]!.split('\n## ')[0]!;
    const firstBlock = section.split('```sh')[1]!.split('```')[0]!.trim().split('\n');
    expect(firstBlock).toHaveLength(3);
  });
});

describe('k8s/ manifests', () => {
  const namespaces = readYamlFile('k8s/namespaces.yaml');
  const dependencies = readYamlFile('k8s/local/dependencies.yaml');
  const kustomization = parse(readText('k8s/local/kustomization.yaml')) as {
    resources: string[];
    secretGenerator: { name: string; namespace: string; literals: string[] }[];
  };

  it('are valid Kubernetes objects', async () => {
    expect(await validateAll([...namespaces, ...dependencies])).toEqual([]);
  });

  it('enforce the restricted Pod Security Standard on the namespaces', () => {
    for (const namespace of ofKind([...namespaces, ...dependencies], 'Namespace')) {
      expect(namespace.metadata.labels).toMatchObject({ 'pod-security.kubernetes.io/enforce': 'restricted' });
    }
    expect(named(namespaces, 'Namespace', 'pencraft')).toBeDefined();
  });

  it('run the local dependencies in a way the restricted profile admits', () => {
    for (const { owner, spec } of podTemplates(dependencies)) {
      expect({ owner: owner.metadata.name, violations: restrictedViolations(spec) }).toEqual({
        owner: owner.metadata.name,
        violations: [],
      });
    }
  });

  it('list resources that exist, and create every Secret the local values refer to', () => {
    for (const resource of kustomization.resources) {
      expect(existsSync(path.join(ROOT, 'k8s/local', resource))).toBe(true);
    }
    const local = renderSet('local');
    const referenced = new Set<string>();
    for (const { spec } of podTemplates(local)) {
      for (const container of spec.containers) {
        for (const env of container.env ?? []) {
          const ref = env.valueFrom?.secretKeyRef;
          if (ref) referenced.add(`${ref.name}/${ref.key}`);
        }
      }
    }
    const generated = new Set(
      kustomization.secretGenerator.flatMap((s) => s.literals.map((literal) => `${s.name}/${literal.split('=')[0]}`)),
    );
    expect([...referenced].filter((ref) => !generated.has(ref))).toEqual([]);
    for (const secret of kustomization.secretGenerator) expect(secret.namespace).toBe('pencraft');
  });

  it('point the local values at the local dependencies', () => {
    const local = renderSet('local');
    const services = new Set(dependencies.filter((o: K8sObject) => o.kind === 'Service').map((o) => o.metadata.name));
    const env = named(local, 'Deployment', 'pencraft-articles').spec.template.spec.containers[0].env;
    const natsUrl = env.find((e: Parsed) => e.name === 'NATS_URL').value as string;
    expect(services).toContain(new URL(natsUrl).hostname.split('.')[0]);
    expect(ofKind(local, 'Ingress')).toEqual([]);
  });

  it('the Tilt values only make the root filesystem writable (for live_update), nothing else', () => {
    const tilt = podTemplates(renderSet('tilt'));
    for (const { owner, spec } of tilt) {
      expect({ owner: owner.metadata.name, violations: restrictedViolations(spec) }).toEqual({
        owner: owner.metadata.name,
        violations: [],
      });
    }
  });
});
