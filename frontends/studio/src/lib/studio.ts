import { mayInPublication, type PublicationAction, type PublicationRole } from '@pencraft/rules';
import type { Schemas, SessionUser } from '@pencraft/ui';

/** What every studio page gets from its frame: the signed-in user, their publication and role. */
export interface Studio {
  user: SessionUser;
  dashboard: Schemas['PublicationDashboard'];
  publication: Schemas['Publication'];
  role: PublicationRole;
  /** Whether the user's role may take an action (PUBLICATION_PERMISSIONS): the pages hide what it may not. */
  may: (action: PublicationAction) => boolean;
  /** Loads the publication and the dashboard's figures again (after a change). */
  reload: () => void;
}

export function studioOf(user: SessionUser, dashboard: Schemas['PublicationDashboard'], reload: () => void): Studio {
  const role = dashboard.role;
  return {
    user,
    dashboard,
    publication: dashboard.publication,
    role,
    may: (action) => mayInPublication(role, action),
    reload,
  };
}

/** The path parameters of the studio's calls. */
export const onPublication = (studio: Pick<Studio, 'publication'>) => ({
  params: { path: { id: studio.publication.id } },
});
