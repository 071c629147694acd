// system.json is the one registry: the chart reads it (its copy files/system.json, written by make chart-registry)
// and values.yaml restates none of it. These tests check the rendered manifests carry the registry's values for
// every service and frontend, and that a service or frontend added to system.json alone shows up in the render.
import {
  readText,
  named,
  ofKind,
  renderSet,
  renderWithRegistry,
  template,
  type K8sObject,
  type Parsed,
} from './support/helm.js';
import {
  allServices,
  callersOf,
  componentNames,
  frontendNames,
  serviceNames,
  shellName,
  system,
} from './support/system.js';

const objects = renderSet('default');

const containerOf = (all: K8sObject[], name: string) =>
  named(all, 'Deployment', `pencraft-${name}`).spec.template.spec.containers[0];
const envValue = (all: K8sObject[], name: string, key: string) =>
  containerOf(all, name).env.find((e: Parsed) => e.name === key)?.value as string | undefined;
const portsOf = (name: string): Record<string, number> => {
  const s = allServices[name]!;
  return s.grpcPort === undefined
    ? { http: s.httpPort, internal: s.internalPort }
    : { http: s.httpPort, internal: s.internalPort, grpc: s.grpcPort };
};
const byName = (ports: Parsed[], key: 'port' | 'containerPort') =>
  Object.fromEntries(ports.map((p: Parsed) => [p.name, p[key]]));
/** Every TCP port a NetworkPolicy admits in one direction. */
const policyPorts = (all: K8sObject[], name: string, direction: 'ingress' | 'egress'): number[] =>
  (named(all, 'NetworkPolicy', `pencraft-${name}`).spec[direction] ?? []).flatMap((rule: Parsed) =>
    (rule.ports ?? []).filter((p: Parsed) => p.protocol === 'TCP').map((p: Parsed) => p.port),
  );

describe('the chart reads system.json', () => {
  it('from its copy in the chart, identical to system.json (make chart-registry writes it)', () => {
    expect(readText('charts/pencraft/files/system.json')).toBe(readText('system.json'));
  });

  it('deploys exactly the services (gateway included) and frontends of system.json', () => {
    const names = ofKind(objects, 'Deployment').map((d) => d.metadata.name.replace(/^pencraft-/, ''));
    expect(names.sort()).toEqual([...componentNames].sort());
  });

  it('keeps none of the registry in values.yaml', () => {
    const values = readText('charts/pencraft/values.yaml');
    for (const key of ['ports', 'grpc', 'calls', 'schema', 'mount', 'module', 'pages', 'repository']) {
      expect(values).not.toMatch(new RegExp(`^\\s+${key}:`, 'm'));
    }
  });

  it.each(serviceNames)('gives %s the ports of system.json in its Service, Deployment and environment', (name) => {
    expect(byName(named(objects, 'Service', `pencraft-${name}`).spec.ports, 'port')).toEqual(portsOf(name));
    expect(byName(containerOf(objects, name).ports, 'containerPort')).toEqual(portsOf(name));
    expect(envValue(objects, name, 'HTTP_PORT')).toBe(String(allServices[name]!.httpPort));
    expect(envValue(objects, name, 'INTERNAL_HTTP_PORT')).toBe(String(allServices[name]!.internalPort));
    const grpc = allServices[name]!.grpcPort;
    expect(envValue(objects, name, 'GRPC_PORT')).toBe(grpc === undefined ? undefined : String(grpc));
    expect(envValue(objects, name, 'OTEL_SERVICE_NAME')).toBe(name);
  });

  it.each(serviceNames)('admits the gRPC calls of system.json to and from %s in its NetworkPolicy', (name) => {
    const grpc = allServices[name]!.grpcPort;
    if (grpc !== undefined)
      expect(policyPorts(objects, name, 'ingress').includes(grpc)).toBe(callersOf(name).length > 0);
    const egress = policyPorts(objects, name, 'egress');
    for (const callee of allServices[name]!.calls) {
      expect(egress).toContain(allServices[callee]!.grpcPort);
      expect(envValue(objects, name, `${callee.toUpperCase()}_GRPC_ADDR`)).toBe(
        `pencraft-${callee}:${allServices[callee]!.grpcPort}`,
      );
    }
    const addresses = containerOf(objects, name)
      .env.map((e: Parsed) => e.name as string)
      .filter((key: string) => key.endsWith('_GRPC_ADDR'));
    expect(addresses.sort()).toEqual(allServices[name]!.calls.map((c) => `${c.toUpperCase()}_GRPC_ADDR`).sort());
  });

  it.each(serviceNames)('runs a migration Job for %s exactly when system.json gives it a schema', (name) => {
    const schema = allServices[name]!.schema;
    const job = ofKind(objects, 'Job').find((j) => j.metadata.labels?.['pencraft.io/service'] === name);
    if (schema === undefined) {
      expect(job).toBeUndefined();
      expect(envValue(objects, name, 'DATABASE_URL')).toBeUndefined();
    } else {
      expect(job?.metadata.labels?.['pencraft.io/schema']).toBe(schema);
      expect(job?.spec.template.spec.containers[0].env).toContainEqual({
        name: 'DATABASE_URL',
        valueFrom: { secretKeyRef: { name: 'pencraft-database', key: `${name}-database-url` } },
      });
    }
  });

  it.each(frontendNames)('serves the %s frontend on its system.json port, under its path', (name) => {
    const { port, path } = system.frontends[name]!;
    expect(byName(named(objects, 'Service', `pencraft-${name}`).spec.ports, 'port')).toEqual({ http: port });
    expect(containerOf(objects, name).env).toEqual(
      expect.arrayContaining([
        { name: 'PORT', value: String(port) },
        { name: 'BASE_PATH', value: path },
        { name: 'SPA_FALLBACK', value: String(path === '/') },
      ]),
    );
    const ingressPaths = named(objects, 'Ingress', 'pencraft').spec.rules[0].http.paths;
    expect(ingressPaths).toContainEqual(
      expect.objectContaining({ path, backend: { service: { name: `pencraft-${name}`, port: { name: 'http' } } } }),
    );
  });

  it("lists every other frontend in the shell's remotes.json with its system.json path and mount", () => {
    const remotes = JSON.parse(named(objects, 'ConfigMap', `pencraft-${shellName}-remotes`).data!['remotes.json']!);
    const expected = Object.fromEntries(
      frontendNames
        .filter((name) => name !== shellName)
        .map((name) => {
          const { path, mount } = system.frontends[name]!;
          const entry = `${path}mf-manifest.json`;
          return [name, mount === undefined ? entry : { entry, mount }];
        }),
    );
    expect(remotes).toEqual(expected);
  });

  it('renders the pages of system.json on the frontend that has a renderer (EDGE_PAGES, local values)', () => {
    const local = renderSet('local');
    const pages = (envValue(local, 'gateway', 'EDGE_PAGES') ?? '').split(',');
    for (const name of frontendNames.filter((n) => system.frontends[n]!.renderer)) {
      const { port, pages: expected = [], renderer } = system.frontends[name]!;
      expect(envValue(local, name, 'RENDERER')).toBe(`/app/frontends/${name}/${renderer}`);
      for (const page of expected) expect(pages).toContain(`${page}=http://pencraft-${name}:${port}`);
    }
  });
});

