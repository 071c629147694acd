import { createElement, useEffect, useRef, useState } from 'react';
import { DEFAULT_LANG, isLang } from '@pencraft/rules';
import { useTranslation } from 'react-i18next';
import { loadAltcha } from './altcha.js';

/** Where the widget fetches a challenge (the gateway's captcha area). */
export const CAPTCHA_CHALLENGE_URL = '/api/captcha/challenge';

// No interaction data is collected: the proof of work is the whole check.
const CONFIGURATION = JSON.stringify({ humanInteractionSignature: false });

export interface CaptchaProps {
  /** The payload to send as X-Captcha once solved; null while unsolved, expired or failed. */
  onChange: (payload: string | null) => void;
  /** A new value asks for a new challenge (a solved one is accepted once: after a refused submit, change it). */
  resetKey?: number | string;
}

/**
 * The captcha of the forms that need one: altcha's proof of work, solved in the browser once the form is used
 * (or the box is ticked), in the page's language and theme.
 */
export function Captcha({ onChange, resetKey }: CaptchaProps) {
  const { i18n } = useTranslation();
  const language = isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
  const [widget, setWidget] = useState<(HTMLElement & { reset?: () => void }) | null>(null);
  const [loaded, setLoaded] = useState(false);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);

  useEffect(() => {
    let live = true;
    void loadAltcha().then(() => {
      if (live) setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!widget) return;
    const listener = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      changed.current(state === 'verified' && payload ? payload : null);
    };
    widget.addEventListener('statechange', listener);
    return () => widget.removeEventListener('statechange', listener);
  }, [widget]);

  useEffect(() => {
    if (resetKey === undefined) return;
    widget?.reset?.();
    changed.current(null);
  }, [resetKey, widget]);

  return (
    <div className="pc-captcha">
      {loaded ? (
        // createElement: the custom element's attributes need no JSX typing (altcha's own only resolves for bundlers).
        createElement('altcha-widget', {
          ref: setWidget,
          challenge: CAPTCHA_CHALLENGE_URL,
          language,
          auto: 'onfocus',
          configuration: CONFIGURATION,
        })
      ) : (
        <div className="pc-captcha__placeholder" aria-hidden="true" />
      )}
    </div>
  );
}
