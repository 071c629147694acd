#!/usr/bin/env node
// pencraft local stack: node packages/devstack/src/cli.ts <command> [--profile dev|test]
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { mailApiUrl } from './env.ts';
import { infraStatus, startInfra, stopInfra } from './infra.ts';
import { staffPasswordToken } from './keycloak.ts';
import { logFile, logTail } from './proc.ts';
import { appsStatus, runMigrations, sharingProcess, startApp, startApps, stopApp, stopApps } from './processes.ts';
import { appsOf, findApp, gatewayUrl, parseProfile, stackFor, type Stack } from './registry.ts';
import { loadSeedData, mailpitCodeReader, seed } from './seed.ts';

const USAGE = `usage: node packages/devstack/src/cli.ts <command> [--profile dev|test]

  setup                   install what the site needs (apt packages, Node 24 in .tools/, npm ci, mailpit, versitygw,
                          stripe-mock, Keycloak); make test-tools adds what only make test uses
  infra up|down|status    PostgreSQL, Redis, NATS, mailpit, versitygw, stripe-mock, Keycloak of the profile
  migrate                 infra up, then every service's migrations
  up [--only a,b]         infra up, migrate, start services, gateway, frontends; wait until ready
  down                    stop the processes (apps, then infra) this tool started
  status                  every process: pid, port, ready
  seed                    demo users and articles through the public API (idempotent)
  start|stop|restart <name>
                          one service, the gateway or a frontend server
  logs [name] [-f] [-n N] the last lines of a log (all logs without a name); -f follows
  url                     the public URL of the stack (the gateway)

The dev profile uses the ports of system.json, the test profile every port + testPortOffset.`;

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows
    .map((r) =>
      r
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

async function status(stack: Stack): Promise<void> {
  const rows = [['NAME', 'KIND', 'PID', 'PORT', 'READY']];
  for (const s of await infraStatus(stack)) {
    rows.push([s.name, 'infra', s.pid === undefined ? '-' : String(s.pid), s.ports.join(','), s.ready ? 'yes' : 'no']);
  }
  for (const s of await appsStatus(stack)) {
    const ports = s.internalPort === undefined ? String(s.port) : `${s.port},${s.internalPort}`;
    rows.push([s.name, s.kind, s.pid === undefined ? '-' : String(s.pid), ports, s.ready ? 'yes' : 'no']);
  }
  say(`profile ${stack.profile}`);
  say(table(rows));
}

function exec(command: string, args: string[], cwd: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function logs(stack: Stack, name: string | undefined, follow: boolean, lines: number): Promise<void> {
  const files =
    name === undefined
      ? existsSync(stack.logDir)
        ? readdirSync(stack.logDir)
            .filter((f) => f.endsWith('.log'))
            .sort()
            .map((f) => join(stack.logDir, f))
        : []
      : [logFile(stack, name === 'postgres' || name === 'redis' || name === 'nats' ? name : findApp(stack, name).name)];
  if (files.length === 0) throw new Error(`no logs yet in ${stack.logDir}`);
  if (follow) {
    process.exitCode = await exec('tail', ['-n', String(lines), '-F', ...files], stack.root);
    return;
  }
  for (const file of files) {
    if (files.length > 1) say(`==> ${file} <==`);
    say(logTail(file, lines));
  }
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      profile: { type: 'string', short: 'p' },
      only: { type: 'string' },
      follow: { type: 'boolean', short: 'f' },
      lines: { type: 'string', short: 'n' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || command === undefined || command === 'help') {
    say(USAGE);
    return;
  }
  const stack = stackFor(parseProfile(values.profile));
  const only = values.only
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  only?.forEach((name) => findApp(stack, name));

  switch (command) {
    case 'setup':
      process.exitCode = await exec('bash', [join(stack.root, 'packages/devstack/scripts/setup.sh')], stack.root);
      return;
    case 'infra': {
      const action = rest[0];
      if (action === 'up') await startInfra(stack, say);
      else if (action === 'down') await stopInfra(stack, say);
      else if (action === 'status') {
        const rows = [['NAME', 'PID', 'PORTS', 'READY']];
        for (const s of await infraStatus(stack)) {
          rows.push([s.name, s.pid === undefined ? '-' : String(s.pid), s.ports.join(','), s.ready ? 'yes' : 'no']);
        }
        say(`profile ${stack.profile}`);
        say(table(rows));
      } else throw new Error('usage: infra up|down|status');
      return;
    }
    case 'migrate':
      await startInfra(stack, say);
      await runMigrations(stack.profile, undefined, { stack, report: say, only });
      return;
    case 'up': {
      const started = Date.now();
      await startInfra(stack, say);
      await runMigrations(stack.profile, undefined, { stack, report: say, only });
      await startApps(stack, only, say);
      const took = `${((Date.now() - started) / 1000).toFixed(1)} s`;
      say(only === undefined ? `Pencraft is up at ${gatewayUrl(stack)} (${took})` : `up: ${only.join(', ')} (${took})`);
      return;
    }
    case 'down':
      await stopApps(stack, say);
      await stopInfra(stack, say);
      return;
    case 'status':
      await status(stack);
      return;
    case 'url':
      say(gatewayUrl(stack));
      return;
    case 'seed': {
      const result = await seed(
        `http://127.0.0.1:${stack.gateway.httpPort}`,
        loadSeedData(),
        say,
        fetch,
        mailpitCodeReader(mailApiUrl(stack)),
        // The demo moderator approves the seed's articles through the moderation queue (Keycloak password grant).
        () => staffPasswordToken(stack),
      );
      say(
        `seeded: ${result.usersCreated} users registered, ${result.usersSkipped} skipped (cannot sign in), ` +
          `${result.articlesCreated} articles submitted, ${result.articlesApproved} approved by the demo moderator, ` +
          `${result.articlesSkipped} already there, ${result.publicationsCreated} publication(s) and ` +
          `${result.plansCreated} plan(s) created`,
      );
      return;
    }
    case 'start':
    case 'stop':
    case 'restart': {
      const name = rest[0];
      if (name === undefined)
        throw new Error(
          `usage: ${command} <${appsOf(stack)
            .map((a) => a.name)
            .join('|')}>`,
        );
      findApp(stack, name);
      // Static frontends share a process (the gateway's, or one of their own): restarting one restarts them together.
      const together = command === 'restart' ? sharingProcess(stack, name) : [name];
      if (command !== 'start')
        say(`${name}: ${(await stopApp(name, stack.profile, { stack })) ? 'stopped' : 'was not running'}`);
      if (command === 'restart' && together.length > 1) {
        await startApps(stack, together, say);
      } else if (command !== 'stop') {
        const handle = await startApp(name, stack.profile, {}, { stack });
        await handle.waitReady();
        say(`${name}: up (pid ${handle.pid})`);
      }
      return;
    }
    case 'logs':
      await logs(stack, rest[0], values.follow ?? false, Number(values.lines ?? (rest[0] === undefined ? 20 : 100)));
      return;
    default:
      throw new Error(`unknown command "${command}"\n\n${USAGE}`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
