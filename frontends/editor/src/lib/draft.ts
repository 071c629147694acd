import type { EditorOutput } from './content.js';

/** The article being written, kept in this browser until it is published (per user). */
export interface LocalDraft {
  title: string;
  description: string;
  language: string;
  category: string;
  content: EditorOutput | null;
}

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const draftKey = (uid: string) => `pc_editor_draft:${uid}`;

export function loadDraft(storage: DraftStorage | null, uid: string): LocalDraft | null {
  try {
    const raw = storage?.getItem(draftKey(uid));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<LocalDraft> | null;
    if (!value || typeof value !== 'object') return null;
    const content =
      value.content && typeof value.content === 'object' && Array.isArray(value.content.blocks) ? value.content : null;
    return {
      title: typeof value.title === 'string' ? value.title : '',
      description: typeof value.description === 'string' ? value.description : '',
      language: typeof value.language === 'string' ? value.language : '',
      category: typeof value.category === 'string' ? value.category : '',
      content,
    };
  } catch {
    return null;
  }
}

/** False when the browser refused (storage disabled or full): the "failed" save state. */
export function saveDraft(storage: DraftStorage | null, uid: string, draft: LocalDraft): boolean {
  if (!storage) return false;
  try {
    storage.setItem(draftKey(uid), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(storage: DraftStorage | null, uid: string): void {
  try {
    storage?.removeItem(draftKey(uid));
  } catch {
    // Nothing to clear.
  }
}

export function browserStorage(): DraftStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
