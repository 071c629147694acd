// What the studio remote adds to the site (exposed as `./routes`): its pages under /studio and its strings.
// system.json mounts it at /studio, so the shell loads it only there; that is also why it adds no navigation entry
// (an entry would show only once the remote is loaded): the way in is the settings' publication page.
import type { RemoteManifest } from '@pencraft/ui';
import { SECTIONS } from './sections.js';

const studio = {
  routes: SECTIONS.map((section) => ({ path: section.path, load: section.load })),
  navigation: [],
  namespaces: {
    studio: (language: string) => import(`./locales/${language}.ts`),
    studioJobs: (language: string) => import(`./locales/jobs/${language}.ts`),
  },
} satisfies RemoteManifest;

export default studio;
