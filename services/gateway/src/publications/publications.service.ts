import { Inject, Injectable } from '@nestjs/common';
import { planIntervals, publicationImageKinds, publicationRoles } from '@pencraft/contracts/enums/publications';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import type { Member, Publication } from '@pencraft/contracts/publications/v1/publications';
import { AppError } from '@pencraft/errors';
import { CONFIG } from '@pencraft/kit';
import {
  mayInPublication,
  PAGE_SIZE,
  STUDIO_TOP_ARTICLES,
  type PlanInterval,
  type PublicationAction,
  type PublicationImageKind,
} from '@pencraft/rules';
import { SessionService } from '../accounts/session.service.js';
import { STATISTICS, type StatisticsClient } from '../analytics/statistics.upstream.js';
import { ARTICLES, type ArticlesClient } from '../articles/articles.upstream.js';
import { COMMENTS, type CommentsClient } from '../comments/comments.upstream.js';
import type { GatewayConfig } from '../config.js';
import { ENGAGEMENT, type EngagementClient } from '../reading/engagement.upstream.js';
import { PROFILES, type ProfileClient } from '../profiles/profile.upstream.js';
import {
  invitationJson,
  isoOrNull,
  type PersonJson,
  planJson,
  publicationArticleJson,
  publicationJson,
  roleOf,
  studioArticleJson,
  subscriptionJson,
} from './publications.dto.js';
import { PUBLICATIONS, type PublicationsClient } from '../upstreams/publications.upstream.js';

/**
 * Publications over the publications service. The actor is always the session's user (`actor_uid`); ids in paths
 * name publications, members, plans and articles, never who acts. The service decides every permission; the studio's
 * pages that only read (dashboard, members, plans) ask it for the viewer's role and apply PUBLICATION_PERMISSIONS.
 */
@Injectable()
export class PublicationsService {
  constructor(
    @Inject(PUBLICATIONS) private readonly publications: PublicationsClient,
    @Inject(PROFILES) private readonly profiles: ProfileClient,
    @Inject(ARTICLES) private readonly articles: ArticlesClient,
    @Inject(ENGAGEMENT) private readonly engagement: EngagementClient,
    @Inject(STATISTICS) private readonly statistics: StatisticsClient,
    @Inject(COMMENTS) private readonly comments: CommentsClient,
    @Inject(CONFIG) private readonly config: GatewayConfig,
    private readonly sessions: SessionService,
  ) {}

  private json(publication: Publication | undefined) {
    return publicationJson(publication!, this.config.PUBLIC_ORIGIN);
  }

  /** The viewer's role, or ActorNotPublicationMember (none) / ActorNotPublicationOwner (a member) for the action. */
  private async require(user: UserSummary, publicationId: string, action: PublicationAction) {
    const { role } = await this.publications.getRole({ publicationId, uid: user.uid });
    const name = publicationRoles.fromProto(role);
    if (!mayInPublication(name, action)) {
      throw new AppError(name ? 'ActorNotPublicationOwner' : 'ActorNotPublicationMember');
    }
    return name!;
  }

  /** The public names of users (null fields for an account that is gone). */
  private async people(uids: readonly string[]): Promise<Map<string, PersonJson>> {
    const unique = [...new Set(uids)];
    const found = await Promise.all(
      unique.map(async (uid): Promise<PersonJson> => {
        try {
          const { profile } = await this.profiles.getProfile({ uid });
          return { uid, username: profile!.username, fullname: profile!.fullname, imageUrl: profile!.imageUrl || null };
        } catch (error) {
          if (AppError.is(error) && error.code === 'UserNotFound') {
            return { uid, username: null, fullname: null, imageUrl: null };
          }
          throw error;
        }
      }),
    );
    return new Map(found.map((person) => [person.uid, person]));
  }

  private async members(members: readonly Member[]) {
    const people = await this.people(members.map((member) => member.uid));
    return members.map((member) => ({
      user: people.get(member.uid)!,
      role: publicationRoles.require(member.role, 'role'),
      joinedAt: new Date(member.joinedAtMs).toISOString(),
    }));
  }

  async create(user: UserSummary, body: { name: string; slug: string; description?: string | undefined }) {
    const { publication } = await this.publications.createPublication({
      actorUid: user.uid,
      name: body.name,
      slug: body.slug,
      description: body.description ?? '',
    });
    return this.json(publication);
  }

