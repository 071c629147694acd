import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { NotificationsServiceClient } from '@pencraft/contracts/notifications/v1/notifications';
import type { Logger } from '@pencraft/kit';
import { strictMock } from '@pencraft/testing';
import { EventEmitter } from 'node:events';
import { NotificationStreams, sseEvent, STREAMS_PER_USER } from './notification-stream.js';

const UID = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const notification = (id: number) => ({
  id,
  type: 2,
  subject: { articleId: 'a-1', commentId: '', title: 'T', excerpt: '' },
  dataJson: '{"decision":"rejected","note":"spam"}',
  readAtMs: 0,
  createdAtMs: Date.parse('2026-11-26T10:00:00Z'),
});

class FakeCall extends EventEmitter {
  cancel = jest.fn(() => undefined);
}

const TIMES = { heartbeatMs: 25_000, maxLifeMs: 900_000 };
const standing = () => Promise.resolve(true);

function streams() {
  const calls: { request: unknown; call: FakeCall }[] = [];
  const client = strictMock<NotificationsServiceClient>('NotificationsServiceClient');
  (client.subscribe as unknown as jest.Mock).mockImplementation((request: unknown) => {
    const call = new FakeCall();
    calls.push({ request, call });
    return call;
  });
  const log = { warn: jest.fn() } as unknown as Logger;
  return { streams: new NotificationStreams(client, log, TIMES), calls, log };
}

const text = async (body: NodeJS.ReadableStream) => {
  let out = '';
  body.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await new Promise((r) => setImmediate(r));
  return () => out;
};

describe('NotificationStreams', () => {
  it('writes one SSE event per notification: its id, the event name and the JSON on one line', () => {
    expect(sseEvent(notification(42))).toBe(
      'id: 42\nevent: notification\ndata: ' +
        JSON.stringify({
          id: '42',
          type: 2,
          key: 'ara',
          actor: null,
          subject: { articleId: 'a-1', commentId: null, title: 'T', excerpt: null },
          data: { decision: 'rejected', note: 'spam' },
          read: false,
          readAt: null,
          createdAt: '2026-11-26T10:00:00.000Z',
        }) +
        '\n\n',
    );
  });

  it('starts with the retry hint, forwards the upstream stream, and resubscribes after the last id it sent', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    try {
      const { streams: s, calls } = streams();
      const { body, close } = s.start(UID, 7, standing);
      const read = await text(body);
      expect(calls[0]!.request).toEqual({ uid: UID, afterId: 7 });
      calls[0]!.call.emit('data', { notification: notification(8) });
      calls[0]!.call.emit('data', { notification: notification(9) });
      calls[0]!.call.emit('error', Object.assign(new Error('unavailable'), { code: 14 }));
      jest.advanceTimersByTime(250);
      expect(calls[1]!.request).toEqual({ uid: UID, afterId: 9 });
      await new Promise((r) => setImmediate(r));
      expect(read()).toMatch(/^retry: 5000\n\nid: 8\n[\s\S]*id: 9\n/);
      close();
      expect(calls[1]!.call.cancel).toHaveBeenCalled();
      expect(s.count(UID)).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });

  describe('its life', () => {
    beforeEach(() => {
      jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    });
    afterEach(() => {
      jest.useRealTimers();
    });

    /** Lets the session check's promise settle after a timer fired it. */
    const settle = () => new Promise((r) => setImmediate(r));
    const ended = (body: NodeJS.ReadableStream) => {
      let done = false;
      body.on('end', () => (done = true));
      return () => done;
    };

    it('checks the session at every heartbeat: a heartbeat while it stands, the end once it does not', async () => {
      const { streams: s, calls } = streams();
      const session = jest.fn<() => Promise<boolean>>().mockResolvedValue(true);
      const { body } = s.start(UID, 0, session);
      const read = await text(body);
      const isEnded = ended(body);
      jest.advanceTimersByTime(TIMES.heartbeatMs);
      await settle();
      expect(session).toHaveBeenCalledTimes(1);
      expect(read()).toContain(': hb\n\n');
      expect(isEnded()).toBe(false);

      session.mockResolvedValue(false);
      jest.advanceTimersByTime(TIMES.heartbeatMs);
      await settle();
      expect(session).toHaveBeenCalledTimes(2);
      expect(read().match(/: hb/g)).toHaveLength(1);
      expect(isEnded()).toBe(true);
      expect(calls[0]!.call.cancel).toHaveBeenCalled();
      expect(s.count(UID)).toBe(0);
      jest.advanceTimersByTime(TIMES.heartbeatMs * 3);
      expect(session).toHaveBeenCalledTimes(2);
    });

    it('ends the stream when the session cannot be checked (identity unavailable), and says so in the log', async () => {
      const { streams: s, log } = streams();
      const { body } = s.start(UID, 0, () => Promise.reject(new Error('unavailable')));
      await text(body);
      const isEnded = ended(body);
      jest.advanceTimersByTime(TIMES.heartbeatMs);
      await settle();
      expect(isEnded()).toBe(true);
      expect(log.warn).toHaveBeenCalledWith(expect.anything(), expect.stringContaining('could not check its session'));
      expect(s.count(UID)).toBe(0);
    });

    it('asks once at a time: a slow check is not asked again by the next heartbeat', async () => {
      const { streams: s } = streams();
      let answer: (stands: boolean) => void = () => undefined;
      const session = jest.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
      const { close } = s.start(UID, 0, session);
      jest.advanceTimersByTime(TIMES.heartbeatMs * 3);
      expect(session).toHaveBeenCalledTimes(1);
      answer(true);
      await settle();
      jest.advanceTimersByTime(TIMES.heartbeatMs);
      expect(session).toHaveBeenCalledTimes(2);
      close();
    });

    it('ends cleanly after its longest life even while the session stands', async () => {
      const { streams: s, calls } = streams();
      const { body } = s.start(UID, 0, standing);
      await text(body);
      const isEnded = ended(body);
      jest.advanceTimersByTime(TIMES.maxLifeMs - 1);
      await settle();
      expect(isEnded()).toBe(false);
      jest.advanceTimersByTime(1);
      await settle();
      expect(isEnded()).toBe(true);
      expect(calls[0]!.call.cancel).toHaveBeenCalled();
      expect(s.count(UID)).toBe(0);
    });
  });

  it(`refuses more than ${STREAMS_PER_USER} streams of one user with TooManyRequests`, () => {
    const { streams: s } = streams();
    const open = Array.from({ length: STREAMS_PER_USER }, () => s.start(UID, 0, standing));
    expect(() => s.start(UID, 0, standing)).toThrow(expect.objectContaining({ code: 'TooManyRequests' }));
    open[0]!.close();
    expect(() => s.start(UID, 0, standing).close()).not.toThrow();
    s.onApplicationShutdown();
    expect(s.count(UID)).toBe(0);
  });
});
