// useTranslation for the server rendering (rspack.server.mjs aliases `react-i18next` to server/react-i18next.mjs,
// which is react-i18next with this hook). On the server every catalogue is loaded before the first request and an
// instance's language never changes, so the answer for a namespace list ([t, i18n, ready]) is worked out once per
// instance and handed to every component. react-i18next's own hook builds it again in each component (its options, a
// JSON key, the load checks, event counts, a Proxy of the instance and a fixed t): about a twentieth of an article
// page's CPU. Options other than the instance, and namespaces not loaded yet, go to react-i18next's hook.
import type { i18n as I18n } from 'i18next';
import { useContext, type Context } from 'react';

/** What the hook needs of react-i18next (its module: passed in, so the hook is tested against the real one). */
export interface ReactI18next {
  useTranslation: (ns?: string | readonly string[], props?: Record<string, unknown>) => unknown;
  getDefaults: () => Record<string, unknown>;
  getI18n: () => I18n | undefined;
  I18nContext: Context<{ i18n?: I18n; defaultNS?: string | readonly string[] } | undefined>;
}

type Answer = [unknown, I18n, true] & { t: unknown; i18n: I18n; ready: true };

export function serverUseTranslation(real: ReactI18next) {
  /** Per i18next instance: the answer of each namespace list. */
  const answers = new WeakMap<I18n, Map<string, Answer>>();
  return function useTranslation(ns?: string | readonly string[], props?: Record<string, unknown>): unknown {
    const context = useContext(real.I18nContext);
    const i18n = (props?.i18n as I18n | undefined) ?? context?.i18n ?? real.getI18n();
    if (!i18n || (props && Object.keys(props).some((key) => key !== 'i18n'))) return real.useTranslation(ns, props);
    const given = ns ?? context?.defaultNS ?? (i18n.options?.defaultNS as string | readonly string[] | undefined);
    const namespaces: readonly string[] = typeof given === 'string' ? [given] : (given ?? ['translation']);
    const key = namespaces.join('\u0000');
    let known = answers.get(i18n);
    const hit = known?.get(key);
    if (hit) return hit;
    if (!i18n.isInitialized || !namespaces.every((n) => i18n.hasLoadedNamespace(n))) {
      return real.useTranslation(ns, props);
    }
    const options = { ...real.getDefaults(), ...(i18n.options?.react as Record<string, unknown> | undefined) };
    const getFixedT = i18n.getFixedT as unknown as (...args: unknown[]) => unknown;
    const t = getFixedT.call(
      i18n,
      i18n.language,
      options.nsMode === 'fallback' ? namespaces : namespaces[0],
      undefined,
      { scopeNs: namespaces },
    );
    const answer = Object.assign([t, i18n, true], { t, i18n, ready: true }) as Answer;
    if (!known) answers.set(i18n, (known = new Map()));
    known.set(key, answer);
    return answer;
  };
}
