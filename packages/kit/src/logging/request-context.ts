import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line of a request carries besides the trace ids. */
export interface RequestContext {
  requestId: string;
  userId?: string;
  /** The actor token of the gRPC call being handled (issue #19): forwarded with the calls made for that user. */
  actorToken?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithRequestContext<T>(ctx: RequestContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}
