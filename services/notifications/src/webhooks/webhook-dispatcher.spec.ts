import { beforeEach, describe, expect, it } from '@jest/globals';
import type { Clock, Logger, SecretBox } from '@pencraft/kit';
import { strictMock, type StrictMock } from '@pencraft/testing';
import { Webhook } from 'standardwebhooks';
import type { NotificationsConfig } from '../config.js';
import { attemptOutcome, WebhookDispatcher } from './webhook-dispatcher.js';
import type { PartnerStatus } from './partner-status.js';
import type { ClaimedDelivery, WebhookRepository } from './webhook.repository.js';
import type { SendResult, WebhookSender } from './webhook-sender.js';
import { newWebhookSecret } from './webhook-signing.js';

const NOW = new Date('2026-11-28T10:00:00Z');
const OK: SendResult = { ok: true, status: 204, body: '', error: '' };
const FAILED: SendResult = { ok: false, status: 500, body: 'boom', error: 'HTTP 500' };
const options = { maxAttempts: 3, retryBaseMs: 1_000, now: NOW, random: () => 0.5 };

describe('attemptOutcome', () => {
  it('a 2xx succeeds: nothing more is due, the answer is kept', () => {
    expect(attemptOutcome(OK, 1, options)).toEqual({
      status: 'succeeded',
      attempts: 1,
      nextAttemptAt: null,
      responseStatus: 204,
      responseBody: null,
      error: null,
      at: NOW,
    });
  });

  it('a failure before the last try is retried after the jittered backoff of that attempt', () => {
    expect(attemptOutcome(FAILED, 1, options)).toMatchObject({
      status: 'failed',
      attempts: 1,
      nextAttemptAt: new Date(NOW.getTime() + 500),
      responseStatus: 500,
      responseBody: 'boom',
      error: 'HTTP 500',
    });
    expect(attemptOutcome(FAILED, 2, options).nextAttemptAt).toEqual(new Date(NOW.getTime() + 1_000));
  });

  it('the last try failing makes it dead (the dead-letter list), and so does a failed redelivery of a dead one', () => {
    expect(attemptOutcome(FAILED, 3, options)).toMatchObject({ status: 'dead', nextAttemptAt: null, attempts: 3 });
    expect(attemptOutcome(FAILED, 4, options)).toMatchObject({ status: 'dead', attempts: 4 });
    expect(attemptOutcome(OK, 4, options)).toMatchObject({ status: 'succeeded', attempts: 4 });
  });

  it('no answer at all (a timeout, a refused address) records no status and the reason', () => {
    const none: SendResult = { ok: false, status: 0, body: '', error: 'timeout' };
    expect(attemptOutcome(none, 1, options)).toMatchObject({
      status: 'failed',
      responseStatus: null,
      responseBody: null,
      error: 'timeout',
    });
  });
});

