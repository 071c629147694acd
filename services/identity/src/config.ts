import { mailConfigSchema, serviceConfigSchema } from '@pencraft/kit';
import { z } from 'zod';

export const identityConfigSchema = serviceConfigSchema.extend({
  /** Lifetime of a pc_su session (SPEC.md section 9: 30 days). */
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** The site's origin as browsers see it: mailed links point there (https://pencraft.az). */
  PUBLIC_ORIGIN: z.url({ protocol: /^https?$/ }),
}).extend(mailConfigSchema.shape);

export type IdentityConfig = z.infer<typeof identityConfigSchema>;
