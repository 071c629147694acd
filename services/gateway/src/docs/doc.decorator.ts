import { SetMetadata } from '@nestjs/common';
import type { ErrorCode } from '@pencraft/errors';
import type { z } from 'zod';

export const DOC_KEY = 'pencraft:doc';

/** What the OpenAPI document says of one route; the schemas are the same zod schemas the route parses with. */
export interface DocSpec {
  summary: string;
  tag: string;
  body?: z.ZodType;
  query?: z.ZodType;
  response?: z.ZodType;
  /** Success status (200 unless said). */
  status?: number;
  /** required: 401 without a session; optional: the answer depends on who asks. */
  auth?: 'required' | 'optional';
  errors?: ErrorCode[];
}

export const Doc = (spec: DocSpec) => SetMetadata(DOC_KEY, spec);
