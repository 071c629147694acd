// Static checks of the Dockerfiles (no Docker daemon here): multi-stage on a Node 24 base, production dependencies
// only, a non-root numeric user, no HEALTHCHECK (Kubernetes probes do that), and the ports of system.json.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT, readText } from './support/helm.js';
import { allServices, frontendNames, serviceNames, system } from './support/system.js';

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

const images = [
  ...serviceNames.map((name) => ({ kind: 'service', name, file: `services/${name}/Dockerfile` })),
  ...frontendNames.map((name) => ({ kind: 'frontend', name, file: `frontends/${name}/Dockerfile` })),
];

describe.each(images)('$file', ({ kind, name, file }) => {
  it('exists', () => {
    expect(existsSync(path.join(ROOT, file))).toBe(true);
  });

  const { all, stages, final } = parse(file);
  const stageNames = stages.map((s) => s.name);
  const run = (stage: Stage) =>
    stage.instructions
      .filter((i) => i.keyword === 'RUN')
      .map((i) => i.args)
      .join('\n');

  it('is multi-stage, every stage on Node 24 or an earlier stage', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    stages.forEach((stage, index) => {
      const earlier = stageNames.slice(0, index);
      expect({ stage: stage.name, base: NODE_24.test(stage.base) || earlier.includes(stage.base) }).toEqual({
        stage: stage.name,
        base: true,
      });
    });
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
    it('installs production dependencies of this one workspace and builds the shared packages first', () => {
      const text = stages.map(run).join('\n');
      expect(text).toMatch(
        new RegExp(`npm ci --omit=dev[^\\n]*--workspace services/${name} --include-workspace-root=false`),
      );
      const buildOrder = [...text.matchAll(/npm run build -w @pencraft\/(\w+)/g)].map((m) => m[1]);
      expect(buildOrder).toEqual(['errors', 'contracts', 'kit', name]);
    });

    it('boots dist/main.js from the service folder, where the migration Job finds dist/migrate.js', () => {
      const workdirs = final.instructions.filter((i) => i.keyword === 'WORKDIR').map((i) => i.args);
      expect(workdirs.at(-1)).toBe(`/app/services/${name}`);
      expect(final.instructions.find((i) => i.keyword === 'CMD')!.args).toBe('["node", "dist/main.js"]');
    });

    it('exposes the ports of system.json', () => {
      const svc = allServices[name]!;
      const expose = final.instructions
        .find((i) => i.keyword === 'EXPOSE')!
        .args.split(/\s+/)
        .map(Number);
      expect(expose).toEqual(svc.grpcPort === undefined ? [svc.httpPort] : [svc.httpPort, svc.grpcPort]);
    });
  } else {
    it('serves its rspack bundle with the static server on the port of system.json', () => {
      const frontend = system.frontends[name]!;
      const env = final.instructions
        .filter((i) => i.keyword === 'ENV')
        .map((i) => i.args)
        .join(' ');
      expect(env).toContain(`PORT=${frontend.port}`);
      expect(env).toContain(`ROOT=/app/frontends/${name}/dist`);
      expect(env).toContain(`SPA_FALLBACK=${frontend.path === '/'}`);
      expect(env).toContain(`BASE_PATH=${frontend.path}`);
      expect(final.instructions.find((i) => i.keyword === 'EXPOSE')!.args).toBe(String(frontend.port));
      expect(final.instructions.find((i) => i.keyword === 'CMD')!.args).toBe(
        '["node", "packages/static-server/src/server.ts"]',
      );
      expect(stages.map(run).join('\n')).toContain(`npm run build -w @pencraft/${name}`);
    });
  }
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