  async view(which: { id: string } | { slug: string }, token: string | undefined) {
    const viewer = await this.sessions.resolve(token);
    const answer = await this.publications.getPublication({
      id: 'id' in which ? which.id : '',
      slug: 'slug' in which ? which.slug : '',
      viewerUid: viewer?.uid ?? '',
    });
    return {
      publication: this.json(answer.publication),
      role: roleOf(answer.viewerRole),
      subscription: answer.viewerSubscription ? subscriptionJson(answer.viewerSubscription) : null,
      nameChangeableAt: isoOrNull(answer.nameChangeableAtMs),
      slugChangeableAt: isoOrNull(answer.slugChangeableAtMs),
    };
  }

  /**
   * The gateway merges: publications answers the pinned ids (PublicationNotFound for an unknown publication), and
   * articles the cards of the publication's published articles with those first; articles asks no one.
   */
  async articleList(publicationId: string, cursor: string) {
    const { articleIds } = await this.publications.listPinnedArticles({ publicationId });
    const page = await this.engagement.listPublicationArticles({
      publicationId,
      pinnedArticleIds: articleIds,
      cursor,
      pageSize: PAGE_SIZE,
      withStatistics: false,
    });
    return { pinned: articleIds, items: page.items.map(publicationArticleJson), nextCursor: page.nextCursor || null };
  }

  async about(publicationId: string) {
    const [{ publication }, { members }] = await Promise.all([
      this.publications.getPublication({ id: publicationId, slug: '', viewerUid: '' }),
      this.publications.listMembers({ actorUid: '', publicationId }),
    ]);
    return { publication: this.json(publication), members: await this.members(members) };
  }

  /** No collection belongs to a publication yet: an empty page of a publication that exists. */
  async collections(publicationId: string, page: number) {
    await this.publications.getPublication({ id: publicationId, slug: '', viewerUid: '' });
    return { items: [], page, pageSize: PAGE_SIZE, hasMore: false };
  }

  async subscribe(user: UserSummary, publicationId: string) {
    const { subscription } = await this.publications.subscribe({ actorUid: user.uid, publicationId });
    return subscriptionJson(subscription!);
  }

  async unsubscribe(user: UserSummary, publicationId: string) {
    await this.publications.unsubscribe({ actorUid: user.uid, publicationId });
  }

  async plans(publicationId: string) {
    const { plans } = await this.publications.listPlans({ publicationId });
    return { items: plans.map(planJson) };
  }

  /** The body is the file's bytes; anything else is not an image (the kind's format code, as the service answers). */
  async setImage(user: UserSummary, publicationId: string, kind: PublicationImageKind, body: unknown) {
    if (!Buffer.isBuffer(body)) throw new AppError(kind === 'logo' ? 'InvalidAvatarFormat' : 'InvalidCoverFormat');
    const { url } = await this.publications.uploadPublicationImage({
      actorUid: user.uid,
      publicationId,
      kind: publicationImageKinds.toProto(kind),
      image: body,
    });
    return { url };
  }

  async removeImage(user: UserSummary, publicationId: string, kind: PublicationImageKind) {
    await this.publications.removePublicationImage({
      actorUid: user.uid,
      publicationId,
      kind: publicationImageKinds.toProto(kind),
    });
  }

  /** The service deletes the publication's images itself once the deletion committed. */
  async delete(user: UserSummary, publicationId: string) {
    await this.publications.deletePublication({ actorUid: user.uid, publicationId });
  }

  async dashboard(user: UserSummary, publicationId: string) {
    const role = await this.require(user, publicationId, 'viewStudio');
    const [view, { articleIds }, { plans }] = await Promise.all([
      this.publications.getPublication({ id: publicationId, slug: '', viewerUid: user.uid }),
      this.publications.listPinnedArticles({ publicationId }),
      this.publications.listPlans({ publicationId }),
    ]);
    return {
      publication: this.json(view.publication),
      role,
      nameChangeableAt: isoOrNull(view.nameChangeableAtMs),
      slugChangeableAt: isoOrNull(view.slugChangeableAtMs),
      pinned: articleIds.length,
      plans: plans.length,
    };
  }

