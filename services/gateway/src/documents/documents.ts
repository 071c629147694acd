import { AppError } from '@pencraft/errors';
import type { Lang } from '@pencraft/rules';
import type { DocumentText, DocumentTexts } from './document.types.js';
import { agreement } from './texts/agreement.js';
import { gdpr } from './texts/gdpr.js';
import { payment } from './texts/payment.js';
import { privacy } from './texts/privacy.js';

/** The documents of SPEC.md section 2, served at /api/docs/{kind} (the API reference keeps /api/docs itself). */
export const DOCUMENT_KINDS = ['agreement', 'privacy', 'payment', 'gdpr'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/**
 * A version's `uid` is the day it took effect (YYYY-MM-DD), so the version someone accepted is the newest one whose
 * uid is not later than the day they accepted (identity keeps `terms_accepted_at` from registration).
 */
export const DOCUMENT_UID = /^\d{4}-\d{2}-\d{2}$/;

interface DocumentVersion {
  uid: string;
  texts: DocumentTexts;
}

/** Every version of every document, newest first. A change is a new version on top; old ones stay readable. */
const VERSIONS: Record<DocumentKind, readonly DocumentVersion[]> = {
  agreement: [{ uid: '2026-11-01', texts: agreement }],
  privacy: [{ uid: '2026-11-01', texts: privacy }],
  payment: [{ uid: '2026-11-01', texts: payment }],
  gdpr: [{ uid: '2026-11-01', texts: gdpr }],
};

export interface DocumentAnswer extends DocumentText {
  kind: DocumentKind;
  uid: string;
  /** The day this version took effect, as an ISO date. */
  effectiveFrom: string;
  language: Lang;
  /** Whether this is the version in force. */
  current: boolean;
  /** Every version, newest first. */
  versions: { uid: string; effectiveFrom: string }[];
}

/** One document in one language: the version in force, or the version `uid` (NotFound when there is none). */
export function findDocument(kind: DocumentKind, language: Lang, uid?: string): DocumentAnswer {
  const versions = VERSIONS[kind];
  const version = uid === undefined ? versions[0] : versions.find((v) => v.uid === uid);
  if (!version) throw new AppError('NotFound');
  return {
    kind,
    uid: version.uid,
    effectiveFrom: version.uid,
    language,
    current: version === versions[0],
    versions: versions.map((v) => ({ uid: v.uid, effectiveFrom: v.uid })),
    ...version.texts[language],
  };
}

/** The version of a document in force on a day (e.g. the one a user accepted at registration), if any. */
export function versionInForce(kind: DocumentKind, at: Date): string | undefined {
  const day = at.toISOString().slice(0, 10);
  return VERSIONS[kind].find((v) => v.uid <= day)?.uid;
}
