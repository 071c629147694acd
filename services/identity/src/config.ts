import { mailConfigSchema, objectStoreConfigSchema, serviceConfigSchema } from '@pencraft/kit';
import { z } from 'zod';

export const identityConfigSchema = serviceConfigSchema
  .extend({
    /** Lifetime of a pc_su session (SPEC.md section 9: 30 days). */
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** 32 bytes in hex: the AES-256-GCM key that seals TOTP secrets at rest (SecretBox). */
    MFA_ENCRYPTION_KEY: z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex digits (32 bytes)'),
    /** 32 bytes in hex: the HMAC-SHA-256 key recovery codes are stored under (RecoveryCodeHasher). */
    RECOVERY_CODE_HMAC_KEY: z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex digits (32 bytes)'),
    /** How often each replica looks for accounts whose deletion grace period is over. */
    DELETION_JOB_INTERVAL_SECONDS: z.coerce.number().min(0.2).max(86_400).default(300),
    /** The site's origin as browsers see it: mailed links point there (https://pencraft.az). */
    PUBLIC_ORIGIN: z.url({ protocol: /^https?$/ }),
    /**
     * Who delivers SMS (phone verification codes). `dev`: a mail to <digits>@sms.pencraft.test through the mailer, read
     * from the mail catcher; a real SMS gateway is a new SmsSender and a new value here.
     */
    SMS_PROVIDER: z.enum(['dev']).default('dev'),
    /**
     * Partner clients (issue #18): Keycloak's base URL as this service reaches it, the realm, and the confidential
     * client whose service account may manage the realm's clients (realm-management manage-clients, view-clients,
     * query-clients). Without them the registry still answers, and creating, rotating or revoking is OperationFailed.
     */
    KEYCLOAK_URL: z.url({ protocol: /^https?$/ }).optional(),
    KEYCLOAK_REALM: z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/)
      .default('pencraft'),
    KEYCLOAK_ADMIN_CLIENT_ID: z.string().min(1).default('pencraft-identity-admin'),
    KEYCLOAK_ADMIN_CLIENT_SECRET: z.string().min(1).optional(),
    /**
     * Clients of the realm file registered as partners on start (comma separated Keycloak client ids; every scope,
     * the default limits), when missing: the local stack's demo partner `pencraft-partners`. Empty in production.
     */
    PARTNER_SEED_CLIENTS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
  })
  .extend(mailConfigSchema.shape)
  .extend(objectStoreConfigSchema.shape);

export type IdentityConfig = z.infer<typeof identityConfigSchema>;
