import { AppError } from '@pencraft/errors';
import type { Queryable } from '@pencraft/kit';
import { isUuid, mayInPublication, type PublicationAction, type PublicationRole } from '@pencraft/rules';
import type { MemberRepository } from '../members/member.repository.js';
import type { PublicationRepository } from './publication.repository.js';
import type { PublicationRow } from './publication.table.js';

/** The acting user as the gateway resolved the session; anything but a UUID is no session. */
export function actorOf(uid: string): string {
  if (!isUuid(uid)) throw new AppError('Unauthorized');
  return uid;
}

/**
 * The permission table applied (rules: PUBLICATION_PERMISSIONS): nobody's role is ActorNotPublicationMember, a
 * role the action is not given to is ActorNotPublicationOwner (members are refused only owner actions).
 */
export function authorize(role: PublicationRole | undefined, action: PublicationAction): PublicationRole {
  if (role === undefined) throw new AppError('ActorNotPublicationMember');
  if (!mayInPublication(role, action)) throw new AppError('ActorNotPublicationOwner');
  return role;
}

/** The publication (PublicationNotFound), read or locked for the change, without asking who acts. */
export async function publicationOf(
  publications: PublicationRepository,
  tx: Queryable,
  id: string,
  lock = false,
): Promise<PublicationRow> {
  if (!isUuid(id)) throw new AppError('PublicationNotFound');
  const row = lock ? await publications.lock(tx, id) : await publications.find(tx, id);
  if (!row) throw new AppError('PublicationNotFound');
  return row;
}

/** The publication and the actor's role, once the actor may take the action there. */
export async function publicationFor(
  repositories: { publications: PublicationRepository; members: MemberRepository },
  tx: Queryable,
  id: string,
  actorUid: string,
  action: PublicationAction,
  lock = false,
): Promise<{ publication: PublicationRow; role: PublicationRole }> {
  const publication = await publicationOf(repositories.publications, tx, id, lock);
  const role = authorize(await repositories.members.roleOf(tx, publication.id, actorUid), action);
  return { publication, role };
}
