// The NetworkPolicies admit the paths the architecture allows and no others. Expectations come from system.json
// (who calls whom), so a new `calls` edge there must show up in the chart values or this suite fails.
import { ofKind, renderSet, type K8sObject } from './support/helm.js';
import { allowed, externalEndpoint, workloadEndpoints, type Endpoint } from './support/network.js';
import {
  allServices,
  callersOf,
  componentNames,
  frontendNames,
  rendererNames,
  serviceNames,
  shellName,
  system,
} from './support/system.js';

const ingressController = externalEndpoint('ingress-nginx', 'ingress-nginx', {
  'app.kubernetes.io/name': 'ingress-nginx',
});
const prometheus = externalEndpoint('prometheus', 'monitoring', { 'app.kubernetes.io/name': 'prometheus' });
const kubeDns = externalEndpoint('coredns', 'kube-system', { 'k8s-app': 'kube-dns' }, [53]);
// A pod of someone else in the release namespace, and one in another namespace: neither may reach anything.
const intruder = externalEndpoint('intruder', 'pencraft', { app: 'intruder' });
const stranger = externalEndpoint('stranger', 'elsewhere', { app: 'stranger' });

function world(set: string) {
  const objects = renderSet(set);
  const policies = ofKind(objects, 'NetworkPolicy');
  const endpoints = workloadEndpoints(objects);
  const migration = Object.entries(endpoints).find(([key]) => key.startsWith('job:'))![1];
  return { objects, policies, endpoints, migration };
}

function httpPort(name: string): number {
  return name in allServices ? allServices[name]!.httpPort : system.frontends[name]!.port;
}

describe('network policies (default values)', () => {
  const { policies, endpoints, migration } = world('default');
  const components = (): [string, Endpoint][] => componentNames.map((name) => [name, endpoints[name]!]);
  const everyone = (): [string, Endpoint][] => [
    ...components(),
    ['ingress controller', ingressController],
    ['prometheus', prometheus],
    ['intruder', intruder],
    ['stranger', stranger],
    ['migration job', migration],
  ];

  it('isolates every component in both directions', () => {
    expect(policies.filter((p) => !p.metadata.annotations?.['helm.sh/hook'])).toHaveLength(componentNames.length);
    for (const policy of policies) expect(policy.spec.policyTypes).toEqual(['Ingress', 'Egress']);
  });

  it.each(Object.entries(system.services))(
    "admits %s's gRPC port from its callers in system.json and no one else",
    (name, svc) => {
      const callers = callersOf(name);
      const admitted = everyone()
        .filter(([, source]) => allowed(policies, source, endpoints[name]!, svc.grpcPort))
        .map(([sourceName]) => sourceName);
      expect(admitted.sort()).toEqual(callers.sort());
    },
  );

  it("admits identity's gRPC port from the gateway and not from search", () => {
    expect(allowed(policies, endpoints.gateway!, endpoints.identity!, allServices.identity!.grpcPort!)).toBe(true);
    expect(allowed(policies, endpoints.search!, endpoints.identity!, allServices.identity!.grpcPort!)).toBe(false);
  });

  it('admits browser traffic (the ingress controller) only to the gateway and the frontends', () => {
    for (const name of componentNames) {
      const expected = name === 'gateway' || frontendNames.includes(name);
      expect({ name, admitted: allowed(policies, ingressController, endpoints[name]!, httpPort(name)) }).toEqual({
        name,
        admitted: expected,
      });
    }
  });

  it.each(frontendNames)(
    'admits only the ingress controller to the %s frontend (and the server renderers to the shell)',
    (name) => {
      const admitted = everyone()
        .filter(([, source]) => allowed(policies, source, endpoints[name]!, httpPort(name)))
        .map(([sourceName]) => sourceName);
      expect(admitted.sort()).toEqual(
        (name === shellName ? ['ingress controller', ...rendererNames] : ['ingress controller']).sort(),
      );
    },
  );

  it.each(serviceNames)(
    "admits %s's HTTP port from the ingress controller for the gateway only, and from no one for the others",
    (name) => {
      const admitted = everyone()
        .filter(([, source]) => allowed(policies, source, endpoints[name]!, httpPort(name)))
        .map(([sourceName]) => sourceName);
      expect(admitted.sort()).toEqual(name === 'gateway' ? ['ingress controller', ...rendererNames].sort() : []);
    },
  );

  it.each(serviceNames)(
    "admits %s's internal port (/metrics, readiness details; probes are kubelet traffic) from Prometheus only",
    (name) => {
      const admitted = everyone()
        .filter(([, source]) => allowed(policies, source, endpoints[name]!, allServices[name]!.internalPort))
        .map(([sourceName]) => sourceName);
      expect(admitted).toEqual(['prometheus']);
    },
  );

  it('lets every service resolve names, and no frontend open any connection but a renderer to the gateway and shell', () => {
    for (const name of serviceNames) expect(allowed(policies, endpoints[name]!, kubeDns, 53, 'UDP')).toBe(true);
    for (const name of frontendNames) {
      const renderer = rendererNames.includes(name);
      expect(allowed(policies, endpoints[name]!, kubeDns, 53, 'UDP')).toBe(renderer);
      expect(allowed(policies, endpoints[name]!, endpoints.gateway!, 8080)).toBe(renderer);
      expect(allowed(policies, endpoints[name]!, endpoints[shellName]!, httpPort(shellName))).toBe(renderer);
      expect(allowed(policies, endpoints[name]!, endpoints.articles!, allServices.articles!.grpcPort!)).toBe(false);
      expect(allowed(policies, endpoints[name]!, endpoints.identity!, allServices.identity!.httpPort)).toBe(false);
    }
  });

  it('lets each service open gRPC connections to exactly the services it calls', () => {
    for (const source of serviceNames) {
      for (const target of Object.keys(system.services)) {
        const grpcPort = allServices[target]!.grpcPort!;
        // Egress alone: a service's own policy must not let it dial services it does not call.
        const egressOnly = policies.filter((p) => p.metadata.name === `pencraft-${source}`);
        const calls = allServices[source]!.calls.includes(target);
        expect({
          source,
          target,
          admitted: allowed(egressOnly, endpoints[source]!, endpoints[target]!, grpcPort),
        }).toEqual({
          source,
          target,
          admitted: calls,
        });
      }
    }
  });

  it('keeps the migration Jobs to DNS and PostgreSQL, unreachable themselves', () => {
    const postgres = externalEndpoint('postgres', 'databases', { app: 'postgres' }, [5432]);
    expect(allowed(policies, migration, postgres, 5432)).toBe(true);
    expect(allowed(policies, migration, kubeDns, 53, 'UDP')).toBe(true);
    expect(allowed(policies, migration, endpoints.identity!, allServices.identity!.grpcPort!)).toBe(false);
    for (const [, source] of components()) expect(allowed(policies, source, migration, 8080)).toBe(false);
  });
});

