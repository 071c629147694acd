// The allow-list of gRPC callers (issue #19) against the protos and the registry: every method of every service is
// declared (a new method cannot be forgotten: it would be refused to everyone), nothing else is, and every caller is an
// identity of system.json that lists the callee in its `calls`.
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACTOR_FIELDS, ANY_CALLER, GRPC_ACCESS } from './grpc-access.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const system = JSON.parse(readFileSync(join(root, 'system.json'), 'utf8')) as {
  gateway: { calls: string[] };
  services: Record<string, { calls?: string[] }>;
};
const calls: Record<string, string[]> = {
  gateway: system.gateway.calls,
  ...Object.fromEntries(Object.entries(system.services).map(([name, s]) => [name, s.calls ?? []])),
};

/** Every .proto file under dir. */
function protoFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? protoFiles(join(dir, entry.name))
      : entry.name.endsWith('.proto')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** Every method whose request names its user: actor_uid, or an actor that is an Author/Actor (with a uid). */
function actorMethods(): Record<string, Record<string, string>> {
  const found: Record<string, Record<string, string>> = {};
  for (const file of protoFiles(join(root, 'proto'))) {
    const text = readFileSync(file, 'utf8');
    const pkg = /^package\s+([\w.]+);/m.exec(text)?.[1];
    const messages = Object.fromEntries(
      [...text.matchAll(/^message\s+(\w+)\s*\{([\s\S]*?)^\}/gm)].map((m) => [m[1]!, m[2]!]),
    );
    for (const service of text.matchAll(/^service\s+(\w+)\s*\{([\s\S]*?)^\}/gm)) {
      for (const rpc of service[2]!.matchAll(/rpc\s+(\w+)\s*\(\s*(\w+)\s*\)/g)) {
        const body = messages[rpc[2]!] ?? '';
        const field = /^\s*string\s+actor_uid\s*=/m.test(body)
          ? 'actorUid'
          : /^\s*(Author|Actor)\s+actor\s*=/m.test(body)
            ? 'actor.uid'
            : undefined;
        if (field) (found[`${pkg}.${service[1]}`] ??= {})[rpc[1]!] = field;
      }
    }
  }
  return found;
}

/** Every service of proto/ (and the health service the kit serves) as "package.Service" → its methods. */
function protoServices(): Record<string, string[]> {
  const services: Record<string, string[]> = {};
  for (const file of protoFiles(join(root, 'proto'))) {
    const text = readFileSync(file, 'utf8');
    const pkg = /^package\s+([\w.]+);/m.exec(text)?.[1];
    for (const match of text.matchAll(/^service\s+(\w+)\s*\{([\s\S]*?)^\}/gm)) {
      services[`${pkg}.${match[1]}`] = [...match[2]!.matchAll(/^\s*rpc\s+(\w+)\s*\(/gm)].map((m) => m[1]!);
    }
  }
  return services;
}

describe('GRPC_ACCESS', () => {
  const protos = protoServices();

  it('declares every method of every proto service, and nothing else', () => {
    expect(Object.keys(protos).length).toBeGreaterThan(10);
    const declared = Object.fromEntries(Object.entries(GRPC_ACCESS).map(([s, methods]) => [s, Object.keys(methods)]));
    expect(Object.keys(declared).sort()).toEqual(Object.keys(protos).sort());
    for (const [service, methods] of Object.entries(protos)) expect(declared[service]!.sort()).toEqual(methods.sort());
  });

  it('names as callers only identities that call the service in system.json', () => {
    for (const [service, methods] of Object.entries(GRPC_ACCESS)) {
      const owner = service.split('.')[0]!;
      for (const [method, callers] of Object.entries(methods)) {
        for (const caller of callers) {
          if (caller === ANY_CALLER) {
            expect(`${service}/${method}`).toBe('grpc.health.v1.Health/Check');
            continue;
          }
          expect({ method: `${service}/${method}`, caller, calls: calls[caller]?.includes(owner) }).toEqual({
            method: `${service}/${method}`,
            caller,
            calls: true,
          });
        }
      }
    }
  });

  it('keeps the decisions of moderation to moderation, and the user-facing methods to the gateway', () => {
    expect(GRPC_ACCESS['articles.v1.ArticlesService']!.DecideReview).toEqual(['moderation']);
    expect(GRPC_ACCESS['comments.v1.CommentsService']!.DecideComment).toEqual(['moderation']);
    expect(GRPC_ACCESS['identity.v1.TrustService']!.IssueBan).toEqual(['moderation']);
    expect(GRPC_ACCESS['articles.v1.DraftsService']!.UpdateDraft).toEqual(['gateway']);
  });

  it('declares the actor field of every method that names the user it acts for', () => {
    expect(ACTOR_FIELDS).toEqual(actorMethods());
    for (const [service, methods] of Object.entries(ACTOR_FIELDS)) {
      for (const method of Object.keys(methods)) expect(GRPC_ACCESS[service]?.[method]).toBeDefined();
    }
  });
});
