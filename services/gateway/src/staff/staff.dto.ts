import { z } from 'zod';
import { STAFF_ROLES } from './staff-token.verifier.js';

export const StaffConfig = z
  .object({
    url: z.string().meta({ description: "Keycloak's base URL as browsers reach it (keycloak-js `url`)" }),
    realm: z.string().meta({ description: 'The realm of the staff accounts' }),
    clientId: z.string().meta({ description: "The staff console's public client (authorization code + PKCE S256)" }),
  })
  .meta({ id: 'StaffConfig', description: 'Where the staff console signs in (Keycloak)' });

export const StaffMe = z
  .object({
    sub: z.string().meta({ description: "Keycloak's id of the staff member" }),
    username: z.string(),
    roles: z.array(z.enum(STAFF_ROLES)),
  })
  .meta({ id: 'StaffMe', description: 'The staff member a bearer token names, with their staff roles' });

export const StaffAuthStatus = z
  .object({
    issuer: z.string(),
    audience: z.string(),
    realm: z.string(),
    keysReachable: z.boolean().meta({ description: "Whether the gateway can fetch the realm's signing keys now" }),
    keyCount: z.number().int().meta({ description: 'How many signing keys the realm publishes' }),
  })
  .meta({
    id: 'StaffAuthStatus',
    description: "How the gateway checks staff tokens, and whether Keycloak's keys answer",
  });
