/**
 * The `stripe` client's connection settings from a service's STRIPE_API_BASE: Stripe's API over HTTPS in a cluster,
 * the local emulator (stripe-mock, plain HTTP) in development and the suites. Shared by every service that holds a
 * payment provider (publications' subscriptions, donations' supports and cards), so they reach Stripe alike.
 */
export interface StripeClientConfig {
  host: string;
  port: string | number;
  protocol: 'http' | 'https';
  maxNetworkRetries: number;
  timeout: number;
  telemetry: boolean;
}

export function stripeClientConfig(apiBase: string): StripeClientConfig {
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 2,
    timeout: 10_000,
    telemetry: false,
  };
}