describe('a service or frontend added to system.json alone', () => {
  const added = renderWithRegistry((registry) => {
    registry.services.payments = {
      httpPort: 4190,
      internalPort: 9190,
      grpcPort: 5190,
      schema: 'payments',
      stream: 'PAYMENTS',
      uses: ['mail'],
      calls: ['identity'],
    };
    registry.gateway.calls.push('payments');
    registry.frontends.partners = { port: 3090, path: '/mf/partners/', mount: '/partners' };
  });

  it('is deployed from the defaults, its image named after it at the chart version', () => {
    expect(containerOf(added, 'payments').image).toBe('ghcr.io/pencraft/payments:0.1.0');
    expect(containerOf(added, 'partners').image).toBe('ghcr.io/pencraft/partners:0.1.0');
  });

  it('gets its ports, schema, calls and uses', () => {
    expect(byName(named(added, 'Service', 'pencraft-payments').spec.ports, 'port')).toEqual({
      http: 4190,
      internal: 9190,
      grpc: 5190,
    });
    expect(named(added, 'Job', 'pencraft-payments-migrate').metadata.labels?.['pencraft.io/schema']).toBe('payments');
    expect(envValue(added, 'payments', 'IDENTITY_GRPC_ADDR')).toBe('pencraft-identity:5101');
    expect(envValue(added, 'payments', 'SMTP_URL')).toBe('smtp://smtp.mail.svc.cluster.local:587');
    expect(envValue(added, 'gateway', 'PAYMENTS_GRPC_ADDR')).toBe('pencraft-payments:5190');
    expect(policyPorts(added, 'payments', 'ingress')).toContain(5190);
    expect(policyPorts(added, 'gateway', 'egress')).toContain(5190);
  });

  it('is a remote of the shell, routed by the Ingress', () => {
    const remotes = JSON.parse(named(added, 'ConfigMap', `pencraft-${shellName}-remotes`).data!['remotes.json']!);
    expect(remotes.partners).toEqual({ entry: '/mf/partners/mf-manifest.json', mount: '/partners' });
    expect(named(added, 'Ingress', 'pencraft').spec.rules[0].http.paths).toContainEqual(
      expect.objectContaining({ path: '/mf/partners/' }),
    );
  });
});

it('refuses values for a service system.json does not list', () => {
  const result = template({ set: ['services.payments.enabled=true'] });
  expect(result.status).not.toBe(0);
  expect(result.stderr).toContain('services.payments is not in system.json');
});
