// Dev-only secrets, generated once per profile into .data/<profile>/secrets.json (never committed: .data/ is ignored).
// A secret missing from an older file is generated and added; the ones already there are kept (the object store's
// keys must match the data it already holds).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Stack } from './registry.ts';

export interface Secrets {
  csrfSecret: string;
  /** versitygw's root access key and secret; the services that use the object store sign with them. */
  s3AccessKey: string;
  s3SecretKey: string;
  /** The gateway's altcha key (CAPTCHA_HMAC_KEY): signs the captcha challenges. */
  captchaHmacKey: string;
  /** identity's MFA_ENCRYPTION_KEY (32 bytes in hex): seals TOTP secrets; kept, or enrolled authenticators break. */
  mfaEncryptionKey: string;
  /** identity's RECOVERY_CODE_HMAC_KEY (32 bytes in hex): recovery codes are stored under it; kept, or they stop working. */
  recoveryCodeHmacKey: string;
  /** Keycloak's master-realm administrator `kcadmin` (its admin console at http://localhost:<keycloak port>/admin). */
  keycloakBootstrapPassword: string;
  /**
   * The pencraft realm's demo staff: `moderator` (role moderator), `admin` (moderator + admin) and `finance` (role
   * finance: the payouts queue).
   */
  keycloakModeratorPassword: string;
  keycloakAdminPassword: string;
  keycloakFinancePassword: string;
  /** `nostaff`: a realm user without staff roles (tests: a valid token that must be refused). */
  keycloakNoStaffPassword: string;
  /** The confidential clients' secrets: pencraft-partners (client credentials) and pencraft-tests (test profile). */
  keycloakPartnersSecret: string;
  keycloakTestsSecret: string;
  /** pencraft-identity-admin: identity's service account that makes, rotates and disables partner clients (issue #18). */
  keycloakIdentityAdminSecret: string;
  /**
   * The Stripe client's key and the webhook signing secret of the local stack: test-mode shapes (sk_test_, whsec_)
   * for stripe-mock, which takes any test key; the suites sign webhook payloads with the secret.
   */
  stripeSecretKey: string;
  stripeWebhookSecret: string;
  /**
   * The signing secret of the donations service's own webhook endpoint (/api/donations/webhooks/stripe): Stripe
   * signs each endpoint with its own secret, so supports and subscriptions are verified apart.
   */
  stripeDonationsWebhookSecret: string;
  /** notifications' WEBHOOK_ENCRYPTION_KEY (32 bytes in hex): seals partner webhook secrets; kept, or they break. */
  webhookEncryptionKey: string;
  /**
   * The seed of every NATS and Redis user's password (issue #19, messaging.ts derives one per server and user), so one
   * key stands for the admin's and each service's credentials.
   */
  messagingKey: string;
}

const GENERATORS: { [K in keyof Secrets]: () => string } = {
  csrfSecret: () => randomBytes(32).toString('hex'),
  // S3 access keys are conventionally upper-case alphanumerics (20 characters).
  s3AccessKey: () => `PC${randomBytes(9).toString('hex').toUpperCase()}`,
  s3SecretKey: () => randomBytes(30).toString('base64url'),
  captchaHmacKey: () => randomBytes(32).toString('hex'),
  mfaEncryptionKey: () => randomBytes(32).toString('hex'),
  recoveryCodeHmacKey: () => randomBytes(32).toString('hex'),
  keycloakBootstrapPassword: () => randomBytes(18).toString('base64url'),
  keycloakModeratorPassword: () => randomBytes(18).toString('base64url'),
  keycloakAdminPassword: () => randomBytes(18).toString('base64url'),
  keycloakFinancePassword: () => randomBytes(18).toString('base64url'),
  keycloakNoStaffPassword: () => randomBytes(18).toString('base64url'),
  keycloakPartnersSecret: () => randomBytes(32).toString('base64url'),
  keycloakTestsSecret: () => randomBytes(32).toString('base64url'),
  keycloakIdentityAdminSecret: () => randomBytes(32).toString('base64url'),
  stripeSecretKey: () => `sk_test_${randomBytes(24).toString('hex')}`,
  stripeWebhookSecret: () => `whsec_${randomBytes(24).toString('hex')}`,
  stripeDonationsWebhookSecret: () => `whsec_${randomBytes(24).toString('hex')}`,
  webhookEncryptionKey: () => randomBytes(32).toString('hex'),
  messagingKey: () => randomBytes(32).toString('hex'),
};

const MIN_LENGTH: { [K in keyof Secrets]: number } = {
  csrfSecret: 32,
  s3AccessKey: 16,
  s3SecretKey: 32,
  captchaHmacKey: 32,
  mfaEncryptionKey: 64,
  recoveryCodeHmacKey: 64,
  keycloakBootstrapPassword: 16,
  keycloakModeratorPassword: 16,
  keycloakAdminPassword: 16,
  keycloakFinancePassword: 16,
  keycloakNoStaffPassword: 16,
  keycloakPartnersSecret: 32,
  keycloakTestsSecret: 32,
  keycloakIdentityAdminSecret: 32,
  stripeSecretKey: 40,
  stripeWebhookSecret: 40,
  stripeDonationsWebhookSecret: 40,
  webhookEncryptionKey: 64,
  messagingKey: 64,
};

export function secretsFile(stack: Stack): string {
  return join(stack.dataDir, 'secrets.json');
}

export function loadSecrets(stack: Stack): Secrets {
  const file = secretsFile(stack);
  const stored: Partial<Record<string, unknown>> = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<string, unknown>>)
    : {};
  let changed = false;
  const secrets = {} as Secrets;
  for (const key of Object.keys(GENERATORS) as (keyof Secrets)[]) {
    const value = stored[key];
    if (typeof value === 'string' && value.length >= MIN_LENGTH[key]) {
      secrets[key] = value;
    } else {
      secrets[key] = GENERATORS[key]();
      changed = true;
    }
  }
  if (changed) {
    mkdirSync(stack.dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify({ ...stored, ...secrets }, null, 2)}\n`, { mode: 0o600 });
  }
  return secrets;
}
