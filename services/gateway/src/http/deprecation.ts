import type { RouteSpec } from './route.js';

/**
 * The headers of a deprecated route's every answer: `Deprecation` (RFC 9745: `@` and the Unix time it was
 * deprecated), `Sunset` (RFC 8594: the HTTP date it stops answering) and, when it has one, a `Link` to its successor
 * (`rel="successor-version"`). Dates are ISO dates or times (UTC); a declaration that is not one fails at start.
 */
export function deprecationHeaders(deprecated: NonNullable<RouteSpec['deprecated']>): Record<string, string> {
  const since = Date.parse(deprecated.since);
  const sunset = Date.parse(deprecated.sunset);
  if (Number.isNaN(since) || Number.isNaN(sunset) || sunset < since)
    throw new Error(
      `deprecated route: since ${deprecated.since} and sunset ${deprecated.sunset} must be ISO dates, in order`,
    );
  return {
    deprecation: `@${Math.floor(since / 1000)}`,
    sunset: new Date(sunset).toUTCString(),
    ...(deprecated.link ? { link: `<${deprecated.link}>; rel="successor-version"` } : {}),
  };
}
