// Translations and co-authors (SPEC.md sections 4, 8 and 9), shared by the editor and the articles service.
import { LANGS, type Lang } from './languages.js';

/** Where a co-author invitation stands (SPEC.md section 4: invited, then accepted or rejected). */
export const INVITATION_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** Co-authors of one draft or article besides its author, pending invitations included (MaxAuthorsCountReached). */
export const COAUTHORS_MAX = 3;

/**
 * The languages an article can still be translated into: not its own, and none that its group already holds (a
 * published, pending or draft translation), in the product's order.
 */
export function translationLanguages(original: string, taken: readonly string[]): Lang[] {
  return LANGS.filter((lang) => lang !== original && !taken.includes(lang));
}

export type InvitationProblem = 'self' | 'alreadyInvited' | 'maxAuthors';

/**
 * Whether the principal author may invite this user: never themself, once per person (pending, accepted or
 * rejected), and while fewer than COAUTHORS_MAX invitations are pending or accepted.
 */
export function invitationProblem(input: {
  authorUid: string;
  inviteeUid: string;
  invited: readonly { uid: string; status: InvitationStatus }[];
}): InvitationProblem | undefined {
  if (input.inviteeUid === input.authorUid) return 'self';
  if (input.invited.some((i) => i.uid === input.inviteeUid)) return 'alreadyInvited';
  if (input.invited.filter((i) => i.status !== 'rejected').length >= COAUTHORS_MAX) return 'maxAuthors';
  return undefined;
}
