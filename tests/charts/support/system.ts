// system.json, the one registry of the system, as the tests read it.
import { readJson } from './helm.js';

export interface SystemService {
  httpPort: number;
  internalPort: number;
  grpcPort: number;
  schema?: string;
  stream?: string;
  calls: string[];
  /** Infrastructure beyond PostgreSQL, Redis and NATS: "mail", "objectStore". */
  uses?: string[];
}

export interface SystemJson {
  gateway: { httpPort: number; internalPort: number; calls: string[]; uses?: string[] };
  services: Record<string, SystemService>;
  frontends: Record<string, { port: number; path: string; mount?: string; renderer?: string; pages?: string[] }>;
}

export const system = readJson<SystemJson>('system.json');

/** Every service including the gateway, with its ports and callees. */
export const allServices: Record<
  string,
  { httpPort: number; internalPort: number; grpcPort?: number; schema?: string; calls: string[]; uses?: string[] }
> = {
  gateway: {
    httpPort: system.gateway.httpPort,
    internalPort: system.gateway.internalPort,
    calls: system.gateway.calls,
    uses: system.gateway.uses,
  },
  ...system.services,
};

export const serviceNames = Object.keys(allServices).sort();
export const frontendNames = Object.keys(system.frontends).sort();
export const componentNames = [...serviceNames, ...frontendNames];
/** Frontends that render pages on the server: they read the gateway (the API) and the shell (its index.html). */
export const rendererNames = frontendNames.filter((name) => system.frontends[name]!.renderer);
/** The frontend served at / (the shell). */
export const shellName = frontendNames.find((name) => system.frontends[name]!.path === '/')!;

/** Services that list `target` in their calls. */
export function callersOf(target: string): string[] {
  return serviceNames.filter((name) => allServices[name]!.calls.includes(target));
}
