import { objectStoreConfigSchema, serviceConfigSchema } from '@pencraft/kit';
import type { z } from 'zod';

/** The publications service's variables: a service's own and the object store's (logos and covers). */
export const publicationsConfigSchema = serviceConfigSchema.extend(objectStoreConfigSchema.shape);

export type PublicationsConfig = z.infer<typeof publicationsConfigSchema>;
