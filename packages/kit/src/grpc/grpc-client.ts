import {
  Metadata,
  type ChannelCredentials,
  type CallOptions,
  type ChannelOptions,
  type Client,
  type ClientUnaryCall,
  type ServiceDefinition,
  type ServiceError,
} from '@grpc/grpc-js';
import { currentRequestContext } from '../logging/request-context.js';
import { injectContext, isInstrumented } from '../tracing/tracing.js';
import { REQUEST_ID_KEY } from './grpc-observability.interceptor.js';
import { grpcChannel, processGrpcTls, serviceNameOf, type GrpcTls } from './grpc-tls.js';
import { ACTOR_TOKEN_METADATA } from './actor-token.js';
import { actorFieldOf, actorTokenFor } from './grpc-actor.js';
import { callResiliently, isIdempotentMethod } from './grpc-resilience.js';

type UnaryMethod<Req, Res> = (
  request: Req,
  metadata: Metadata,
  options: Partial<CallOptions>,
  callback: (error: ServiceError | null, response: Res) => void,
) => ClientUnaryCall;

export interface CallSettings {
  /** Deadline for this call; the client default otherwise. */
  timeoutMs?: number;
}

/**
 * Starts a call without capturing stacks. grpc-js makes an Error for every unary call to keep its caller's stack for
 * the message of a failed call ("for call at ..."), about 5% of the gateway's CPU on an uncached read (issue #19). A
 * failed call reaches our code as the catalogue's AppError (grpc-resilience.ts), which never shows that stack.
 */
export function withoutCallerStack<T>(start: () => T): T {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return start();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** The unary methods of a ts-proto grpc-js client as promise-returning functions. */
export type PromiseClient<C> = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- matching any unary signature
  [K in keyof C as C[K] extends UnaryMethod<any, any> ? K : never]: C[K] extends UnaryMethod<infer Req, infer Res>
    ? (request: Req, settings?: CallSettings) => Promise<Res>
    : never;
} & { close(): void };

type ClientConstructor<C> = new (address: string, creds: ChannelCredentials, options?: ChannelOptions) => C;

/**
 * A typed gRPC client for a ts-proto service: every call carries the trace context and the request id, has a
 * deadline, and fails with the AppError of the catalogue code the server sent. The trace context is the gRPC
 * instrumentation's (with its client span) when spans are exported, the kit's otherwise. Over mutual TLS when the
 * process has a gRPC identity (GRPC_TLS_*, or `tls`): it presents its certificate and accepts only a server whose
 * certificate names the callee (the definition's proto package, e.g. "articles", or `serverName`). A call of a
 * method that acts for a user carries that user's actor token (grpc-actor.ts): signed here in the gateway,
 * forwarded by a service handling that user's request.
 */
export function createGrpcClient<C extends Client>(
  Ctor: ClientConstructor<C>,
  definition: ServiceDefinition,
  address: string,
  options: { defaultTimeoutMs?: number; tls?: GrpcTls | null; serverName?: string } = {},
): PromiseClient<C> {
  const serverName = options.serverName ?? serviceNameOf(definition);
  const channel = grpcChannel(options.tls === null ? undefined : (options.tls ?? processGrpcTls()), serverName);
  const client = new Ctor(address, channel.credentials, {
    ...channel.options,
    'grpc.keepalive_time_ms': 30_000,
    'grpc.keepalive_permit_without_calls': 1,
    'grpc.max_reconnect_backoff_ms': 2_000,
    'grpc.initial_reconnect_backoff_ms': 100,
    // No channelz: nothing reads it, and it counts every call and message (issue #19, performance).
    'grpc.enable_channelz': 0,
  });
  const defaultTimeoutMs = options.defaultTimeoutMs ?? 5_000;
  const wrapped: Record<string, unknown> = { close: () => client.close() };
  for (const name of Object.keys(definition)) {
    const rpc = (client as unknown as Record<string, UnaryMethod<unknown, unknown>>)[name]!.bind(client);
    // Decided once per method, not on every call: its path, the request field naming its user, whether it is a read.
    const { path } = definition[name]!;
    const actorField = serverName ? actorFieldOf(path) : undefined;
    const idempotent = isIdempotentMethod(path);
    wrapped[name] = (request: unknown, settings: CallSettings = {}) => {
      const metadata = new Metadata();
      if (!isInstrumented()) for (const [key, value] of Object.entries(injectContext())) metadata.set(key, value);
      const requestId = currentRequestContext()?.requestId;
      if (requestId) metadata.set(REQUEST_ID_KEY, requestId);
      if (actorField) {
        let actorToken: string | undefined;
        try {
          actorToken = actorTokenFor(actorField, request, serverName);
        } catch (error) {
          return Promise.reject(error);
        }
        if (actorToken) metadata.set(ACTOR_TOKEN_METADATA, actorToken);
      }
      const deadline = new Date(Date.now() + (settings.timeoutMs ?? defaultTimeoutMs));
      // Retries (reads only), the target's circuit breaker, and the catalogue error: grpc-resilience.ts.
      return callResiliently(
        address,
        path,
        deadline,
        () =>
          new Promise((resolve, reject) => {
            withoutCallerStack(() =>
              rpc(request, metadata, { deadline }, (error, response) => (error ? reject(error) : resolve(response))),
            );
          }),
        idempotent,
      );
    };
  }
  return wrapped as PromiseClient<C>;
}
