import type { FactoryProvider } from '@nestjs/common';
import {
  NotificationsServiceClient,
  NotificationsServiceService,
} from '@pencraft/contracts/notifications/v1/notifications';
import { CONFIG, grpcChannel, processGrpcTls, type PromiseClient } from '@pencraft/kit';
import { addressVariable, defineUpstream } from '../upstreams/upstream.js';

/** notifications.v1.NotificationsService: served by the notifications service, at its address. */
export const notificationsUpstream = defineUpstream(
  'notifications',
  NotificationsServiceClient,
  NotificationsServiceService,
);
export const NOTIFICATIONS = notificationsUpstream.token;
export type NotificationsClient = PromiseClient<NotificationsServiceClient>;

/** The same service's raw client, for the Subscribe stream (the promise client has unary calls only). */
export const NOTIFICATIONS_STREAM = Symbol('notifications stream client');
export const notificationsStreamProvider: FactoryProvider<NotificationsServiceClient> = {
  provide: NOTIFICATIONS_STREAM,
  inject: [CONFIG],
  useFactory: (config: Record<string, string>) => {
    // Mutual TLS like every client of the kit (issue #19): the gateway's certificate, the server named notifications.
    const channel = grpcChannel(processGrpcTls(), 'notifications');
    const client = new NotificationsServiceClient(config[addressVariable('notifications')]!, channel.credentials, {
      ...channel.options,
      'grpc.keepalive_time_ms': 30_000,
      'grpc.keepalive_permit_without_calls': 1,
      'grpc.max_reconnect_backoff_ms': 2_000,
      'grpc.initial_reconnect_backoff_ms': 100,
    });
    return Object.assign(client, { onApplicationShutdown: () => client.close() });
  },
};
