import { PICTURE_MAX_BYTES, PICTURE_TYPES, RENAME_INTERVAL_DAYS } from '@pencraft/rules';
import { defineRoute } from '../http/route.js';
import { PictureUrl } from '../profile-settings/profile-settings.dto.js';
import {
  AnalyticsQuery,
  BySlugQuery,
  CreatePlanBody,
  CreatePublicationBody,
  Dashboard,
  EmptyPage,
  InvitationParams,
  InviteMemberBody,
  MemberList,
  MemberParams,
  MyPublications,
  MySubscriptions,
  PageQuery,
  PinnedArticles,
  PlanJson,
  PlanList,
  PlanParams,
  PublicationAbout,
  PublicationAnalytics,
  PublicationArticleParams,
  PublicationArticlesQuery,
  PublicationJson,
  PublicationParams,
  PublicationSettingsBody,
  PublicationSlugBody,
  PublicationView,
  StudioArticles,
  StudioCommentPage,
  SubscriberPage,
  SubscriptionJson,
} from './publications.dto.js';

const TAG = 'publications';
const STUDIO = '/api/core-publications/:id/studio';
/** What every studio route may answer: an unknown publication, an outsider, a member asking for an owner's action. */
const STUDIO_ERRORS = ['PublicationNotFound', 'ActorNotPublicationMember', 'ActorNotPublicationOwner'] as const;
const id = { id: 'PublicationNotFound' } as const;

// The publication's public face.

export const createPublicationRoute = defineRoute({
  operationId: 'createPublication',
  method: 'POST',
  path: '/api/core-publications',
  tag: TAG,
  summary:
    'Create a publication owned by the signed-in user (one per user); its name and slug are unique regardless of case',
  body: CreatePublicationBody,
  response: PublicationJson,
  status: 201,
  auth: 'confirmed',
  fieldCodes: { slug: 'InvalidSlug' },
  errors: ['UserAlreadyOwnsPublication', 'NameExists', 'SlugExists', 'InvalidSlug'],
});

export const publicationBySlugRoute = defineRoute({
  operationId: 'getPublicationBySlug',
  method: 'GET',
  path: '/api/core-publications',
  tag: TAG,
  summary:
    "A publication by its slug (what a subdomain names), with the viewer's role and subscription (there is no " +
    'listing of all publications)',
  query: BySlugQuery,
  response: PublicationView,
  auth: 'optional',
  fieldCodes: { slug: 'PublicationNotFound' },
  errors: ['PublicationNotFound'],
});

export const getPublicationRoute = defineRoute({
  operationId: 'getPublication',
  method: 'GET',
  path: '/api/core-publications/:id',
  tag: TAG,
  summary: "A publication, its counts, and the viewer's role and subscription",
  params: PublicationParams,
  response: PublicationView,
  auth: 'optional',
  fieldCodes: id,
  errors: ['PublicationNotFound'],
});

export const publicationArticlesRoute = defineRoute({
  operationId: 'listPublicationArticles',
  method: 'GET',
  path: '/api/core-publications/:id/articles',
  tag: TAG,
  summary:
    "A publication's published articles, a page at a time: its pinned ones first (last pinned first), then the " +
    'others newest first, each card saying whether it is pinned; pinned lists the ids of every pinned one',
  params: PublicationParams,
  query: PublicationArticlesQuery,
  response: PinnedArticles,
  fieldCodes: { ...id, cursor: 'InvalidPage' },
  errors: ['PublicationNotFound', 'InvalidPage'],
});

export const publicationAboutRoute = defineRoute({
  operationId: 'getPublicationAbout',
  method: 'GET',
  path: '/api/core-publications/:id/about',
  tag: TAG,
  summary: 'A publication and its members (owner first, then by joining time)',
  params: PublicationParams,
  response: PublicationAbout,
  fieldCodes: id,
  errors: ['PublicationNotFound'],
});

export const publicationCollectionsRoute = defineRoute({
  operationId: 'listPublicationCollections',
  method: 'GET',
  path: '/api/core-publications/:id/collections',
  tag: TAG,
  summary: "A publication's collections: always an empty page until collections belong to publications",
  params: PublicationParams,
  query: PageQuery,
  response: EmptyPage,
  fieldCodes: { ...id, page: 'InvalidPage' },
  errors: ['PublicationNotFound'],
});

export const subscribeRoute = defineRoute({
  operationId: 'subscribePublication',
  method: 'POST',
  path: '/api/core-publications/:id/sub',
  tag: TAG,
  summary: "Subscribe to a publication for free (not to one's own or one's team's: CannotSubscribePublication)",
  params: PublicationParams,
  response: SubscriptionJson,
  status: 201,
  auth: 'required',
  fieldCodes: id,
  errors: ['PublicationNotFound', 'AlreadySubscribed', 'CannotSubscribePublication'],
});