  /** Invitees are named like members: their usernames resolved at identity. */
  async studioMembers(user: UserSummary, publicationId: string) {
    await this.require(user, publicationId, 'viewStudio');
    const { members, invitations } = await this.publications.listMembers({ actorUid: user.uid, publicationId });
    const [items, invitees] = await Promise.all([
      this.members(members),
      this.people(invitations.map((invitation) => invitation.uid)),
    ]);
    return {
      items,
      invitations: invitations.map((invitation) => ({
        ...invitationJson(invitation),
        user: invitees.get(invitation.uid)!,
      })),
    };
  }

  /**
   * Articles sums the daily views and reads of the publication's articles and names the most read; publications
   * counts the subscribers of each day (and checks the viewer again), and for the owner (viewIncome) sums the income
   * ledger per day. The gateway merges the series by date; a member's answer has no revenue.
   */
  async analytics(user: UserSummary, publicationId: string, days: number) {
    const role = await this.require(user, publicationId, 'viewStudio');
    const [statistics, history, income] = await Promise.all([
      this.statistics.getPublicationStatistics({ publicationId, days, topCount: STUDIO_TOP_ARTICLES }),
      this.publications.getSubscriberHistory({ actorUid: user.uid, publicationId, days }),
      mayInPublication(role, 'viewIncome')
        ? this.publications.getIncomeHistory({ actorUid: user.uid, publicationId, days })
        : undefined,
    ]);
    const subscribers = new Map(history.days.map((day) => [day.date, day]));
    return {
      days,
      daily: statistics.daily.map((day) => ({
        date: day.date,
        views: day.views,
        reads: day.reads,
        subscribers: subscribers.get(day.date)?.subscribers ?? 0,
        newSubscribers: subscribers.get(day.date)?.newSubscribers ?? 0,
      })),
      top: statistics.top.map((article) => ({
        articleId: article.articleId,
        title: article.title,
        views: article.views,
        reads: article.reads,
      })),
      revenue: income
        ? {
            currency: 'AZN' as const,
            totalQepik: income.totalQepik,
            daily: income.days.map((day) => ({ date: day.date, amountQepik: day.amountQepik, payments: day.payments })),
          }
        : null,
    };
  }

  /** Articles names the publication's published articles; comments lists the published comments on them. */
  async studioComments(user: UserSummary, publicationId: string, page: number) {
    await this.require(user, publicationId, 'viewStudio');
    const { articleIds } = await this.statistics.listPublicationArticleIds({ publicationId });
    if (articleIds.length === 0) return { items: [], page, pageSize: PAGE_SIZE, hasMore: false };
    const answer = await this.comments.listArticlesComments({ articleIds, page, pageSize: PAGE_SIZE });
    return {
      items: answer.items.map((comment) => ({
        id: comment.id,
        articleId: comment.articleId,
        articleTitle: comment.articleTitle,
        content: comment.content,
        author: {
          uid: comment.author?.uid ?? '',
          username: comment.author?.username || null,
          fullname: comment.author?.fullname || null,
          imageUrl: comment.author?.imageUrl || null,
        },
        depth: comment.depth,
        up: comment.up,
        down: comment.down,
        createdAt: new Date(comment.createdAtMs).toISOString(),
      })),
      page,
      pageSize: PAGE_SIZE,
      hasMore: answer.hasMore,
    };
  }

  /** The invitee is named by username and resolved at identity (UserNotFound there). */
  async invite(user: UserSummary, publicationId: string, username: string) {
    const { profile } = await this.profiles.getPublicProfile({ username, viewerUid: '' });
    await this.publications.inviteMember({ actorUid: user.uid, publicationId, inviteeUid: profile!.uid });
  }

  async removeMember(user: UserSummary, publicationId: string, memberUid: string) {
    await this.publications.removeMember({ actorUid: user.uid, publicationId, memberUid });
  }

  async subscribers(user: UserSummary, publicationId: string, page: number) {
    const result = await this.publications.listSubscribers({
      actorUid: user.uid,
      publicationId,
      page,
      pageSize: PAGE_SIZE,
    });
    const people = await this.people(result.subscribers.map((subscription) => subscription.uid));
    return {
      items: result.subscribers.map((subscription) => ({
        user: people.get(subscription.uid)!,
        subscription: subscriptionJson(subscription),
      })),
      page,
      total: result.total,
      hasMore: result.hasMore,
    };
  }

