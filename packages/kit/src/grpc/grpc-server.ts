import type { ServiceDefinition } from '@grpc/grpc-js';
import { Controller, type ArgumentsHost, Catch, type RpcExceptionFilter } from '@nestjs/common';
import { GrpcMethod, Transport, type GrpcOptions } from '@nestjs/microservices';
import {
  HealthCheckRequest,
  HealthCheckResponse,
  HealthCheckResponse_ServingStatus,
  HealthService,
} from '@pencraft/contracts/grpc/health/v1/health';
import { throwError, type Observable } from 'rxjs';
import type { Readiness } from '../health/readiness.js';
import { logger } from '../logging/logger.js';
import { AppError } from '@pencraft/errors';
import { toGrpcError } from '../errors/grpc-errors.js';
import { grpcServerCredentials, processGrpcTls } from './grpc-tls.js';

/** Full proto name ("articles.v1.ArticlesService") → the ts-proto service definition. */
export type GrpcServices = Record<string, ServiceDefinition>;

const HEALTH_SERVICE = 'grpc.health.v1.Health';

/**
 * Nest gRPC transport options built from ts-proto service definitions, so servers and clients share
 * one generated (de)serializer and no .proto file is parsed at run time. With a gRPC identity in the environment
 * (GRPC_TLS_*) the server speaks mutual TLS only: every caller must present a certificate signed by the CA.
 */
export function grpcServerOptions(port: number, services: GrpcServices): GrpcOptions {
  const packageDefinition = { ...services, [HEALTH_SERVICE]: HealthService };
  const packages = [...new Set(Object.keys(packageDefinition).map((name) => name.slice(0, name.lastIndexOf('.'))))];
  return {
    transport: Transport.GRPC,
    options: {
      url: `0.0.0.0:${port}`,
      credentials: grpcServerCredentials(processGrpcTls()),
      package: packages,
      packageDefinition,
      gracefulShutdown: true,
      keepalive: { keepaliveTimeMs: 30_000, keepalivePermitWithoutCalls: 1, http2MinPingIntervalWithoutDataMs: 10_000 },
      // No channelz: nothing reads it, and it counts every call, stream and message (issue #19, performance).
      channelOptions: { 'grpc.enable_channelz': 0 },
    } as GrpcOptions['options'],
  };
}

/** grpc.health.v1: SERVING only while /readyz would answer 200. */
export function createHealthController(readiness: Readiness) {
  @Controller()
  class GrpcHealthController {
    @GrpcMethod('Health', 'check')
    async check(_request: HealthCheckRequest): Promise<HealthCheckResponse> {
      const report = await readiness.report();
      return {
        status: report.ready
          ? HealthCheckResponse_ServingStatus.SERVING
          : HealthCheckResponse_ServingStatus.NOT_SERVING,
      };
    }
  }
  return GrpcHealthController;
}

/** Every error leaving a gRPC handler carries its catalogue code; unexpected ones are logged and hidden. */
@Catch()
export class GrpcErrorFilter implements RpcExceptionFilter<unknown> {
  catch(error: unknown, _host: ArgumentsHost): Observable<never> {
    if (!AppError.is(error)) logger().error({ err: error }, 'unhandled error in gRPC handler');
    return throwError(() => toGrpcError(error));
  }
}
