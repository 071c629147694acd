import { describe, expect, it } from '@jest/globals';
import { Webhook } from 'standardwebhooks';
import { memorySeenStore, verifyWebhook, WebhookRejectedError } from './webhooks.js';

const SECRET = `whsec_${Buffer.from('pencraft-webhook-secret-32-bytes').toString('base64')}`;
const OTHER = `whsec_${Buffer.from('someone-elses-secret-of-32-bytes').toString('base64')}`;
const BODY = JSON.stringify({
  type: 'article.published',
  timestamp: '2026-11-28T09:30:00.000Z',
  data: { articleId: '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f' },
});

/** The headers Pencraft sends with a delivery, signed with `secret` at `at`. */
function signed(id: string, at = new Date(), secret = SECRET, body = BODY) {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
  };
}

const reason = async (promise: Promise<unknown>) => {
  const error = await promise.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(WebhookRejectedError);
  return (error as WebhookRejectedError).reason;
};

describe('verifyWebhook', () => {
  it('accepts a good signature and answers the event (Node headers or a Headers, body text or bytes)', async () => {
    const seen = memorySeenStore();
    const verified = await verifyWebhook<{ articleId: string }>({
      secret: SECRET,
      headers: signed('msg_good'),
      body: BODY,
      seen,
    });
    expect(verified.id).toBe('msg_good');
    expect(verified.event).toEqual(JSON.parse(BODY));
    const again = await verifyWebhook({
      secret: SECRET,
      headers: new Headers(signed('msg_bytes')),
      body: new TextEncoder().encode(BODY),
      seen,
    });
    expect(again.event.type).toBe('article.published');
  });

  it('refuses a forged delivery: another secret, a changed body, a missing signature', async () => {
    const seen = memorySeenStore();
    expect(
      await reason(verifyWebhook({ secret: SECRET, headers: signed('m1', new Date(), OTHER), body: BODY, seen })),
    ).toBe('badSignature');
    const tampered = BODY.replace('article.published', 'article.removed');
    expect(await reason(verifyWebhook({ secret: SECRET, headers: signed('m2'), body: tampered, seen }))).toBe(
      'badSignature',
    );
    const { 'webhook-signature': _dropped, ...unsigned } = signed('m3');
    expect(await reason(verifyWebhook({ secret: SECRET, headers: unsigned, body: BODY, seen }))).toBe('missingHeaders');
  });

  it('refuses a stale delivery (signed more than 5 minutes ago) and one from the future', async () => {
    const seen = memorySeenStore();
    const old = new Date(Date.now() - 6 * 60 * 1000);
    expect(await reason(verifyWebhook({ secret: SECRET, headers: signed('m4', old), body: BODY, seen }))).toBe(
      'staleTimestamp',
    );
    const future = new Date(Date.now() + 6 * 60 * 1000);
    expect(await reason(verifyWebhook({ secret: SECRET, headers: signed('m5', future), body: BODY, seen }))).toBe(
      'staleTimestamp',
    );
  });

  it('refuses a replay of an accepted delivery (the same webhook-id), in the default store too', async () => {
    const headers = signed(`msg_replay_${Date.now()}`);
    await verifyWebhook({ secret: SECRET, headers, body: BODY });
    expect(await reason(verifyWebhook({ secret: SECRET, headers, body: BODY }))).toBe('replayed');
    // A forged copy never marks an id as seen: the genuine one still passes.
    const seen = memorySeenStore();
    await reason(verifyWebhook({ secret: SECRET, headers: signed('msg_x', new Date(), OTHER), body: BODY, seen }));
    await expect(verifyWebhook({ secret: SECRET, headers: signed('msg_x'), body: BODY, seen })).resolves.toBeDefined();
  });

  it('uses the store it is given, and the memory store forgets an id after its time', async () => {
    const remembered: string[] = [];
    const store = { remember: async (id: string) => (remembered.includes(id) ? false : (remembered.push(id), true)) };
    await verifyWebhook({ secret: SECRET, headers: signed('shared-1'), body: BODY, seen: store });
    expect(remembered).toEqual(['shared-1']);

    let now = 0;
    const memory = memorySeenStore({ now: () => now, max: 2 });
    expect(memory.remember('a', 10)).toBe(true);
    expect(memory.remember('a', 10)).toBe(false);
    now = 10_001;
    expect(memory.remember('a', 10)).toBe(true);
    expect(memory.remember('b', 10)).toBe(true);
    expect(memory.remember('c', 10)).toBe(true); // over max: the oldest is dropped
    expect(memory.remember('c', 10)).toBe(false);
  });
});
