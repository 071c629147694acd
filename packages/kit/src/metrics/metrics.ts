import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { registerResilienceMetrics } from '../grpc/grpc-resilience.js';

const latencyBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** The metrics every process exposes on /metrics; names are shared with the Grafana dashboard of the chart. */
export class Metrics {
  readonly registry = new Registry();

  readonly httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests handled',
    labelNames: ['service', 'method', 'route', 'status'],
    registers: [this.registry],
  });
  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency',
    labelNames: ['service', 'method', 'route', 'status'],
    buckets: latencyBuckets,
    registers: [this.registry],
  });
  readonly grpcHandled = new Counter({
    name: 'grpc_server_handled_total',
    help: 'gRPC calls handled',
    labelNames: ['service', 'grpc_method', 'grpc_code'],
    registers: [this.registry],
  });
  readonly grpcDuration = new Histogram({
    name: 'grpc_server_handling_seconds',
    help: 'gRPC call latency',
    labelNames: ['service', 'grpc_method', 'grpc_code'],
    buckets: latencyBuckets,
    registers: [this.registry],
  });
  readonly consumerPending = new Gauge({
    name: 'nats_consumer_pending',
    help: 'Messages waiting for a durable consumer',
    labelNames: ['service', 'stream', 'consumer'],
    registers: [this.registry],
  });
  readonly eventsProcessed = new Counter({
    name: 'nats_events_processed_total',
    help: 'Events handled by consumers (result: ok, duplicate, error)',
    labelNames: ['service', 'subject', 'result'],
    registers: [this.registry],
  });
  readonly outboxPending = new Gauge({
    name: 'outbox_pending',
    help: 'Outbox events not yet relayed to NATS',
    labelNames: ['service'],
    registers: [this.registry],
  });
  readonly dbPoolTotal = new Gauge({
    name: 'db_pool_total',
    help: 'Database connections open',
    labelNames: ['service'],
    registers: [this.registry],
  });
  readonly dbPoolIdle = new Gauge({
    name: 'db_pool_idle',
    help: 'Database connections idle',
    labelNames: ['service'],
    registers: [this.registry],
  });
  readonly dbPoolMax = new Gauge({
    name: 'db_pool_max',
    help: 'Database connections the pool may open (its size)',
    labelNames: ['service'],
    registers: [this.registry],
  });
  readonly dbPoolWaiting = new Gauge({
    name: 'db_pool_waiting',
    help: 'Queries waiting for a database connection',
    labelNames: ['service'],
    registers: [this.registry],
  });

  constructor(readonly service: string) {
    this.registry.setDefaultLabels({ service });
    collectDefaultMetrics({ register: this.registry });
    // The gRPC clients' circuit breakers and retries (grpc-resilience.ts).
    registerResilienceMetrics(this.registry);
  }

  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
