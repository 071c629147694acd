// The processes' memory settings in the chart are the dev stack's (issue #19, memory): V8's limits and glibc malloc's
// variables (packages/devstack/src/processes.ts: nodeOptionsOf, mallocEnvOf) on every Deployment of every values set,
// so what make bench measures is what a cluster runs.
import { mallocEnvOf, nodeOptionsOf } from '../../packages/devstack/src/processes.ts';
import { appsOf, stackFor } from '../../packages/devstack/src/registry.ts';
import { named, renderSet, VALUES_SETS, type Parsed } from './support/helm.js';

const MALLOC_VARIABLES = ['MALLOC_ARENA_MAX', 'MALLOC_MMAP_THRESHOLD_', 'MALLOC_TRIM_THRESHOLD_', 'MALLOC_TOP_PAD_'];
const stack = stackFor('dev');
const apps = appsOf(stack);

/** A variable of a Deployment's container. */
function envValue(set: string, name: string, variable: string): string | undefined {
  const env = named(renderSet(set), 'Deployment', `pencraft-${name}`).spec.template.spec.containers[0].env as Parsed[];
  return env.find((entry) => entry.name === variable)?.value as string | undefined;
}

/** The malloc variables of a Deployment's container, by name. */
function mallocEnv(set: string, name: string): Record<string, string> {
  const env = named(renderSet(set), 'Deployment', `pencraft-${name}`).spec.template.spec.containers[0].env as Parsed[];
  return Object.fromEntries(
    env
      .filter((variable) => MALLOC_VARIABLES.includes(variable.name))
      .map((variable) => [variable.name, variable.value]),
  );
}

describe('process memory settings in the chart', () => {
  it('the dev stack bounds the malloc arenas of every process and fixes identity’s mmap threshold', () => {
    for (const app of apps) expect(mallocEnvOf(app).MALLOC_ARENA_MAX).toBe('2');
    expect(mallocEnvOf(apps.find((app) => app.name === 'identity')!)).toEqual({
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '131072',
    });
    expect(mallocEnvOf(apps.find((app) => app.name === 'gateway')!)).toEqual({ MALLOC_ARENA_MAX: '2' });
  });

  it.each(Object.keys(VALUES_SETS))('every Deployment of the %s values gets the dev stack’s V8 limits', (set) => {
    for (const app of apps) {
      expect([app.name, envValue(set, app.name, 'NODE_OPTIONS')]).toEqual([app.name, nodeOptionsOf(stack, app)]);
    }
  });

  it.each(Object.keys(VALUES_SETS))(
    'every Deployment of the %s values gets the dev stack’s malloc variables',
    (set) => {
      for (const app of apps) expect([app.name, mallocEnv(set, app.name)]).toEqual([app.name, mallocEnvOf(app)]);
    },
  );
});
