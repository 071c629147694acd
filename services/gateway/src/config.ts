import { baseConfigSchema, booleanFlag } from '@pencraft/kit';
import { z } from 'zod';
import { captchaConfigShape, checkCaptchaConfig } from './captcha/captcha.config.js';
import { notificationStreamConfigShape } from './notifications/notifications.config.js';
import { partnerConfigShape } from './partner/partner.config.js';
import { keycloakConfigShape } from './staff/staff.config.js';

/** The gateway's own variables; each upstream's <NAME>_GRPC_ADDR is added by the module that calls it. */
const gatewayVariables = baseConfigSchema.extend({
  REDIS_URL: z.url({ protocol: /^rediss?$/ }),
  /** The site's origin as browsers see it (https://pencraft.az); unsafe requests from other origins are refused. */
  PUBLIC_ORIGIN: z.url({ protocol: /^https?$/ }),
  /** Cookies carry Secure unless this is false (only for plain-http local development). */
  COOKIE_SECURE: booleanFlag(true),
  /** Parent domain for cookies so publication subdomains share the session (e.g. pencraft.az); host-only when empty. */
  COOKIE_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]*$/)
    .default(''),
  CSRF_SECRET: z.string().min(32, 'must be at least 32 characters'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /** Analytics reports (page views, reads) per address and minute, a budget of their own. */
  ANALYTICS_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** How many proxies in front of the gateway may set X-Forwarded-For (0: use the socket address). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(5).default(0),
  /** Seconds a public page (a published article, the home list) is served from memory before asking again. */
  PUBLIC_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(2),
  /** Local development only: prefix=url pairs for the frontends (the Ingress routes them on Kubernetes). */
  EDGE_ROUTES: z
    .string()
    .default('')
    .refine(
      (value) => value === '' || value.split(',').every((pair) => /^\/[^=]*=https?:\/\/[^\s,]+$/.test(pair)),
      'must be prefix=url pairs separated by commas',
    ),
  /**
   * Local development only: the static frontends this process serves besides the API, each on its own port (a JSON
   * array of their environments: packages/static-server's STATIC_SITES), so that they take no process of their own.
   */
  STATIC_SITES: z.string().default(''),
  /** Local development only: pattern=url pairs of the pages a frontend renders on the server (e.g. /a/:id). */
  EDGE_PAGES: z
    .string()
    .default('')
    .refine(
      (value) =>
        value === '' || value.split(',').every((pair) => /^\/[A-Za-z0-9_.@:/-]*=https?:\/\/[^\s,=]+$/.test(pair)),
      'must be pattern=url pairs separated by commas',
    ),
  ...captchaConfigShape,
  ...keycloakConfigShape,
  ...notificationStreamConfigShape,
  ...partnerConfigShape,
});

export const gatewayConfigSchema = gatewayVariables.superRefine(checkCaptchaConfig);

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
