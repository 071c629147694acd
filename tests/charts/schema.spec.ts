// Bad values stop the render with a message that names the value: the schema (values.schema.json) for values that
// are wrong on their own, the chart's checks (pencraft.validate) for values that contradict each other.
import {
  named,
  ofKind,
  render,
  template,
  templateWithRegistry,
  type HelmResult,
  type TemplateOptions,
} from './support/helm.js';

function failed(result: HelmResult): string {
  expect(result.status).not.toBe(0);
  return result.stderr;
}

const failure = (options: TemplateOptions) => failed(template(options));

const SCHEMA = "values don't meet the specifications of the schema(s)";

describe('values.schema.json rejects bad values with a readable message', () => {
  it('a negative replica count', () => {
    const message = failure({ set: ['services.identity.replicas=-1'] });
    expect(message).toContain(SCHEMA);
    expect(message).toContain("at '/services/identity/replicas': minimum: got -1, want 0");
  });

  it('a negative replica count in the defaults', () => {
    expect(failure({ set: ['defaults.replicas=-3'] })).toContain("at '/defaults/replicas': minimum: got -3, want 0");
  });

  it('an empty image tag', () => {
    expect(failure({ set: ['services.search.image.tag='] })).toContain(
      "at '/services/search/image/tag': minLength: got 0, want 1",
    );
  });

  it('what system.json says (ports, calls, uses, schema, path, mount, pages): the registry is not restated', () => {
    for (const [set, message] of [
      ['services.identity.ports.grpc=5999', "at '/services/identity': additional properties 'ports' not allowed"],
      ['services.search.calls={gateway}', "at '/services/search': additional properties 'calls' not allowed"],
      ['services.search.mail=true', "at '/services/search': additional properties 'mail' not allowed"],
      ['services.search.database.schema=other', "at '/services/search/database': additional properties 'schema'"],
      ['frontends.shell.port=3999', "at '/frontends/shell': additional properties 'port' not allowed"],
      ['frontends.reader.path=/mf/other/', "at '/frontends/reader': additional properties 'path' not allowed"],
      ['frontends.staff.mount=/console', "at '/frontends/staff': additional properties 'mount' not allowed"],
      ['frontends.reader.renderer.pages={/x}', "at '/frontends/reader/renderer': additional properties 'pages'"],
    ]) {
      expect(failure({ set: [set!] })).toContain(message);
    }
  });

  it('a misspelt key', () => {
    expect(failure({ set: ['services.identity.replics=2'] })).toContain(
      "at '/services/identity': additional properties 'replics' not allowed",
    );
    expect(failure({ set: ['ingres.enabled=true'] })).toContain("additional properties 'ingres' not allowed");
  });

  it('a weakened security context', () => {
    expect(failure({ set: ['defaults.containerSecurityContext.runAsNonRoot=false'] })).toContain(
      "at '/defaults/containerSecurityContext/runAsNonRoot': value must be true",
    );
    expect(failure({ set: ['services.gateway.containerSecurityContext.allowPrivilegeEscalation=true'] })).toContain(
      "at '/services/gateway/containerSecurityContext/allowPrivilegeEscalation': value must be false",
    );
  });

  it('an unknown tracing exporter', () => {
    expect(failure({ set: ['tracing.exporter=jaeger'] })).toContain("at '/tracing/exporter'");
  });
});

describe('the chart fails with a clear message when values contradict each other', () => {
  it('an ingress without a host', () => {
    expect(failure({ set: ['ingress.host='] })).toContain(
      'ingress.enabled is true but ingress.host is empty: set ingress.host',
    );
  });

  it('TLS without a certificate Secret', () => {
    expect(failure({ set: ['ingress.tls.enabled=true'] })).toContain(
      'ingress.tls.enabled is true but ingress.tls.secretName is empty',
    );
  });

  it('a service with a database but no Secret for its DATABASE_URL', () => {
    expect(failure({ set: ['postgresql.existingSecret='] })).toMatch(
      /\w+ owns the schema \w+ \(system\.json\) but no Secret provides its DATABASE_URL/,
    );
  });

  it('a call to a service that is not deployed', () => {
    expect(failure({ set: ['services.search.enabled=false'] })).toContain(
      'gateway calls "search" (system.json), which is not an enabled service: enable services.search',
    );
  });

  it('a call to a service with no gRPC port', () => {
    expect(failed(templateWithRegistry((registry) => (registry.services.search.calls = ['gateway'])))).toContain(
      'search calls "gateway" (system.json), which has no gRPC port',
    );
  });

  it('a service whose internal port is one of its other ports', () => {
    expect(failed(templateWithRegistry((registry) => (registry.services.articles.internalPort = 5102)))).toContain(
      'articles: its internal and grpc ports (system.json) are both 5102: give them different ports',
    );
    expect(failed(templateWithRegistry((registry) => (registry.gateway.internalPort = 8080)))).toContain(
      'gateway: its http and internal ports (system.json) are both 8080',
    );
  });

  it('a PodDisruptionBudget given both minAvailable and maxUnavailable', () => {
    expect(failure({ set: ['services.identity.pdb.minAvailable=1'] })).toContain(
      'services.identity: pdb.maxUnavailable and pdb.minAvailable are both set',
    );
  });

  it('autoscaling bounds the wrong way round', () => {
    expect(
      failure({ set: ['frontends.editor.autoscaling.minReplicas=5', 'frontends.editor.autoscaling.maxReplicas=2'] }),
    ).toContain('frontends.editor: autoscaling.minReplicas (5) is above autoscaling.maxReplicas (2)');
  });

  it('a drain longer than the termination grace period', () => {
    expect(failure({ set: ['runtime.shutdownGraceMs=45000'] })).toContain(
      'terminationGracePeriodSeconds (30 s) must exceed runtime.shutdownDrainDelayMs + runtime.shutdownGraceMs (50000 ms)',
    );
  });

  it('two frontends on one path', () => {
    expect(failed(templateWithRegistry((registry) => (registry.frontends.editor.path = '/mf/reader/')))).toMatch(
      /the path "\/mf\/reader\/" of \w+ \(system\.json\) is already the path of \w+/,
    );
  });

  it('OTLP tracing without an endpoint', () => {
    expect(failure({ set: ['tracing.exporter=otlp'] })).toContain(
      'tracing.exporter is otlp but tracing.otlpEndpoint is empty',
    );
  });
});

describe('values that are fine', () => {
  it('switching a component off removes it and its edges', () => {
    // The gateway calls donations (issue #16): on a registry where it does not, donations may be switched off.
    const result = templateWithRegistry(
      (registry) => {
        registry.gateway.calls = registry.gateway.calls.filter((callee: string) => callee !== 'donations');
      },
      { set: ['services.donations.enabled=false', 'frontends.editor.enabled=false'] },
    );
    expect(result.stderr).toBe('');
    expect(result.stdout).not.toContain('pencraft-donations');
    expect(result.stdout).not.toContain('pencraft-editor');
    expect(result.stdout).not.toContain('/mf/editor/');
  });

  it('an explicit false or 0 in a component wins over the defaults', () => {
    const objects = render({ set: ['services.identity.autoscaling.enabled=false', 'services.identity.replicas=0'] });
    const autoscaled = ofKind(objects, 'HorizontalPodAutoscaler').map((h) => h.metadata.name);
    expect(autoscaled).not.toContain('pencraft-identity');
    expect(autoscaled).toContain('pencraft-articles');
    expect(named(objects, 'Deployment', 'pencraft-identity').spec.replicas).toBe(0);
  });
});