export const unsubscribeRoute = defineRoute({
  operationId: 'unsubscribePublication',
  method: 'POST',
  path: '/api/core-publications/:id/unsub',
  tag: TAG,
  summary: 'End a subscription: a free one goes; a paid one stops renewing and reads in full until its period ends',
  params: PublicationParams,
  status: 204,
  auth: 'required',
  fieldCodes: id,
  errors: ['PublicationNotFound', 'SubscriptionNotFound'],
});

export const publicationPlansRoute = defineRoute({
  operationId: 'listPublicationPlans',
  method: 'GET',
  path: '/api/core-publications/:id/plns',
  tag: TAG,
  summary: "A publication's paid plans, monthly first",
  params: PublicationParams,
  response: PlanList,
  fieldCodes: id,
  errors: ['PublicationNotFound'],
});

export const deletePublicationRoute = defineRoute({
  operationId: 'deletePublication',
  method: 'DELETE',
  path: '/api/core-publications/:id',
  tag: TAG,
  summary:
    'The owner deletes the publication: its members, invitations, subscriptions, plans and pins go; its articles ' +
    'stay under their authors',
  params: PublicationParams,
  status: 204,
  auth: 'required',
  fieldCodes: id,
  errors: [...STUDIO_ERRORS],
});

// The studio: members see it, the owner acts in it.

export const dashboardRoute = defineRoute({
  operationId: 'getPublicationDashboard',
  method: 'GET',
  path: `${STUDIO}/dashboard`,
  tag: TAG,
  summary: "The studio's front page for a member or the owner: the publication, the role, counts",
  params: PublicationParams,
  response: Dashboard,
  auth: 'required',
  fieldCodes: id,
  errors: ['PublicationNotFound', 'ActorNotPublicationMember'],
});

export const analyticsRoute = defineRoute({
  operationId: 'getPublicationAnalytics',
  method: 'GET',
  path: `${STUDIO}/analytics`,
  tag: TAG,
  summary:
    "The studio's analytics for a member or the owner: views, reads and subscribers per day over the period, and " +
    'the articles read most in it; for the owner also the revenue per day from the income ledger (integer qəpik)',
  params: PublicationParams,
  query: AnalyticsQuery,
  response: PublicationAnalytics,
  auth: 'required',
  fieldCodes: { ...id, days: 'InvalidModel' },
  errors: ['PublicationNotFound', 'ActorNotPublicationMember'],
});

export const studioCommentsRoute = defineRoute({
  operationId: 'listPublicationComments',
  method: 'GET',
  path: `${STUDIO}/comments`,
  tag: TAG,
  summary:
    "The published comments on the publication's published articles for a member or the owner, newest first, " +
    '20 a page, each with its article and author',
  params: PublicationParams,
  query: PageQuery,
  response: StudioCommentPage,
  auth: 'required',
  fieldCodes: { ...id, page: 'InvalidPage' },
  errors: ['PublicationNotFound', 'ActorNotPublicationMember'],
});

export const membersRoute = defineRoute({
  operationId: 'listPublicationMembers',
  method: 'GET',
  path: `${STUDIO}/members`,
  tag: TAG,
  summary: 'The members (owner first); the pending invitations too for the owner',
  params: PublicationParams,
  response: MemberList,
  auth: 'required',
  fieldCodes: id,
  errors: ['PublicationNotFound', 'ActorNotPublicationMember'],
});

export const inviteMemberRoute = defineRoute({
  operationId: 'invitePublicationMember',
  method: 'POST',
  path: `${STUDIO}/members`,
  tag: TAG,
  summary: 'The owner invites a user by username; the owner, members and pending invitations count towards the maximum',
  params: PublicationParams,
  body: InviteMemberBody,
  status: 204,
  auth: 'confirmed',
  fieldCodes: { ...id, username: 'UserNotFound' },
  errors: [...STUDIO_ERRORS, 'UserNotFound', 'MemberAlreadyInvited', 'MaxMembersCountReached'],
});

export const removeMemberRoute = defineRoute({
  operationId: 'removePublicationMember',
  method: 'DELETE',
  path: `${STUDIO}/members/:uid`,
  tag: TAG,
  summary:
    'The owner removes a member or cancels an invitation (never themself: CantDeleteSelfMember); a member leaves ' +
    'by removing themself',
  params: MemberParams,
  status: 204,
  auth: 'required',
  fieldCodes: { ...id, uid: 'MemberNotFound' },
  errors: [...STUDIO_ERRORS, 'MemberNotFound', 'CantDeleteSelfMember'],
});

