import { serviceConfigSchema } from '@pencraft/kit';
import { z } from 'zod';

export const identityConfigSchema = serviceConfigSchema.extend({
  /** Lifetime of a pc_su session (SPEC.md section 9: 30 days). */
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
});

export type IdentityConfig = z.infer<typeof identityConfigSchema>;