  /**
   * The studio's list: every published article of the publication, newest first (articles' list without pins puts
   * none first), each marked pinned from publications' set, with its audience and counts, and whether its author is
   * on the team now (publications' roles, once per author of the page): only theirs can be pinned.
   */
  async studioArticles(user: UserSummary, publicationId: string, cursor: string) {
    await this.require(user, publicationId, 'viewStudio');
    const { articleIds } = await this.publications.listPinnedArticles({ publicationId });
    const page = await this.engagement.listPublicationArticles({
      publicationId,
      pinnedArticleIds: [],
      cursor,
      pageSize: PAGE_SIZE,
      withStatistics: true,
    });
    const authors = [...new Set(page.items.map((item) => item.card!.author!.uid))];
    const onTeam = new Map(
      await Promise.all(
        authors.map(async (uid) => [uid, (await this.publications.getRole({ publicationId, uid })).isMember] as const),
      ),
    );
    const pinned = new Set(articleIds);
    return {
      items: page.items.map((item) =>
        studioArticleJson(item, pinned.has(item.card!.id), onTeam.get(item.card!.author!.uid) ?? false),
      ),
      pinned: articleIds,
      nextCursor: page.nextCursor || null,
    };
  }

  /** The article's author as articles knows it (ArticleNotFound there), once the actor is known to be in the studio. */
  private async authorOf(user: UserSummary, publicationId: string, articleId: string) {
    await this.require(user, publicationId, 'viewStudio');
    const { article } = await this.articles.getArticle({ articleId, viewerUid: user.uid });
    return article!.author!.uid;
  }

  /**
   * Articles do not name their publication yet: until they do, only an article written by someone of the publication
   * (owner or member) may be pinned in it (else ArticleNotFound).
   */
  async pin(user: UserSummary, publicationId: string, articleId: string) {
    const articleAuthorUid = await this.authorOf(user, publicationId, articleId);
    const { isMember } = await this.publications.getRole({ publicationId, uid: articleAuthorUid });
    if (!isMember) throw new AppError('ArticleNotFound');
    await this.publications.pinArticle({ actorUid: user.uid, publicationId, articleId, articleAuthorUid });
  }

  async unpin(user: UserSummary, publicationId: string, articleId: string) {
    await this.publications.unpinArticle({ actorUid: user.uid, publicationId, articleId });
  }

  async detach(user: UserSummary, publicationId: string, articleId: string) {
    const articleAuthorUid = await this.authorOf(user, publicationId, articleId);
    await this.publications.detachArticle({ actorUid: user.uid, publicationId, articleId, articleAuthorUid });
  }

  async update(
    user: UserSummary,
    publicationId: string,
    body: { name?: string | undefined; slug?: string | undefined; description?: string | undefined },
  ) {
    const { publication } = await this.publications.updatePublication({
      actorUid: user.uid,
      publicationId,
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.slug !== undefined ? { slug: body.slug } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
    });
    return this.json(publication);
  }

  async studioPlans(user: UserSummary, publicationId: string) {
    await this.require(user, publicationId, 'managePlans');
    return this.plans(publicationId);
  }

  async createPlan(
    user: UserSummary,
    publicationId: string,
    body: { interval: PlanInterval; price?: number | undefined; description?: string | undefined },
  ) {
    const { plan } = await this.publications.createPlan({
      actorUid: user.uid,
      publicationId,
      interval: planIntervals.toProto(body.interval),
      ...(body.price !== undefined ? { priceQepik: body.price } : {}),
      description: body.description ?? '',
    });
    return planJson(plan!);
  }

  async deletePlan(user: UserSummary, publicationId: string, planId: string) {
    await this.publications.deletePlan({ actorUid: user.uid, publicationId, planId });
  }

  async mine(user: UserSummary) {
    const [mine, { invitations }] = await Promise.all([
      this.publications.getMyPublication({ actorUid: user.uid }),
      this.publications.listInvitations({ actorUid: user.uid }),
    ]);
    return {
      publication: mine.publication ? this.json(mine.publication) : null,
      role: mine.publication ? roleOf(mine.role) : null,
      invitations: invitations.map(invitationJson),
    };
  }

  async respond(user: UserSummary, publicationId: string, accept: boolean) {
    await this.publications.respondInvitation({ actorUid: user.uid, publicationId, accept });
  }

  async mySubscriptions(user: UserSummary) {
    const { subscriptions } = await this.publications.listMySubscriptions({ actorUid: user.uid });
    return {
      items: subscriptions.map((item) => ({
        publication: this.json(item.publication),
        subscription: subscriptionJson(item.subscription!),
      })),
    };
  }
}
