import { runWithRequestContext } from '@pencraft/kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../config.js';
import { parseRouteInput } from './input.js';
import {
  applyRouteEffects,
  declaredPlainRoutes,
  POLICY,
  policyOf,
  type PlainRouteEntry,
  type RouteInput,
  type RouteSpec,
} from './route.js';

/** What a plain route's method is called with: the input parsed with its declaration's schemas, and the request. */
export type PlainHandler<S extends RouteSpec = RouteSpec> = (input: RouteInput<S>, request: FastifyRequest) => unknown;

/**
 * Registers every route declared with PlainRoute as a Fastify route of its own: the route config carries its policy,
 * so the protections' onRoute hook gives it the same hooks as every declared route (rate limit, publication context,
 * CSRF, captcha, no-store); the handler parses the input with the declaration's schemas, runs the controller's method
 * in the request's log context, and applies the declaration's route effects. An error takes the path of every other
 * (Fastify's error handler, which Nest makes its exception layer with the gateway's filter): the same error shape.
 * Call after installProtections; `resolve` gives the controller instance (Nest's app.get).
 */
export function installPlainRoutes(
  fastify: FastifyInstance,
  resolve: (controller: PlainRouteEntry['controller']) => unknown,
  config: GatewayConfig,
  routes: readonly PlainRouteEntry[] = declaredPlainRoutes(),
) {
  for (const { spec, controller, method } of routes) {
    const instance = resolve(controller) as Record<string, PlainHandler | undefined>;
    const handle = instance[method];
    if (typeof handle !== 'function') throw new Error(`${spec.operationId}: ${controller.name}.${method} is no method`);
    const status = spec.status ?? 200;
    fastify.route({
      method: spec.method,
      url: spec.path,
      config: { [POLICY]: policyOf(spec) },
      handler: async (request, reply) => {
        const input = parseRouteInput(spec, request);
        const state = request.platform;
        const value = await (state
          ? runWithRequestContext(state.context, () => handle.call(instance, input, request))
          : handle.call(instance, input, request));
        const body = applyRouteEffects(spec, reply.code(status), config, value);
        return reply.send(body);
      },
    });
  }
}
