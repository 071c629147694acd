import { EDITOR_DRAFT_PREFIX } from '@pencraft/ui';
import type { EditorOutput } from './content.js';
import type { Audience } from '@pencraft/rules';

/** What a writer fills in for a draft (the article fields of SPEC.md section 3). */
export interface DraftValues {
  title: string;
  description: string;
  language: string;
  category: string;
  subCategories: string[];
  /** Only the personal blog until publications exist. */
  target: 'personal';
  audience: Audience;
  content: EditorOutput | null;
}

/** Changes the server has not confirmed yet, and the draft version they were made on. */
export interface Pending {
  values: DraftValues;
  baseVersion: number;
  /** When the writer made them (ms since the epoch). */
  changedAt: number;
  /**
   * A save sent on `baseVersion` whose answer never came (the connection went): the server may hold it as
   * `baseVersion + 1`, which is then this browser's own save, not another's.
   */
  unanswered?: DraftValues;
}

export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The article not yet created on the server (the key the editor used before drafts lived on the server). Every key
 * starts with EDITOR_DRAFT_PREFIX: the shell removes them all at sign-out.
 */
export const newDraftKey = (uid: string) => `${EDITOR_DRAFT_PREFIX}${uid}`;
/** Unsent changes of one server draft. */
export const draftKey = (uid: string, draftId: string) => `${EDITOR_DRAFT_PREFIX}${uid}:${draftId}`;

type Raw = Record<string, unknown>;
const isRaw = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

export function emptyValues(language: string): DraftValues {
  return {
    title: '',
    description: '',
    language,
    category: '',
    subCategories: [],
    target: 'personal',
    audience: 'free',
    content: null,
  };
}

/** Values from anything stored or received: unknown fields dropped, missing ones empty. */
export function toValues(raw: unknown, fallbackLanguage = ''): DraftValues {
  const value = isRaw(raw) ? raw : {};
  const content =
    isRaw(value.content) && Array.isArray(value.content.blocks) ? (value.content as unknown as EditorOutput) : null;
  return {
    title: str(value.title),
    description: str(value.description),
    language: str(value.language) || fallbackLanguage,
    category: str(value.category),
    subCategories: Array.isArray(value.subCategories)
      ? value.subCategories.filter((s): s is string => typeof s === 'string')
      : [],
    target: 'personal',
    audience: value.audience === 'paid' ? 'paid' : 'free',
    content,
  };
}

/** True when both hold the same text and settings (what the server has needs no sending). */
export function sameValues(a: DraftValues, b: DraftValues): boolean {
  const strip = (v: DraftValues) =>
    JSON.stringify({
      ...v,
      content: v.content ? { blocks: v.content.blocks } : null,
      subCategories: [...v.subCategories].sort(),
    });
  return strip(a) === strip(b);
}

export function loadPending(storage: DraftStorage | null, key: string): Pending | null {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as unknown;
    if (!isRaw(parsed)) return null;
    // The editor before server drafts kept the fields themselves under the user's key.
    if (!isRaw(parsed.values)) return { values: toValues(parsed), baseVersion: 0, changedAt: 0 };
    return {
      values: toValues(parsed.values),
      baseVersion: typeof parsed.baseVersion === 'number' ? parsed.baseVersion : 0,
      changedAt: typeof parsed.changedAt === 'number' ? parsed.changedAt : 0,
      ...(isRaw(parsed.unanswered) ? { unanswered: toValues(parsed.unanswered) } : {}),
    };
  } catch {
    return null;
  }
}

/** Keeps (or, with null, forgets) the unsent changes; false when the browser refused (storage off or full). */
export function keepPending(storage: DraftStorage | null, key: string, pending: Pending | null): boolean {
  if (!storage) return false;
  try {
    if (pending) storage.setItem(key, JSON.stringify(pending));
    else storage.removeItem(key);
    return true;
  } catch {
    return false;
  }
}

export function browserStorage(): DraftStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
