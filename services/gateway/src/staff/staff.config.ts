import { z } from 'zod';

/**
 * Keycloak, which signs the staff's access tokens: where the gateway fetches the realm's keys (KEYCLOAK_URL), the
 * address browsers use and the issuer is derived from (KEYCLOAK_PUBLIC_URL, the same unless a cluster-internal
 * address differs from the public one), the realm, the staff console's client and the audience of the API.
 */
export const keycloakConfigShape = {
  KEYCLOAK_URL: z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, '')),
  KEYCLOAK_PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  KEYCLOAK_REALM: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .default('pencraft'),
  KEYCLOAK_CONSOLE_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/)
    .default('pencraft-console'),
  KEYCLOAK_AUDIENCE: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/)
    .default('pencraft-api'),
};

export interface KeycloakSettings {
  KEYCLOAK_URL: string;
  KEYCLOAK_PUBLIC_URL?: string | undefined;
  KEYCLOAK_REALM: string;
  KEYCLOAK_CONSOLE_CLIENT_ID: string;
  KEYCLOAK_AUDIENCE: string;
}

/** The URL browsers use (the staff console's keycloak-js). */
export function keycloakPublicUrl(config: KeycloakSettings): string {
  return config.KEYCLOAK_PUBLIC_URL ?? config.KEYCLOAK_URL;
}

/** The `iss` of the realm's tokens: Keycloak names itself by its public address (its hostname setting). */
export function keycloakIssuer(config: KeycloakSettings): string {
  return `${keycloakPublicUrl(config)}/realms/${config.KEYCLOAK_REALM}`;
}

/** The realm's signing keys (JWKS), fetched over the gateway's own route to Keycloak. */
export function keycloakJwksUrl(config: KeycloakSettings): string {
  return `${config.KEYCLOAK_URL}/realms/${config.KEYCLOAK_REALM}/protocol/openid-connect/certs`;
}
