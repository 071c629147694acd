import { describe, expect, it } from '@jest/globals';
import { stripeClientConfig } from './stripe-client.js';

describe('stripeClientConfig', () => {
  it('reaches Stripe over HTTPS on 443 by default', () => {
    expect(stripeClientConfig('https://api.stripe.com')).toMatchObject({
      host: 'api.stripe.com',
      port: 443,
      protocol: 'https',
    });
  });

  it('reaches the local emulator over plain HTTP on its port', () => {
    expect(stripeClientConfig('http://127.0.0.1:12111')).toMatchObject({
      host: '127.0.0.1',
      port: '12111',
      protocol: 'http',
      telemetry: false,
    });
  });
});
