import type { Studio } from '../lib/studio.js';

/** The dashboard's figures, in the order the dashboard and the analytics table show them. */
export function figuresOf(studio: Studio) {
  return [
    { id: 'members', value: studio.publication.members },
    { id: 'subscribers', value: studio.publication.subscribers },
    { id: 'pinned', value: studio.dashboard.pinned },
    { id: 'plans', value: studio.dashboard.plans },
  ] as const;
}