describe('network policies (production values: dependencies pinned to their namespaces)', () => {
  const { policies, endpoints, migration } = world('production');
  const postgres = externalEndpoint('pencraft-pg-1', 'databases', { 'cnpg.io/cluster': 'pencraft-pg' }, [5432]);
  const otherDatabase = externalEndpoint('other-pg', 'databases', { 'cnpg.io/cluster': 'someone-else' }, [5432]);
  const redis = externalEndpoint('redis', 'redis', { 'app.kubernetes.io/name': 'redis' }, [6379]);
  const nats = externalEndpoint('nats-0', 'nats', { 'app.kubernetes.io/name': 'nats' }, [4222]);

  it('lets services with a schema (and their migrations) reach the PostgreSQL cluster, nobody else', () => {
    for (const name of componentNames) {
      const hasSchema = Boolean(system.services[name]?.schema);
      expect({ name, admitted: allowed(policies, endpoints[name]!, postgres, 5432) }).toEqual({
        name,
        admitted: hasSchema,
      });
      expect(allowed(policies, endpoints[name]!, otherDatabase, 5432)).toBe(false);
    }
    expect(allowed(policies, migration, postgres, 5432)).toBe(true);
  });

  it('lets every service reach Redis, and every service but the gateway reach NATS', () => {
    for (const name of serviceNames) {
      expect(allowed(policies, endpoints[name]!, redis, 6379)).toBe(true);
      expect({ name, nats: allowed(policies, endpoints[name]!, nats, 4222) }).toEqual({
        name,
        nats: name !== 'gateway',
      });
    }
    for (const name of frontendNames) expect(allowed(policies, endpoints[name]!, redis, 6379)).toBe(false);
  });

  it('still admits gRPC only along the calls of system.json', () => {
    for (const target of Object.keys(system.services)) {
      for (const source of componentNames) {
        const expected = callersOf(target).includes(source);
        const admitted = allowed(policies, endpoints[source]!, endpoints[target]!, allServices[target]!.grpcPort!);
        expect({ source, target, admitted }).toEqual({ source, target, admitted: expected });
      }
    }
  });
});

describe('network policies (local values: no ingress controller, the gateway proxies the frontends)', () => {
  const { policies, endpoints } = world('local');

  it('admits the gateway, and only the gateway, to the frontends', () => {
    for (const name of frontendNames) {
      const sources: [string, Endpoint][] = [
        ...componentNames.map((n): [string, Endpoint] => [n, endpoints[n]!]),
        ['ingress controller', ingressController],
        ['intruder', intruder],
      ];
      const admitted = sources
        .filter(([, s]) => allowed(policies, s, endpoints[name]!, httpPort(name)))
        .map(([n]) => n);
      expect(admitted.sort()).toEqual((name === shellName ? ['gateway', ...rendererNames] : ['gateway']).sort());
    }
  });

  it('admits nothing to the gateway from inside the cluster but the renderers (port-forward reaches it through the kubelet)', () => {
    for (const name of componentNames)
      expect(allowed(policies, endpoints[name]!, endpoints.gateway!, 8080)).toBe(rendererNames.includes(name));
    expect(allowed(policies, ingressController, endpoints.gateway!, 8080)).toBe(false);
  });

  it('keeps every policy in the release namespace', () => {
    for (const policy of policies as K8sObject[]) expect(policy.metadata.namespace).toBe('pencraft');
  });
});
