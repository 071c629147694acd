import type { Author } from '@pencraft/contracts/articles/v1/articles';
import {
  InvitationStatus,
  type GetDraftCollaborationResponse,
  type Invitation,
} from '@pencraft/contracts/articles/v1/collaboration';
import { LANGS, USERNAME_MAX, USERNAME_MIN } from '@pencraft/rules';
import { z } from 'zod';
import { ArticleId } from '../articles/article.dto.js';
import { languages } from '@pencraft/contracts/enums';

const Lang = z.enum(LANGS);

export const TranslateQuery = z.object({
  aid: ArticleId.meta({ description: 'The article to translate (an original or one of its translations)' }),
  lang: Lang.meta({ description: 'The language of the translation' }),
});
export const DraftParams = z.object({ id: ArticleId.meta({ description: 'The draft id' }) });
/** A username as identity accepts one (Latin letters, digits and underscore, a letter first); any case. */
const USERNAME = new RegExp(`^[A-Za-z][A-Za-z0-9_]{${USERNAME_MIN - 1},${USERNAME_MAX - 1}}$`);

export const InviteQuery = z.object({
  username: z.string().regex(USERNAME).meta({ description: 'The username of the person to invite (any case)' }),
});
export const InvitationParams = z.object({ id: ArticleId.meta({ description: 'The invitation id' }) });
export const TranslationParams = z.object({ id: ArticleId, lang: Lang });

const Person = z.object({ uid: z.string(), username: z.string(), fullname: z.string(), imageUrl: z.string() });

const STATUS_NAMES = ['pending', 'accepted', 'rejected'] as const;

export const InvitationJson = z
  .object({
    id: z.string(),
    draftId: z
      .string()
      .nullable()
      .meta({ description: 'The draft of a new article it was sent from (until submitted)' }),
    articleId: z.string().nullable().meta({ description: 'The article it belongs to (once there is one)' }),
    title: z.string().meta({ description: "The draft's current title, or the article's" }),
    inviter: Person,
    invitee: Person,
    status: z.enum(STATUS_NAMES),
    createdAt: z.iso.datetime(),
    decidedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'CoAuthorInvitation' });

export const InvitationList = z.object({ items: z.array(InvitationJson) }).meta({ id: 'CoAuthorInvitationList' });

export const DraftCollaborationJson = z
  .object({
    draftId: z.string(),
    owner: Person,
    coAuthors: z.array(Person),
    invitations: z
      .array(InvitationJson)
      .meta({ description: 'Every invitation of the draft (only for its principal author; a co-author gets [])' }),
    translations: z
      .array(z.object({ id: z.string(), language: Lang }))
      .meta({ description: "The published versions of the draft's translation group" }),
  })
  .meta({ id: 'DraftCollaboration' });

const STATUS_JSON: Partial<Record<InvitationStatus, (typeof STATUS_NAMES)[number]>> = {
  [InvitationStatus.INVITATION_STATUS_PENDING]: 'pending',
  [InvitationStatus.INVITATION_STATUS_ACCEPTED]: 'accepted',
  [InvitationStatus.INVITATION_STATUS_REJECTED]: 'rejected',
};

const EMPTY: Author = { uid: '', username: '', fullname: '', imageUrl: '' };
const iso = (ms: number) => new Date(ms).toISOString();

export function invitationJson(invitation: Invitation): z.infer<typeof InvitationJson> {
  return {
    id: invitation.id,
    draftId: invitation.draftId || null,
    articleId: invitation.articleId || null,
    title: invitation.title,
    inviter: invitation.inviter ?? EMPTY,
    invitee: invitation.invitee ?? EMPTY,
    status: STATUS_JSON[invitation.status] ?? 'pending',
    createdAt: iso(invitation.createdAtMs),
    decidedAt: invitation.decidedAtMs ? iso(invitation.decidedAtMs) : null,
  };
}

/** The collaboration part of a draft's details (GET /api/drafts/{id}/dtls merges it into the draft's answer). */
export function draftCollaborationJson(details: GetDraftCollaborationResponse): z.infer<typeof DraftCollaborationJson> {
  return {
    draftId: details.draftId,
    owner: details.owner ?? EMPTY,
    coAuthors: details.coAuthors,
    invitations: details.invitations.map(invitationJson),
    translations: details.translations.map((t) => ({ id: t.id, language: languages.require(t.language, 'language') })),
  };
}