describe('WebhookDispatcher', () => {
  const config = {
    WEBHOOK_CONCURRENCY: 2,
    WEBHOOK_TIMEOUT_MS: 1_000,
    WEBHOOK_MAX_ATTEMPTS: 3,
    WEBHOOK_RETRY_BASE_MS: 1_000,
    WEBHOOK_POLL_MS: 1_000,
  } as NotificationsConfig;
  const secret = newWebhookSecret();
  const delivery = (id: string, attempts = 0): ClaimedDelivery => ({
    id,
    clientId: 'partner-a',
    eventType: 'article.published',
    payload: JSON.stringify({ type: 'article.published', data: { id } }),
    attempts,
    url: 'https://hooks.example.com/in',
    secretSealed: 'sealed',
  });
  let repository: StrictMock<WebhookRepository>;
  let secrets: StrictMock<SecretBox>;
  let sender: StrictMock<WebhookSender>;
  let log: StrictMock<Logger>;
  let partners: StrictMock<PartnerStatus>;
  let dispatcher: WebhookDispatcher;

  beforeEach(() => {
    repository = strictMock<WebhookRepository>('WebhookRepository');
    secrets = strictMock<SecretBox>('SecretBox');
    sender = strictMock<WebhookSender>('WebhookSender');
    log = strictMock<Logger>('Logger');
    partners = strictMock<PartnerStatus>('PartnerStatus');
    partners.isActive.mockResolvedValue(true);
    const clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    secrets.open.mockReturnValue(secret);
    repository.recordAttempt.mockResolvedValue(undefined);
    dispatcher = new WebhookDispatcher(repository, secrets, sender, partners, clock, config, log);
  });

  it('claims as many as the free slots, leased past the timeout, and records each attempt', async () => {
    repository.claimDue.mockResolvedValue([delivery('d-1'), delivery('d-2')]);
    sender.deliver.mockResolvedValueOnce(OK).mockResolvedValueOnce(FAILED);
    expect(await dispatcher.tick()).toBe(2);
    expect(repository.claimDue).toHaveBeenCalledWith(2, NOW, new Date(NOW.getTime() + 61_000));
    await dispatcher.beforeApplicationShutdown();
    const recorded = new Map(repository.recordAttempt.mock.calls.map(([id, record]) => [id, record]));
    expect(recorded.get('d-1')).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(recorded.get('d-2')).toMatchObject({ status: 'failed', attempts: 1, responseStatus: 500 });
  });

  it('signs each attempt so the receiver can verify it, with the delivery id as webhook-id', async () => {
    sender.deliver.mockResolvedValue(OK);
    const claimed = delivery('d-3');
    await dispatcher.attempt(claimed);
    const [url, headers, body] = sender.deliver.mock.calls[0]!;
    expect(url).toBe(claimed.url);
    expect(body).toBe(claimed.payload);
    expect(headers['webhook-id']).toBe('d-3');
    expect(headers['webhook-timestamp']).toBe(String(NOW.getTime() / 1000));
    expect(secrets.open).toHaveBeenCalledWith('sealed');
    // The verifier checks the timestamp against its clock: sign with now for it.
    const webhook = new Webhook(secret);
    const fresh = webhook.sign('d-3', new Date(Number(headers['webhook-timestamp']) * 1000), body);
    expect(headers['webhook-signature']).toBe(fresh);
  });

  it('marks the last failed try dead and says so in the log', async () => {
    sender.deliver.mockResolvedValue(FAILED);
    log.warn.mockReturnValue(undefined);
    await dispatcher.attempt(delivery('d-4', 2));
    expect(repository.recordAttempt).toHaveBeenCalledWith(
      'd-4',
      expect.objectContaining({ status: 'dead', attempts: 3 }),
    );
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ deliveryId: 'd-4' }), 'webhook delivery dead');
  });

  it('records a secret it cannot open as a failed attempt, without sending', async () => {
    secrets.open.mockImplementation(() => {
      throw new Error('not a sealed secret');
    });
    await dispatcher.attempt(delivery('d-5'));
    expect(sender.deliver).not.toHaveBeenCalled();
    expect(repository.recordAttempt).toHaveBeenCalledWith(
      'd-5',
      expect.objectContaining({ status: 'failed', error: 'not a sealed secret' }),
    );
  });

  it('claims nothing while every slot is busy, and finishes the attempts in flight on shutdown', async () => {
    let release!: (result: SendResult) => void;
    sender.deliver.mockReturnValue(new Promise<SendResult>((resolve) => (release = resolve)));
    repository.claimDue.mockResolvedValueOnce([delivery('d-6'), delivery('d-7')]);
    expect(await dispatcher.tick()).toBe(2);
    expect(await dispatcher.tick()).toBe(0);
    expect(repository.claimDue).toHaveBeenCalledTimes(1);
    const stopped = dispatcher.beforeApplicationShutdown();
    release(OK);
    await stopped;
    expect(repository.recordAttempt).toHaveBeenCalledTimes(2);
  });

  it("sends nothing for a revoked client: the delivery is dead and the client's endpoints paused", async () => {
    partners.isActive.mockResolvedValue(false);
    repository.disableClient.mockResolvedValue(undefined);
    log.warn.mockReturnValue(undefined);
    await dispatcher.attempt(delivery('d-8', 1));
    expect(partners.isActive).toHaveBeenCalledWith('partner-a');
    expect(sender.deliver).not.toHaveBeenCalled();
    expect(repository.recordAttempt).toHaveBeenCalledWith(
      'd-8',
      expect.objectContaining({ status: 'dead', attempts: 1, error: 'partner client revoked' }),
    );
    expect(repository.disableClient).toHaveBeenCalledWith('partner-a', NOW);
  });

  it('counts an attempt as failed when identity cannot say whether the client is active', async () => {
    partners.isActive.mockRejectedValue(new Error('identity unavailable'));
    await dispatcher.attempt(delivery('d-9'));
    expect(sender.deliver).not.toHaveBeenCalled();
    expect(repository.recordAttempt).toHaveBeenCalledWith(
      'd-9',
      expect.objectContaining({ status: 'failed', attempts: 1, error: 'identity unavailable' }),
    );
  });
});
