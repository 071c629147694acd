// Shared scaffolding of the gateway's guard specs (outside src/, so never built into the gateway): an
// ExecutionContext carrying a route's declaration, and what a guard came to.
import type { CanActivate, ExecutionContext } from '@nestjs/common';
import { AppError } from '@pencraft/errors';
import { ROUTE_SPEC, type RouteSpec } from '../src/http/route.js';

/**
 * The context a guard sees for `request` on a route declared as `route`: the declaration on the handler, and a reply
 * whose headers land in `sent`.
 */
export function guardContext<Request extends object>(route: RouteSpec, request: Request) {
  const sent: Record<string, string> = {};
  const reply = {
    header: (name: string, value: string | number) => {
      sent[name] = String(value);
      return reply;
    },
  };
  function handler() {}
  Reflect.defineMetadata(ROUTE_SPEC, route, handler);
  const ctx = {
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => reply }),
    getHandler: () => handler,
  } as unknown as ExecutionContext;
  return { ctx, request, sent };
}

/** 'true' or 'false' as the guard answered, or the code of the AppError it threw. */
export async function guardOutcome(guard: CanActivate, ctx: ExecutionContext): Promise<string> {
  try {
    return String(await guard.canActivate(ctx));
  } catch (error) {
    if (AppError.is(error)) return error.code;
    throw error;
  }
}
