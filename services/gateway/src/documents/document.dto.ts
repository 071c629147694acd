import { LANGS } from '@pencraft/rules';
import { z } from 'zod';
import { DOCUMENT_KINDS, DOCUMENT_UID } from './documents.js';

export const DocumentParams = z.object({ kind: z.enum(DOCUMENT_KINDS) });

export const DocumentQuery = z.object({
  lang: z.enum(LANGS).optional().describe('az, en or ru; without it the request language (Accept-Language)'),
  uid: z
    .string()
    .regex(DOCUMENT_UID)
    .optional()
    .describe(
      'A version of the document: the day it took effect (YYYY-MM-DD), as listed in `versions`. Without it the version ' +
        'in force. The version a user accepted at registration is the newest one whose uid is not after the day they ' +
        'registered.',
    ),
});

const DocumentSection = z.object({ heading: z.string(), paragraphs: z.array(z.string()) });

export const DocumentJson = z
  .object({
    kind: z.enum(DOCUMENT_KINDS),
    uid: z.string().describe('This version'),
    effectiveFrom: z.string().describe('The day this version took effect (ISO date)'),
    language: z.enum(LANGS),
    current: z.boolean().describe('Whether this is the version in force'),
    title: z.string(),
    summary: z.string(),
    sections: z.array(DocumentSection).describe('Plain text: headings and paragraphs, never markup'),
    versions: z.array(z.object({ uid: z.string(), effectiveFrom: z.string() })).describe('Every version, newest first'),
  })
  .meta({ id: 'LegalDocument' });
