import { describe, expect, it, jest } from '@jest/globals';
import type { ApiClient } from '@pencraft/ui';
import i18next from 'i18next';
import { memoizeTranslations, sharingFixedAnswers } from './memo.js';

async function catalogue() {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'az',
    ns: ['common'],
    defaultNS: 'common',
    resources: {
      az: {
        common: {
          hello: 'Salam',
          long: '{{day}} {{month}} {{year}}',
          comment_one: '{{count}} şərh',
          comment_other: '{{count}} şərh (çox)',
          raw: '{{html}}',
        },
      },
    },
  });
  return i18n;
}

/** t with options built at run time (i18next's overloads want literal option types). */
const tr = (i18n: Awaited<ReturnType<typeof catalogue>>, key: string, options?: Record<string, unknown>) =>
  (i18n.t as unknown as (key: string, options?: unknown) => unknown)(key, options);

describe('memoizeTranslations', () => {
  it('answers what i18next answers, working each text out once per options', async () => {
    const plain = await catalogue();
    const memo = await catalogue();
    const lookups = jest.spyOn(memo, 't');
    memoizeTranslations(memo);
    const asks: [string, Record<string, unknown>?][] = [
      ['hello'],
      ['hello', { lng: 'az', ns: 'common' }],
      ['long', { day: 25, month: 'noyabr', year: 2026 }],
      ['long', { day: 26, month: 'noyabr', year: 2026 }],
      ['comment', { count: 1 }],
      ['comment', { count: 5 }],
    ];
    for (let round = 0; round < 3; round += 1) {
      for (const [key, options] of asks) expect(tr(memo, key, options)).toBe(tr(plain, key, options));
    }
    expect(lookups).toHaveBeenCalledTimes(asks.length);
  });

  it('asks again for a key no catalogue had, so a namespace loaded later is found', async () => {
    const memo = await catalogue();
    memoizeTranslations(memo);
    expect(tr(memo, 'late:title')).toBe('title');
    memo.addResourceBundle('az', 'late', { title: 'Gec gələn' });
    expect(tr(memo, 'late:title')).toBe('Gec gələn');
  });

  it('never reuses a text for options it cannot compare (objects), nor mixes values up', async () => {
    const plain = await catalogue();
    const memo = await catalogue();
    const lookups = jest.spyOn(memo, 't');
    memoizeTranslations(memo);
    const options = { html: '<b>x</b>', interpolation: { escapeValue: false } };
    expect(tr(memo, 'raw', options)).toBe(tr(plain, 'raw', options));
    expect(tr(memo, 'raw', options)).toBe(tr(plain, 'raw', options));
    expect(lookups).toHaveBeenCalledTimes(2);
    // A value that looks like a separator does not collide with another set of options.
    expect(tr(memo, 'long', { day: '1\u0000', month: 'm', year: 1 })).toBe('1\u0000 m 1');
    expect(tr(memo, 'long', { day: '1', month: '\u0000m', year: 1 })).toBe('1 \u0000m 1');
  });
});

describe('sharingFixedAnswers', () => {
  const fakeClient = () => {
    const get = jest.fn(async (path: string) => ({ path }));
    return { client: { get } as unknown as ApiClient, get };
  };

  it('asks for the category list once a minute, every other path each time', async () => {
    let now = 0;
    const { client, get } = fakeClient();
    const shared = sharingFixedAnswers(client, () => now);
    const ask = (path: string) => (shared.get as unknown as (path: string) => Promise<unknown>)(path);
    await ask('/api/articles/categories');
    await ask('/api/articles/categories');
    await ask('/api/articles/{id}');
    await ask('/api/articles/{id}');
    expect(get.mock.calls.map(([path]) => path)).toEqual([
      '/api/articles/categories',
      '/api/articles/{id}',
      '/api/articles/{id}',
    ]);
    now = 60_001;
    await ask('/api/articles/categories');
    expect(get).toHaveBeenCalledTimes(4);
  });

  it('does not keep a failure', async () => {
    const get = jest
      .fn<(path: string) => Promise<unknown>>()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValue({ items: [] });
    const shared = sharingFixedAnswers({ get } as unknown as ApiClient, () => 0);
    const ask = () => (shared.get as unknown as (path: string) => Promise<unknown>)('/api/articles/categories');
    await expect(ask()).rejects.toThrow('down');
    await expect(ask()).resolves.toEqual({ items: [] });
  });
});