export const subscribersRoute = defineRoute({
  operationId: 'listPublicationSubscribers',
  method: 'GET',
  path: `${STUDIO}/subscribers`,
  tag: TAG,
  summary: "The owner's page of subscribers, newest first, 20 a page",
  params: PublicationParams,
  query: PageQuery,
  response: SubscriberPage,
  auth: 'required',
  fieldCodes: { ...id, page: 'InvalidPage' },
  errors: [...STUDIO_ERRORS],
});

export const studioArticlesRoute = defineRoute({
  operationId: 'listStudioPublicationArticles',
  method: 'GET',
  path: `${STUDIO}/articles`,
  tag: TAG,
  summary:
    'Every article published in the publication, for a member or the owner: newest first, a page at a time by ' +
    'cursor, each with its author (and whether they are on the team now), whether it is pinned, its audience and ' +
    'its views and reads so far',
  params: PublicationParams,
  query: PublicationArticlesQuery,
  response: StudioArticles,
  auth: 'required',
  fieldCodes: { ...id, cursor: 'InvalidPage' },
  errors: ['PublicationNotFound', 'ActorNotPublicationMember', 'InvalidPage'],
});

export const pinArticleRoute = defineRoute({
  operationId: 'pinPublicationArticle',
  method: 'PUT',
  path: `${STUDIO}/articles/:aid/pin`,
  tag: TAG,
  summary: 'The owner pins an article of the publication',
  params: PublicationArticleParams,
  status: 204,
  auth: 'required',
  fieldCodes: { ...id, aid: 'ArticleNotFound' },
  errors: [...STUDIO_ERRORS, 'ArticleNotFound'],
});

export const unpinArticleRoute = defineRoute({
  operationId: 'unpinPublicationArticle',
  method: 'DELETE',
  path: `${STUDIO}/articles/:aid/pin`,
  tag: TAG,
  summary: 'The owner unpins an article (again: changes nothing)',
  params: PublicationArticleParams,
  status: 204,
  auth: 'required',
  fieldCodes: { ...id, aid: 'ArticleNotFound' },
  errors: [...STUDIO_ERRORS],
});

export const detachArticleRoute = defineRoute({
  operationId: 'detachPublicationArticle',
  method: 'POST',
  path: `${STUDIO}/articles/:aid/detach`,
  tag: TAG,
  summary: 'Detach an article from the publication (the owner any, a member their own): it stays under its author',
  params: PublicationArticleParams,
  status: 204,
  auth: 'required',
  fieldCodes: { ...id, aid: 'ArticleNotFound' },
  errors: [...STUDIO_ERRORS, 'ArticleNotFound'],
});

export const settingsRoute = defineRoute({
  operationId: 'updatePublicationSettings',
  method: 'PUT',
  path: `${STUDIO}/settings`,
  tag: TAG,
  summary:
    `The owner changes the description and the name (the name at most once every ${RENAME_INTERVAL_DAYS} days); ` +
    'an absent field stays',
  params: PublicationParams,
  body: PublicationSettingsBody,
  response: PublicationJson,
  auth: 'required',
  fieldCodes: id,
  errors: [...STUDIO_ERRORS, 'NameExists', 'CantUpdatePublicationName'],
});

export const slugRoute = defineRoute({
  operationId: 'updatePublicationSlug',
  method: 'PUT',
  path: `${STUDIO}/slug`,
  tag: TAG,
  summary: `The owner changes the slug (the subdomain), at most once every ${RENAME_INTERVAL_DAYS} days`,
  params: PublicationParams,
  body: PublicationSlugBody,
  response: PublicationJson,
  auth: 'required',
  fieldCodes: { ...id, slug: 'InvalidSlug' },
  errors: [...STUDIO_ERRORS, 'InvalidSlug', 'SlugExists', 'CantUpdatePublicationSlug'],
});

const imageBody = (what: string, size: string) => ({
  types: PICTURE_TYPES,
  maxBytes: PICTURE_MAX_BYTES,
  description:
    `The ${what} file itself (JPEG or PNG, at most 3 MB and 24 megapixels), as the raw body: judged by its content, ` +
    `cropped to ${size} and stored as JPEG without metadata; a larger body is refused before it is read.`,
});

export const setLogoRoute = defineRoute({
  operationId: 'setPublicationLogo',
  method: 'PUT',
  path: `${STUDIO}/logo`,
  tag: TAG,
  summary: "The owner replaces the publication's logo (stored 200x200); the answer is its URL under /media",
  params: PublicationParams,
  binaryBody: imageBody('logo', '200x200'),
  response: PictureUrl,
  auth: 'required',
  fieldCodes: id,
  errors: [...STUDIO_ERRORS, 'InvalidAvatarFormat', 'InvalidAvatarSize'],
});

