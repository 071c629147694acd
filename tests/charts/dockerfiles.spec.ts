// Static checks of the Dockerfiles (no Docker daemon here): one per kind (services/Dockerfile with ARG SERVICE,
// frontends/Dockerfile with ARG FRONTEND), multi-stage on a Node 24 base, production dependencies only, a non-root
// numeric user, no HEALTHCHECK (Kubernetes probes do that), nothing specific to one component.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, readText } from './support/helm.js';
import { allServices, frontendNames, serviceNames } from './support/system.js';

interface Instruction {
  keyword: string;
  args: string;
}

interface Stage {
  base: string;
  name?: string;
  instructions: Instruction[];
}

/** Instructions of a Dockerfile, continuation lines joined, comments dropped. */
function instructions(text: string): Instruction[] {
  const joined = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ');
  return joined
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [keyword, ...rest] = line.split(/\s+/);
      return { keyword: keyword!.toUpperCase(), args: rest.join(' ') };
    });
}

function parse(file: string) {
  const all = instructions(readText(file));
  const globalArgs: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const instruction of all) {
    if (instruction.keyword === 'FROM') {
      const [image, as, name] = instruction.args.split(/\s+/);
      const base = image!.replace(/\$\{?(\w+)\}?/g, (_m, arg: string) => globalArgs[arg] ?? `$${arg}`);
      stages.push({ base, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] });
    } else if (stages.length === 0 && instruction.keyword === 'ARG') {
      const [key, value] = instruction.args.split('=');
      globalArgs[key!] = value ?? '';
    } else if (stages.length > 0) {
      stages.at(-1)!.instructions.push(instruction);
    }
  }
  return { all, stages, final: stages.at(-1)! };
}

const NODE_24 = /^node:24(-slim|-alpine|-bookworm-slim|-trixie-slim)?(@sha256:[a-f0-9]{64})?$/;

/** One Dockerfile per kind; the build argument picks the component. */
const kinds = [
  { kind: 'service', file: 'services/Dockerfile', arg: 'SERVICE' },
  { kind: 'frontend', file: 'frontends/Dockerfile', arg: 'FRONTEND' },
];

