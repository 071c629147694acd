// Runs the repository's pinned helm (packages/devstack/scripts/install-helm.sh puts it in .tools/bin) and parses
// what it renders. Offline: nothing here touches a cluster or the network.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const CHART = path.join(ROOT, 'charts/pencraft');
export const HELM = path.join(ROOT, '.tools/bin/helm');
export const RELEASE = 'pencraft';
export const NAMESPACE = 'pencraft';
// The Kubernetes version the offline schemas (kubernetes-models 5.x) describe; the chart is rendered for it.
export const KUBE_VERSION = '1.36.0';

/** The values sets the chart is rendered and checked with, relative to the repository root. */
export const VALUES_SETS: Record<string, string[]> = {
  default: [],
  production: ['charts/pencraft/values-production.yaml'],
  local: ['k8s/local/values.yaml'],
  tilt: ['k8s/local/values.yaml', 'tilt/values.yaml'],
};

/** A value parsed from YAML or JSON: untyped by nature; the tests assert its shape. */
export type Parsed = ReturnType<typeof JSON.parse>;

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: Parsed;
  data?: Record<string, string>;
  [key: string]: unknown;
}

export interface HelmResult {
  status: number;
  stdout: string;
  stderr: string;
}

// Helm keeps caches and config under these; point them at a scratch directory so tests leave $HOME alone.
const helmHome = mkdtempSync(path.join(tmpdir(), 'pencraft-helm-'));

/** Fails (never skips) when helm is missing, with the command that installs it. */
export function requireHelm(): void {
  if (!existsSync(HELM)) {
    throw new Error(
      `helm is missing at ${path.relative(ROOT, HELM)}. Install it with: packages/devstack/scripts/install-helm.sh`,
    );
  }
}

export function helm(args: string[]): HelmResult {
  requireHelm();
  const result = spawnSync(HELM, args, {
    cwd: ROOT,
    encoding: 'utf8',
    env: {
      ...process.env,
      HELM_CACHE_HOME: path.join(helmHome, 'cache'),
      HELM_CONFIG_HOME: path.join(helmHome, 'config'),
      HELM_DATA_HOME: path.join(helmHome, 'data'),
    },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw result.error;
  return { status: result.status ?? 1, stdout: result.stdout, stderr: result.stderr };
}

export interface TemplateOptions {
  values?: string[];
  set?: string[];
  setJson?: string[];
}

function templateArgs({ values = [], set = [], setJson = [] }: TemplateOptions, chart = CHART): string[] {
  return [
    'template',
    RELEASE,
    chart,
    '--namespace',
    NAMESPACE,
    '--kube-version',
    KUBE_VERSION,
    ...values.flatMap((file) => ['--values', path.join(ROOT, file)]),
    ...set.flatMap((value) => ['--set', value]),
    ...setJson.flatMap((value) => ['--set-json', value]),
  ];
}

/** helm template, returning the exit status and output (for tests that expect a failure). */
export function template(options: TemplateOptions = {}): HelmResult {
  return helm(templateArgs(options));
}

/**
 * helm template of a copy of the chart whose registry (files/system.json, the copy of system.json) `change` edited:
 * what a change to system.json alone does to the render.
 */
export function templateWithRegistry(change: (system: Parsed) => void, options: TemplateOptions = {}): HelmResult {
  const chart = path.join(mkdtempSync(path.join(tmpdir(), 'pencraft-chart-')), 'pencraft');
  cpSync(CHART, chart, { recursive: true });
  const system = readJson<Parsed>('system.json');
  change(system);
  writeFileSync(path.join(chart, 'files/system.json'), JSON.stringify(system, null, 2));
  return helm(templateArgs(options, chart));
}

/** templateWithRegistry that must succeed; the rendered objects. */
export function renderWithRegistry(change: (system: Parsed) => void, options: TemplateOptions = {}): K8sObject[] {
  const result = templateWithRegistry(change, options);
  if (result.status !== 0) throw new Error(`helm template failed:\n${result.stderr}`);
  return parseDocuments(result.stdout, 'helm template');
}

export function lint(values: string[] = []): HelmResult {
  return helm([
    'lint',
    CHART,
    '--strict',
    '--kube-version',
    KUBE_VERSION,
    ...values.flatMap((file) => ['--values', path.join(ROOT, file)]),
  ]);
}

export function parseDocuments(text: string, source: string): K8sObject[] {
  return parseAllDocuments(text).flatMap((doc) => {
    if (doc.errors.length > 0) throw new Error(`${source}: ${doc.errors.map((e) => e.message).join('; ')}`);
    const value = doc.toJS() as K8sObject | null;
    return value ? [value] : [];
  });
}

/** helm template that must succeed; the rendered objects. */
export function render(options: TemplateOptions = {}): K8sObject[] {
  const result = template(options);
  if (result.status !== 0) throw new Error(`helm template failed:\n${result.stderr}`);
  return parseDocuments(result.stdout, 'helm template');
}

const renderCache = new Map<string, K8sObject[]>();

/** The objects of a named values set (cached per test file). */
export function renderSet(name: string): K8sObject[] {
  const values = VALUES_SETS[name];
  if (!values) throw new Error(`unknown values set ${name}`);
  let objects = renderCache.get(name);
  if (!objects) {
    objects = render({ values });
    renderCache.set(name, objects);
  }
  return objects;
}

export function ofKind(objects: K8sObject[], kind: string): K8sObject[] {
  return objects.filter((o) => o.kind === kind);
}

export function named(objects: K8sObject[], kind: string, name: string): K8sObject {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} named ${name}`);
  return found;
}

export function readYamlFile(relativePath: string): K8sObject[] {
  return parseDocuments(readFileSync(path.join(ROOT, relativePath), 'utf8'), relativePath);
}

export function readJson<T>(relativePath: string): T {
  return JSON.parse(readFileSync(path.join(ROOT, relativePath), 'utf8')) as T;
}

export function readText(relativePath: string): string {
  return readFileSync(path.join(ROOT, relativePath), 'utf8');
}
