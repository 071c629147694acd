import type { ChannelOptions, Client, ServiceDefinition, credentials } from '@grpc/grpc-js';
import type { FactoryProvider } from '@nestjs/common';
import { CONFIG, createGrpcClient, type PromiseClient } from '@pencraft/kit';
import { z } from 'zod';

type ClientConstructor<C> = new (
  address: string,
  creds: ReturnType<typeof credentials.createInsecure>,
  options?: ChannelOptions,
) => C;

const declared = new Map<string, string>();

/** The environment variable of an upstream's address, as the dev stack and the chart set it from system.json. */
export const addressVariable = (name: string) => `${name.toUpperCase()}_GRPC_ADDR`;

export interface Upstream<C> {
  name: string;
  /** Injection token of the client. */
  token: symbol;
  provider: FactoryProvider<PromiseClient<C>>;
}

/**
 * A gRPC service the gateway calls (an entry of system.json `gateway.calls`), declared by the area module that
 * uses it: its address comes from <NAME>_GRPC_ADDR, checked at start with the rest of the configuration, and
 * the client closes when the gateway stops.
 */
export function defineUpstream<C extends Client>(
  name: string,
  Ctor: ClientConstructor<C>,
  definition: ServiceDefinition,
): Upstream<C> {
  const variable = addressVariable(name);
  declared.set(name, variable);
  const token = Symbol(`${name} gRPC client`);
  return {
    name,
    token,
    provider: {
      provide: token,
      inject: [CONFIG],
      useFactory: (config: Record<string, string>) => {
        const client = createGrpcClient(Ctor, definition, config[variable]!);
        return Object.assign(client, { onApplicationShutdown: () => client.close() });
      },
    },
  };
}

/** Names of the upstreams the imported modules declared. */
export function declaredUpstreams(): string[] {
  return [...declared.keys()].sort();
}

const grpcAddress = z.string().regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, 'must be host:port');

/** The address variables of every declared upstream, for the configuration schema. */
export function upstreamAddressSchema() {
  return Object.fromEntries([...declared.values()].map((variable) => [variable, grpcAddress]));
}
