// Offline validation of rendered objects against the Kubernetes OpenAPI schemas bundled by kubernetes-models
// (and the Prometheus Operator CRD schemas of @kubernetes-models/prometheus-operator), plus the name and label
// rules the API server enforces and the schemas do not carry.
import type { K8sObject } from './helm.js';

interface Validatable {
  validate(): void;
}
type ModelClass = new (data: object) => Validatable;

async function modelFor(apiVersion: string, kind: string): Promise<ModelClass> {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  const specifier =
    group === 'monitoring.coreos.com'
      ? `@kubernetes-models/prometheus-operator/${group}/${version}/${kind}`
      : `kubernetes-models/${group ? `${group}/` : ''}${version}/${kind}`;
  let module: Record<string, ModelClass>;
  try {
    module = (await import(specifier)) as Record<string, ModelClass>;
  } catch (error) {
    throw new Error(`no schema for ${apiVersion} ${kind} (${specifier}): ${(error as Error).message}`, {
      cause: error,
    });
  }
  const model = module[kind];
  if (!model) throw new Error(`${specifier} does not export ${kind}`);
  return model;
}

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;
const LABEL_KEY =
  /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;
// Kinds whose names become DNS labels (Service names are host names; the others follow the same rule in the API).
const LABEL_NAMED = new Set(['Service', 'Namespace', 'Deployment']);

function metadataProblems(object: K8sObject): string[] {
  const problems: string[] = [];
  const { name, labels = {} } = object.metadata ?? {};
  const nameRule = LABEL_NAMED.has(object.kind) ? DNS_LABEL : DNS_SUBDOMAIN;
  const maxName = LABEL_NAMED.has(object.kind) ? 63 : 253;
  if (!name || !nameRule.test(name) || name.length > maxName) problems.push(`invalid name ${JSON.stringify(name)}`);
  for (const [key, value] of Object.entries(labels)) {
    if (!LABEL_KEY.test(key)) problems.push(`invalid label key ${key}`);
    if (typeof value !== 'string' || value.length > 63 || !LABEL_VALUE.test(value)) {
      problems.push(`invalid label value ${key}=${JSON.stringify(value)}`);
    }
  }
  return problems;
}

/** Problems of one object; an empty list means valid. */
export async function validateObject(object: K8sObject): Promise<string[]> {
  const where = `${object.kind}/${object.metadata?.name}`;
  const problems = metadataProblems(object).map((p) => `${where}: ${p}`);
  if (object.apiVersion === 'cert-manager.io/v1') return [...problems, ...certManagerProblems(object)];
  try {
    const Model = await modelFor(object.apiVersion, object.kind);
    new Model(object).validate();
  } catch (error) {
    problems.push(`${where}: ${(error as Error).message}`);
  }
  return problems;
}

export async function validateAll(objects: K8sObject[]): Promise<string[]> {
  const problems = await Promise.all(objects.map(validateObject));
  return problems.flat();
}

/**
 * cert-manager's Certificate (the gRPC identities, issue #19), checked by hand: no offline schema package of its CRDs
 * is installed. The fields the chart sets, with the types and values cert-manager's CRD admits.
 */
function certManagerProblems(object: K8sObject): string[] {
  const where = `${object.kind}/${object.metadata?.name}`;
  if (object.kind !== 'Certificate') return [`${where}: no schema for cert-manager.io/v1 ${object.kind}`];
  const spec = (object.spec ?? {}) as Record<string, unknown>;
  const problems: string[] = [];
  const known = [
    'secretName',
    'commonName',
    'dnsNames',
    'duration',
    'renewBefore',
    'privateKey',
    'usages',
    'issuerRef',
  ];
  for (const key of Object.keys(spec)) if (!known.includes(key)) problems.push(`unexpected spec.${key}`);
  if (typeof spec.secretName !== 'string' || !DNS_SUBDOMAIN.test(spec.secretName)) problems.push('spec.secretName');
  if (typeof spec.commonName !== 'string' || spec.commonName.length > 64) problems.push('spec.commonName');
  if (!Array.isArray(spec.dnsNames) || !spec.dnsNames.every((n) => typeof n === 'string' && DNS_SUBDOMAIN.test(n)))
    problems.push('spec.dnsNames');
  for (const key of ['duration', 'renewBefore'] as const) {
    if (typeof spec[key] !== 'string' || !/^([0-9]+(\.[0-9]+)?(h|m|s))+$/.test(spec[key])) problems.push(`spec.${key}`);
  }
  const usages = ['digital signature', 'key encipherment', 'server auth', 'client auth'];
  if (!Array.isArray(spec.usages) || !spec.usages.every((u) => usages.includes(u as string)))
    problems.push('spec.usages');
  const key = spec.privateKey as { algorithm?: unknown; size?: unknown; rotationPolicy?: unknown } | undefined;
  if (!key || !['RSA', 'ECDSA', 'Ed25519'].includes(key.algorithm as string) || typeof key.size !== 'number')
    problems.push('spec.privateKey');
  if (key && !['Never', 'Always', undefined].includes(key.rotationPolicy as string | undefined))
    problems.push('spec.privateKey.rotationPolicy');
  const issuer = spec.issuerRef as { name?: unknown; kind?: unknown; group?: unknown } | undefined;
  if (
    !issuer ||
    typeof issuer.name !== 'string' ||
    !issuer.name ||
    !['Issuer', 'ClusterIssuer'].includes(issuer.kind as string)
  )
    problems.push('spec.issuerRef');
  return problems.map((p) => `${where}: invalid ${p}`);
}
