import { describe, expect, it } from '@jest/globals';
import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import * as real from 'react-i18next';
import { I18nextProvider } from 'react-i18next';
import { serverUseTranslation, type ReactI18next } from './translation.js';

const useServerTranslation = serverUseTranslation(real as unknown as ReactI18next);

async function instance(language: string) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    ns: ['reader', 'common'],
    defaultNS: 'common',
    react: { useSuspense: false },
    resources: {
      az: {
        reader: { title: 'Məqalə', count_one: '{{count}} şərh', count_other: '{{count}} şərh' },
        common: { ok: 'Oldu' },
      },
      en: {
        reader: { title: 'Article', count_one: '{{count}} comment', count_other: '{{count}} comments' },
        common: { ok: 'OK' },
      },
    },
  });
  return i18n;
}

type Hook = (ns?: string | readonly string[], props?: Record<string, unknown>) => unknown;
type Answer = {
  t: (key: string, options?: Record<string, unknown>) => string;
  i18n: { language: string };
  ready: boolean;
};

/** What a component sees of each hook: the texts it renders and the answer's shape. */
function Texts({ hook, ns, props }: { hook: Hook; ns?: string | string[]; props?: Record<string, unknown> }) {
  const answer = hook(ns, props) as Answer & unknown[];
  const [t, i18n, ready] = answer;
  return (
    <p>
      {[
        answer.t('title'),
        answer.t('count', { count: 1 }),
        answer.t('count', { count: 5 }),
        answer.t('common:ok'),
        answer.t('ok'),
        answer.i18n.language,
        String(answer.ready),
        String(t === answer.t && i18n === answer.i18n && ready === answer.ready),
      ].join('|')}
    </p>
  );
}

describe("the server's useTranslation", () => {
  it.each([
    ['reader', undefined],
    [['reader', 'common'], undefined],
    [undefined, undefined],
    ['reader', { keyPrefix: 'count' }],
  ] as [string | string[] | undefined, Record<string, unknown> | undefined][])(
    'answers what react-i18next answers (%j, %j)',
    async (ns, props) => {
      for (const language of ['az', 'en']) {
        const i18n = await instance(language);
        const page = (hook: Hook) =>
          renderToString(
            <I18nextProvider i18n={i18n}>
              <Texts hook={hook} ns={ns} props={props} />
              <Texts hook={hook} ns={ns} props={props} />
            </I18nextProvider>,
          );
        expect(page(useServerTranslation)).toBe(page(real.useTranslation as unknown as Hook));
      }
    },
  );

  it('works the answer out once per instance and namespace list, and hands it to every component', async () => {
    const [az, en] = [await instance('az'), await instance('en')];
    const seen: unknown[] = [];
    function Probe({ ns }: { ns: string }) {
      seen.push(useServerTranslation(ns));
      return null;
    }
    for (const i18n of [az, az, en]) {
      renderToString(
        <I18nextProvider i18n={i18n}>
          <Probe ns="reader" />
          <Probe ns="common" />
        </I18nextProvider>,
      );
    }
    expect(seen[0]).toBe(seen[2]);
    expect(seen[1]).toBe(seen[3]);
    expect(seen[0]).not.toBe(seen[1]);
    expect(seen[4]).not.toBe(seen[0]);
  });

  it("leaves a namespace that is not loaded to react-i18next's hook", async () => {
    const i18n = await instance('az');
    // As while a backend still loads it.
    i18n.hasLoadedNamespace = () => false;
    const page = (hook: Hook) =>
      renderToString(
        <I18nextProvider i18n={i18n}>
          <Texts hook={hook} ns="later" />
        </I18nextProvider>,
      );
    expect(page(useServerTranslation)).toBe(page(real.useTranslation as unknown as Hook));
    expect(page(useServerTranslation)).toContain('false');
  });
});
