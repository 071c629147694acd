import { fileURLToPath } from 'node:url';

/** Where consumer tests write pacts and provider tests read them (a local stand-in for a Pact Broker). */
export const PACT_DIR = fileURLToPath(new URL('./pacts', import.meta.url));
