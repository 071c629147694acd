import { mailConfigSchema, serviceConfigSchema } from '@pencraft/kit';
import { z } from 'zod';

export const notificationsConfigSchema = serviceConfigSchema
  .extend({
    /** identity's gRPC address: where a mail goes and in which language (GetContact). */
    IDENTITY_GRPC_ADDR: z.string().regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, 'must be host:port'),
    /** The site's origin as browsers see it: mailed links point there. */
    PUBLIC_ORIGIN: z.url({ protocol: /^https?$/ }),
    /** How often the mail sender looks for notifications to mail besides being woken by new ones. */
    MAIL_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
    /** How often an open stream looks for new notifications besides being woken by PostgreSQL (a safety net). */
    LIVE_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  })
  .extend(mailConfigSchema.shape);

export type NotificationsConfig = z.infer<typeof notificationsConfigSchema>;
