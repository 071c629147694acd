// Defines <altcha-widget> with the strings of our three languages. The `external` build, because its
// proof-of-work workers are then served from our own origin, as the Content-Security-Policy requires (the default
// build starts them from blob: URLs, which it refuses).
import 'altcha/external';
import 'altcha/altcha.css';
import 'altcha/i18n/az';
import 'altcha/i18n/en';
import 'altcha/i18n/ru';

// The gateway's challenges are SHA-256 (services/gateway/src/captcha/altcha.verifier.ts).
const { $altcha } = globalThis as unknown as {
  $altcha: {
    algorithms: Map<string, () => Worker>;
    i18n: { get(lang: string): Record<string, string>; set(lang: string, strings: Record<string, string>): void };
  };
};

// altcha's Azerbaijani footer puts the words in English order ("Qorunur ALTCHA tərəfindən"); ours reads naturally.
$altcha.i18n.set('az', {
  ...$altcha.i18n.get('az'),
  footer:
    '<a href="https://altcha.org/" tabindex="-1" target="_blank" aria-label="Altcha (rəsmi vebsayt)">ALTCHA</a> ' +
    'tərəfindən qorunur',
});
$altcha.algorithms.set('SHA-256', () => new Worker(new URL('altcha/workers/sha', import.meta.url)));
