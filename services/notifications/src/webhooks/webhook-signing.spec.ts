import { describe, expect, it } from '@jest/globals';
import { Webhook } from 'standardwebhooks';
import { newWebhookSecret, signDelivery } from './webhook-signing.js';

describe('webhook signing (Standard Webhooks)', () => {
  const body = JSON.stringify({
    type: 'article.published',
    timestamp: '2026-11-28T10:00:00.000Z',
    data: { articleId: 'a' },
  });

  it('signs so that the standardwebhooks verifier accepts the delivery with its headers', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const headers = signDelivery(secret, 'd-1', new Date(), body);
    expect(headers['webhook-id']).toBe('d-1');
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
  });

  it('is refused by the verifier when the body, the secret or the id differ, or the timestamp is stale', () => {
    const secret = newWebhookSecret();
    const headers = signDelivery(secret, 'd-1', new Date(), body);
    expect(() => new Webhook(secret).verify(`${body} `, { ...headers })).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, { ...headers })).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'd-2' })).toThrow();
    const old = signDelivery(secret, 'd-1', new Date(Date.now() - 10 * 60_000), body);
    expect(() => new Webhook(secret).verify(body, { ...old })).toThrow();
  });
});
