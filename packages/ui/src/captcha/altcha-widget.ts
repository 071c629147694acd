// Defines <altcha-widget> with the strings of our three languages. The `external` build, because its
// proof-of-work workers are then served from our own origin, as the Content-Security-Policy requires (the default
// build starts them from blob: URLs, which it refuses).
import 'altcha/external';
import 'altcha/altcha.css';
import 'altcha/i18n/az';
import 'altcha/i18n/en';
import 'altcha/i18n/ru';

// The gateway's challenges are SHA-256 (services/gateway/src/captcha/altcha.verifier.ts).
const { $altcha } = globalThis as unknown as { $altcha: { algorithms: Map<string, () => Worker> } };
$altcha.algorithms.set('SHA-256', () => new Worker(new URL('altcha/workers/sha', import.meta.url)));
