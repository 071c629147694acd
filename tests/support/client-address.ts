// The loopback address a suite's own requests from Node leave from (sign-ups, API calls, captcha challenges), beside
// the browser's (launchBrowser's clientAddress): the browser suites run two at a time, and the gateway's per-address
// limits must count each suite's requests apart from the other's, as they count two people apart.
import { Agent } from 'undici';

let dispatcher: Agent | undefined;

/** From now on, this suite's requests through suiteFetch leave from `address` (a 127.0.0.0/8 address). */
export function useClientAddress(address: string): void {
  dispatcher = new Agent({ localAddress: address });
}

/** fetch, from the suite's own loopback address once useClientAddress chose one. */
export const suiteFetch: typeof fetch = (input, init) =>
  fetch(input, dispatcher ? ({ ...init, dispatcher } as RequestInit) : init);
