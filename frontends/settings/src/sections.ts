// The settings screens, grouped as the index shows them. Each is a page of its own (its own chunk) under
// /settings/<id>; the index and the side navigation are drawn from this list.
import type { PageModule } from '@pencraft/ui';

export type SectionGroup = 'profile' | 'account' | 'security' | 'preferences' | 'danger';

export interface Section {
  /** The path segment under /settings and the key of its strings (`sections.<id>`). */
  id: string;
  group: SectionGroup;
  load: () => Promise<PageModule>;
}

export const GROUPS: readonly SectionGroup[] = ['profile', 'account', 'security', 'preferences', 'danger'];

export const SECTIONS: readonly Section[] = [];
