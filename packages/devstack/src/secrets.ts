// Dev-only secrets, generated once per profile into .data/<profile>/secrets.json (never committed: .data/ is ignored).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Stack } from './registry.ts';

export interface Secrets {
  csrfSecret: string;
}

export function secretsFile(stack: Stack): string {
  return join(stack.dataDir, 'secrets.json');
}

export function loadSecrets(stack: Stack): Secrets {
  const file = secretsFile(stack);
  if (existsSync(file)) {
    const secrets = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
    if (typeof secrets.csrfSecret === 'string' && secrets.csrfSecret.length >= 32)
      return { csrfSecret: secrets.csrfSecret };
  }
  const secrets: Secrets = { csrfSecret: randomBytes(32).toString('hex') };
  mkdirSync(stack.dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  return secrets;
}