export const removeLogoRoute = defineRoute({
  operationId: 'removePublicationLogo',
  method: 'DELETE',
  path: `${STUDIO}/logo`,
  tag: TAG,
  summary: "The owner removes the publication's logo",
  params: PublicationParams,
  status: 204,
  auth: 'required',
  fieldCodes: id,
  errors: [...STUDIO_ERRORS],
});

export const setCoverRoute = defineRoute({
  operationId: 'setPublicationCover',
  method: 'PUT',
  path: `${STUDIO}/cover`,
  tag: TAG,
  summary: "The owner replaces the publication's cover (stored 1200x240); the answer is its URL under /media",
  params: PublicationParams,
  binaryBody: imageBody('cover', '1200x240'),
  response: PictureUrl,
  auth: 'required',
  fieldCodes: id,
  errors: [...STUDIO_ERRORS, 'InvalidCoverFormat', 'InvalidCoverSize'],
});

export const removeCoverRoute = defineRoute({
  operationId: 'removePublicationCover',
  method: 'DELETE',
  path: `${STUDIO}/cover`,
  tag: TAG,
  summary: "The owner removes the publication's cover",
  params: PublicationParams,
  status: 204,
  auth: 'required',
  fieldCodes: id,
  errors: [...STUDIO_ERRORS],
});

export const studioPlansRoute = defineRoute({
  operationId: 'listStudioPlans',
  method: 'GET',
  path: `${STUDIO}/plans`,
  tag: TAG,
  summary: "The owner's paid plans (income)",
  params: PublicationParams,
  response: PlanList,
  auth: 'required',
  fieldCodes: id,
  errors: [...STUDIO_ERRORS],
});

export const createPlanRoute = defineRoute({
  operationId: 'createPublicationPlan',
  method: 'POST',
  path: `${STUDIO}/plans`,
  tag: TAG,
  summary: 'The owner adds a paid plan: one per interval, its price in qəpik',
  params: PublicationParams,
  body: CreatePlanBody,
  response: PlanJson,
  status: 201,
  auth: 'confirmed',
  fieldCodes: id,
  errors: [
    ...STUDIO_ERRORS,
    'EmptyPlanPrice',
    'CannotCreateFreePlan',
    'PlanPriceLessThan',
    'PlanPriceMoreThan',
    'AlreadyHasPlan',
  ],
});

export const deletePlanRoute = defineRoute({
  operationId: 'deletePublicationPlan',
  method: 'DELETE',
  path: `${STUDIO}/plans/:planId`,
  tag: TAG,
  summary: 'The owner deletes a plan: its paid subscribers stop renewing and read in full until their period ends',
  params: PlanParams,
  status: 204,
  auth: 'required',
  fieldCodes: { ...id, planId: 'PlanNotFound' },
  errors: [...STUDIO_ERRORS, 'PlanNotFound'],
});

// The settings pages: the user's publication, invitations and subscriptions.

export const myPublicationsRoute = defineRoute({
  operationId: 'getMyPublications',
  method: 'GET',
  path: '/api/ttin/pbls',
  tag: TAG,
  summary: "The signed-in user's publication (owned, else joined) and their pending invitations",
  response: MyPublications,
  auth: 'required',
});

export const acceptInvitationRoute = defineRoute({
  operationId: 'acceptPublicationInvitation',
  method: 'POST',
  path: '/api/ttin/pbls/invitations/:id/accept',
  tag: TAG,
  summary: "Accept a publication's invitation sent to the signed-in user: they become a member",
  params: InvitationParams,
  status: 204,
  auth: 'required',
  fieldCodes: { id: 'MemberNotFound' },
  errors: ['MemberNotFound'],
});

export const rejectInvitationRoute = defineRoute({
  operationId: 'rejectPublicationInvitation',
  method: 'POST',
  path: '/api/ttin/pbls/invitations/:id/reject',
  tag: TAG,
  summary: "Reject a publication's invitation sent to the signed-in user",
  params: InvitationParams,
  status: 204,
  auth: 'required',
  fieldCodes: { id: 'MemberNotFound' },
  errors: ['MemberNotFound'],
});

export const mySubscriptionsRoute = defineRoute({
  operationId: 'listMyPublicationSubscriptions',
  method: 'GET',
  path: '/api/ttin/sbcs',
  tag: TAG,
  summary: "The signed-in user's publication subscriptions with their publications, newest first",
  response: MySubscriptions,
  auth: 'required',
});
