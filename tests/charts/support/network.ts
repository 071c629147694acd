// A small NetworkPolicy evaluator (networking.k8s.io/v1 semantics) to ask "may pod A open a connection to port P
// of pod B?" of the rendered policies: B's ingress policies and A's egress policies must both admit it.
import { NAMESPACE, type K8sObject, type Parsed } from './helm.js';
import { podTemplates } from './pods.js';

export interface Endpoint {
  name: string;
  namespace: string;
  namespaceLabels: Record<string, string>;
  labels: Record<string, string>;
  /** Container ports, to resolve named ports. */
  ports: { name?: string; containerPort: number }[];
}

interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist'; values?: string[] }[];
}

export function selectorMatches(selector: LabelSelector | undefined, labels: Record<string, string>): boolean {
  if (!selector) return true;
  for (const [key, value] of Object.entries(selector.matchLabels ?? {})) if (labels[key] !== value) return false;
  for (const { key, operator, values = [] } of selector.matchExpressions ?? []) {
    const has = key in labels;
    if (operator === 'In' && !(has && values.includes(labels[key]!))) return false;
    if (operator === 'NotIn' && has && values.includes(labels[key]!)) return false;
    if (operator === 'Exists' && !has) return false;
    if (operator === 'DoesNotExist' && has) return false;
  }
  return true;
}

interface Peer {
  ipBlock?: unknown;
  namespaceSelector?: LabelSelector;
  podSelector?: LabelSelector;
}

interface PolicyPort {
  protocol?: string;
  port?: number | string;
  endPort?: number;
}

interface Rule {
  from?: Peer[];
  to?: Peer[];
  ports?: PolicyPort[];
}

function peerMatches(peer: Peer, endpoint: Endpoint, policyNamespace: string): boolean {
  if (peer.ipBlock) return false; // pod traffic is never matched by the CIDRs the chart may use for external services
  if (peer.namespaceSelector) {
    if (!selectorMatches(peer.namespaceSelector, endpoint.namespaceLabels)) return false;
  } else if (endpoint.namespace !== policyNamespace) {
    return false;
  }
  return selectorMatches(peer.podSelector, endpoint.labels);
}

function portMatches(rulePorts: PolicyPort[] | undefined, port: number, protocol: string, target: Endpoint): boolean {
  if (!rulePorts || rulePorts.length === 0) return true;
  return rulePorts.some((rule) => {
    if ((rule.protocol ?? 'TCP') !== protocol) return false;
    if (rule.port === undefined) return true;
    const number =
      typeof rule.port === 'number' ? rule.port : target.ports.find((p) => p.name === rule.port)?.containerPort;
    if (number === undefined) return false;
    return rule.endPort ? port >= number && port <= rule.endPort : port === number;
  });
}

function policyTypes(policy: K8sObject): string[] {
  return policy.spec.policyTypes ?? (policy.spec.egress ? ['Ingress', 'Egress'] : ['Ingress']);
}

function selecting(policies: K8sObject[], endpoint: Endpoint, direction: 'Ingress' | 'Egress'): K8sObject[] {
  return policies.filter(
    (p) =>
      (p.metadata.namespace ?? NAMESPACE) === endpoint.namespace &&
      policyTypes(p).includes(direction) &&
      selectorMatches(p.spec.podSelector, endpoint.labels),
  );
}

function admits(
  rules: Rule[] | undefined,
  peerKey: 'from' | 'to',
  other: Endpoint,
  port: number,
  protocol: string,
  target: Endpoint,
  ns: string,
) {
  return (rules ?? []).some((rule) => {
    const peers = rule[peerKey];
    const peerOk = !peers || peers.length === 0 || peers.some((peer) => peerMatches(peer, other, ns));
    return peerOk && portMatches(rule.ports, port, protocol, target);
  });
}

/** Whether `source` may connect to `port` of `target` under `policies`. */
export function allowed(
  policies: K8sObject[],
  source: Endpoint,
  target: Endpoint,
  port: number,
  protocol = 'TCP',
): boolean {
  const ingress = selecting(policies, target, 'Ingress');
  const ingressOk =
    ingress.length === 0 ||
    ingress.some((p) => admits(p.spec.ingress, 'from', source, port, protocol, target, target.namespace));
  const egress = selecting(policies, source, 'Egress');
  const egressOk =
    egress.length === 0 ||
    egress.some((p) => admits(p.spec.egress, 'to', target, port, protocol, target, source.namespace));
  return ingressOk && egressOk;
}

/** Endpoints of the rendered workloads (one per Deployment or Job pod template), keyed by component name. */
export function workloadEndpoints(objects: K8sObject[]): Record<string, Endpoint> {
  const endpoints: Record<string, Endpoint> = {};
  for (const { owner, labels, spec } of podTemplates(objects)) {
    const key = owner.kind === 'Job' ? `job:${owner.metadata.name}` : labels['app.kubernetes.io/component']!;
    endpoints[key] = {
      name: owner.metadata.name,
      namespace: owner.metadata.namespace ?? NAMESPACE,
      namespaceLabels: { 'kubernetes.io/metadata.name': owner.metadata.namespace ?? NAMESPACE },
      labels,
      ports: spec.containers.flatMap((c: Parsed) => c.ports ?? []),
    };
  }
  return endpoints;
}

export function externalEndpoint(
  name: string,
  namespace: string,
  labels: Record<string, string>,
  ports: number[] = [],
): Endpoint {
  return {
    name,
    namespace,
    namespaceLabels: { 'kubernetes.io/metadata.name': namespace },
    labels,
    ports: ports.map((containerPort) => ({ containerPort })),
  };
}