const workspaceDeps = (...args: string[]) =>
  execFileSync(process.execPath, ['packages/devstack/scripts/workspace-deps.mjs', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .trim()
    .split('\n');

describe('one Dockerfile per kind', () => {
  it('replaces the per-component Dockerfiles', () => {
    const leftovers = [
      ...serviceNames.map((name) => `services/${name}/Dockerfile`),
      ...frontendNames.map((name) => `frontends/${name}/Dockerfile`),
    ].filter((file) => existsSync(path.join(ROOT, file)));
    expect(leftovers).toEqual([]);
  });
});

describe.each(kinds)('$file', ({ kind, file, arg }) => {
  const { all, stages, final } = parse(file);
  const stageNames = stages.map((s) => s.name);
  const run = (stage: Stage) =>
    stage.instructions
      .filter((i) => i.keyword === 'RUN')
      .map((i) => i.args)
      .join('\n');
  const argsOf = (stage: Stage) => stage.instructions.filter((i) => i.keyword === 'ARG').map((i) => i.args);

  it(`is multi-stage, every stage on Node 24 or an earlier stage`, () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    stages.forEach((stage, index) => {
      const earlier = stageNames.slice(0, index);
      expect({ stage: stage.name, base: NODE_24.test(stage.base) || earlier.includes(stage.base) }).toEqual({
        stage: stage.name,
        base: true,
      });
    });
  });

  it(`takes the component from ARG ${arg} in every stage that uses it, and refuses to build without it`, () => {
    for (const stage of stages) {
      const text = stage.instructions.map((i) => i.args).join('\n');
      if (text.includes(`\${${arg}}`) || text.includes(`$${arg}`)) {
        expect({ stage: stage.name, args: argsOf(stage) }).toEqual({ stage: stage.name, args: [arg] });
      }
    }
    expect(stages.map(run).join('\n')).toMatch(new RegExp(`test -n "\\$\\{${arg}\\}"[^\\n]*\\|\\| \\{ echo`));
  });

  it('names no component: nothing in it is specific to one service or frontend', () => {
    const text = all.map((i) => i.args).join('\n');
    for (const name of [...serviceNames, ...frontendNames]) {
      expect(text).not.toMatch(new RegExp(`(services|frontends)/${name}\\b|@pencraft/${name}\\b|=${name}\\b`));
    }
    for (const port of Object.values(allServices).flatMap((s) => [s.httpPort, s.grpcPort, s.internalPort])) {
      if (port !== undefined) expect(text).not.toContain(String(port));
    }
  });

  it('builds the component after the workspaces it links, in the order their manifests give', () => {
    expect(stages.map(run).join('\n')).toMatch(
      new RegExp(
        `for workspace in \\$\\(node packages/devstack/scripts/workspace-deps.mjs "${kind}s/\\$\\{${arg}\\}"\\)[^;]*; do npm run build --if-present -w "\\$\\{workspace\\}"`,
      ),
    );
  });

  it('runs as a non-root numeric user in the final stage', () => {
    const users = final.instructions.filter((i) => i.keyword === 'USER').map((i) => i.args);
    expect(users).toEqual(['10001:10001']);
  });

  it('has no HEALTHCHECK, ADD or latest tag', () => {
    const keywords = all.map((i) => i.keyword);
    expect(keywords).not.toContain('HEALTHCHECK');
    expect(keywords).not.toContain('ADD');
    for (const stage of stages) expect(stage.base).not.toMatch(/:latest$/);
  });

  it('installs nothing in the final stage and ships no npm', () => {
    expect(run(final)).not.toMatch(/npm (ci|install|i)\b/);
    expect(run(final)).toMatch(/rm -rf [^\n]*\/usr\/local\/lib\/node_modules\/npm/);
  });

  it('starts node in exec form, with no shell in between', () => {
    const cmd = final.instructions.filter((i) => i.keyword === 'CMD').map((i) => JSON.parse(i.args) as string[]);
    expect(cmd).toHaveLength(1);
    expect(cmd[0]![0]).toBe('node');
  });

  if (kind === 'service') {
    it('installs production dependencies of the one workspace, and ships the runtime workspaces without sources', () => {
      const text = stages.map(run).join('\n');
      expect(text).toMatch(
        /npm ci --omit=dev[^\n]*--workspace "services\/\$\{SERVICE\}" --include-workspace-root=false/,
      );
      expect(text).toMatch(/--exclude=src[^\n]* \$\(node packages\/devstack\/scripts\/workspace-deps.mjs --runtime/);
    });

    it('boots dist/main.js with the instrumentation preload, from the folder where the Job finds dist/migrate.js', () => {
      const workdirs = final.instructions.filter((i) => i.keyword === 'WORKDIR').map((i) => i.args);
      expect(workdirs.at(-1)).toBe('/app/services/${SERVICE}');
      expect(final.instructions.find((i) => i.keyword === 'CMD')!.args).toBe(
        '["node", "--import", "@pencraft/kit/instrument", "dist/main.js"]',
      );
    });

    it.each(serviceNames)('builds %s after the shared packages it links', (name) => {
      const order = workspaceDeps(`services/${name}`);
      expect(order.at(-1)).toBe(`services/${name}`);
      const index = (dir: string) => order.indexOf(dir);
      const pairs: [string, string][] = [
        ['packages/errors', 'packages/kit'],
        ['packages/contracts', 'packages/kit'],
        ['packages/kit', `services/${name}`],
      ];
      for (const [before, after] of pairs) {
        expect({ before, after, ordered: index(before) >= 0 && index(before) < index(after) }).toEqual({
          before,
          after,
          ordered: true,
        });
      }
      expect(workspaceDeps('--runtime', `services/${name}`).filter((dir) => dir.startsWith('frontends/'))).toEqual([]);
    });

    it.each(serviceNames)(
      '%s declares every workspace its code imports at run time, and each resolves to built JavaScript',
      (name) => {
        // The image ships the runtime workspaces' dist/ without src/ (above): a workspace imported but not declared
        // is not shipped, and an export that resolves to TypeScript is not there (and under Node, loads its type
        // stripper, about 15 MiB, into the process).
        const declared = Object.keys(readJson(`services/${name}/package.json`).dependencies ?? {});
        // Node's own resolver, from the service, as the image's process resolves (a `types` condition is not Node's;
        // it finds the built file, so this runs after the build, as make test does).
        const resolve = createRequire(path.join(ROOT, 'services', name, 'package.json')).resolve;
        const problems = runtimeImports(`services/${name}/src`).flatMap(({ file, specifier }) => {
          const pkg = /^@pencraft\/[^/]+/.exec(specifier)![0];
          let target: string;
          try {
            target = resolve(specifier);
          } catch {
            target = 'nothing';
          }
          return [
            ...(declared.includes(pkg) ? [] : [`${file}: ${pkg} is not among the dependencies`]),
            ...(/\/dist\/.*\.js$/.test(target) ? [] : [`${file}: ${specifier} resolves to ${target}`]),
          ];
        });
        expect(problems).toEqual([]);
      },
    );
  } else {
    it('serves the chosen bundle with the static server (port, base path and SPA fallback come from the chart)', () => {
      const env = final.instructions
        .filter((i) => i.keyword === 'ENV')
        .map((i) => i.args)
        .join(' ');
      expect(env).toContain('ROOT=/app/frontends/${FRONTEND}/dist');
      expect(final.instructions.find((i) => i.keyword === 'CMD')!.args).toBe(
        '["node", "packages/static-server/dist/server.js"]',
      );
      expect(run(stages.find((s) => s.name === 'build')!)).toContain('"frontends/${FRONTEND}/dist"');
      expect(run(stages.find((s) => s.name === 'build')!)).toContain('packages/static-server/dist');
    });

    it('ships beside a renderer’s bundle every package the bundle leaves out (koffi, with its native binary)', async () => {
      const { rendererConfig } = (await import(
        pathToFileURL(path.join(ROOT, 'packages/frontend-build/rspack.mjs')).href
      )) as {
        rendererConfig: (o: { dir: string; entry: string }) => (
          e: unknown,
          a: { mode: string },
        ) => {
          externals?: Record<string, string>;
        };
      };
      const externals = Object.keys(
        rendererConfig({ dir: ROOT, entry: './x.ts' })({}, { mode: 'production' }).externals ?? {},
      );
      expect(externals).toEqual(['koffi']);
      const build = run(stages.find((s) => s.name === 'build')!);
      for (const name of externals) expect(build).toContain(`cp -r node_modules/${name} /out/node_modules/`);
      // koffi finds its binary in the package of the platform, beside it.
      expect(build).toContain('cp -r node_modules/@koromix/koffi-linux-* /out/node_modules/@koromix/');
    });

    it.each(frontendNames)('builds %s after the workspaces it builds from', (name) => {
      expect(workspaceDeps(`frontends/${name}`).at(-1)).toBe(`frontends/${name}`);
    });
  }
});

describe('the chart and Tilt use them', () => {
  it('Tilt builds the production images from the one Dockerfile per kind with the build argument', () => {
    const tilt = readText('tilt/pencraft.tiltfile');
    expect(tilt).toContain("dockerfile=path('services', 'Dockerfile'), build_args={'SERVICE': name}");
    expect(tilt).toContain("dockerfile=path('frontends', 'Dockerfile'), build_args={'FRONTEND': name}");
  });
});

describe('Tilt dev images', () => {
  it.each(['tilt/service.Dockerfile', 'tilt/frontend.Dockerfile'])(
    '%s runs non-root on Node 24 without HEALTHCHECK',
    (file) => {
      const { all, final, stages } = parse(file);
      expect(all.map((i) => i.keyword)).not.toContain('HEALTHCHECK');
      expect(final.instructions.filter((i) => i.keyword === 'USER').map((i) => i.args)).toEqual(['10001:10001']);
      for (const stage of stages)
        expect(NODE_24.test(stage.base) || stages.some((s) => s.name === stage.base)).toBe(true);
      expect(existsSync(path.join(ROOT, `${file}.dockerignore`))).toBe(true);
    },
  );

  it('starts services with the instrumentation preload, as the production image does', () => {
    const cmd = JSON.parse(parse('tilt/service.Dockerfile').final.instructions.find((i) => i.keyword === 'CMD')!.args);
    expect(cmd.slice(-3)).toEqual(['--import', '@pencraft/kit/instrument', 'dist/main.js']);
  });
});

describe('.dockerignore', () => {
  const patterns = readText('.dockerignore')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));

  it('keeps dependencies, build output, secrets and git out of every build context', () => {
    expect(patterns).toEqual(
      expect.arrayContaining(['**/node_modules', '**/dist', '.git', '.env', '.env.*', '.tools']),
    );
  });
});

function readJson(file: string): { dependencies?: Record<string, string> } {
  return JSON.parse(readText(file)) as { dependencies?: Record<string, string> };
}

/** The value imports (not `import type`) of @pencraft workspaces in a folder's non-test TypeScript. */
function runtimeImports(dir: string): { file: string; specifier: string }[] {
  const found: { file: string; specifier: string }[] = [];
  for (const entry of readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.spec.ts')) continue;
    const file = path.relative(ROOT, path.join(entry.parentPath, entry.name));
    const text = readText(file);
    for (const match of text.matchAll(/^(?:import|export)(?!\s+type\b)[^;]*?from\s+'(@pencraft\/[^']+)'/gms)) {
      found.push({ file, specifier: match[1]! });
    }
  }
  return found;
}
