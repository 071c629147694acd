// Pod templates of rendered workloads, and the Pod Security Standards "restricted" profile checked offline.
import type { K8sObject, Parsed } from './helm.js';

export interface PodTemplate {
  owner: K8sObject;
  labels: Record<string, string>;
  spec: Parsed;
}

const WORKLOAD_KINDS = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'Job']);

export function podTemplates(objects: K8sObject[]): PodTemplate[] {
  return objects
    .filter((o) => WORKLOAD_KINDS.has(o.kind))
    .map((owner) => ({ owner, labels: owner.spec.template.metadata?.labels ?? {}, spec: owner.spec.template.spec }));
}

export function containersOf(spec: Parsed): Parsed[] {
  return [...(spec.initContainers ?? []), ...(spec.containers ?? [])];
}

const RESTRICTED_VOLUMES = new Set([
  'configMap',
  'csi',
  'downwardAPI',
  'emptyDir',
  'ephemeral',
  'persistentVolumeClaim',
  'projected',
  'secret',
]);

/** Violations of the Pod Security Standards "restricted" profile (what admission in k8s/namespaces.yaml enforces). */
export function restrictedViolations(spec: Parsed): string[] {
  const problems: string[] = [];
  const pod = spec.securityContext ?? {};
  if (spec.hostNetwork || spec.hostPID || spec.hostIPC) problems.push('host namespaces');
  for (const volume of spec.volumes ?? []) {
    const type = Object.keys(volume).find((key) => key !== 'name');
    if (!type || !RESTRICTED_VOLUMES.has(type)) problems.push(`volume ${volume.name} of type ${type}`);
  }
  for (const c of containersOf(spec)) {
    const sc = c.securityContext ?? {};
    const where = `container ${c.name}`;
    if (sc.privileged) problems.push(`${where}: privileged`);
    if (sc.allowPrivilegeEscalation !== false) problems.push(`${where}: allowPrivilegeEscalation is not false`);
    if (!(sc.runAsNonRoot ?? pod.runAsNonRoot)) problems.push(`${where}: runAsNonRoot is not true`);
    if ((sc.runAsUser ?? pod.runAsUser) === 0) problems.push(`${where}: runs as uid 0`);
    const seccomp = (sc.seccompProfile ?? pod.seccompProfile)?.type;
    if (seccomp !== 'RuntimeDefault' && seccomp !== 'Localhost') problems.push(`${where}: seccompProfile ${seccomp}`);
    if (!(sc.capabilities?.drop ?? []).includes('ALL')) problems.push(`${where}: capabilities not dropping ALL`);
    const added = (sc.capabilities?.add ?? []).filter((cap: string) => cap !== 'NET_BIND_SERVICE');
    if (added.length > 0) problems.push(`${where}: adds capabilities ${added.join(',')}`);
    for (const port of c.ports ?? []) if (port.hostPort) problems.push(`${where}: hostPort ${port.hostPort}`);
  }
  return problems;
}
