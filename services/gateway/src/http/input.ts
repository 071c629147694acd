import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ROUTE_SPEC, type RouteInput, type RouteSpec } from './route.js';
import { parseInput } from './validation.js';

/** Path parameters, query and body of a request, parsed with the schemas of its route declaration. */
export function parseRouteInput(spec: RouteSpec, request: Pick<FastifyRequest, 'params' | 'query' | 'body'>) {
  const codes = spec.fieldCodes ?? {};
  return {
    params: spec.params ? parseInput(spec.params, request.params, codes) : {},
    query: spec.query ? parseInput(spec.query, request.query, codes) : {},
    body: spec.body ? parseInput(spec.body, request.body, codes) : {},
  } as RouteInput<RouteSpec>;
}

/** The handler's parsed input (see RouteInput); a bad field answers 400 with the route's field codes. */
export const Input = createParamDecorator((_data: unknown, ctx: ExecutionContext) =>
  parseRouteInput(
    Reflect.getMetadata(ROUTE_SPEC, ctx.getHandler()) as RouteSpec,
    ctx.switchToHttp().getRequest<FastifyRequest>(),
  ),
);
