import { Inject, Injectable } from '@nestjs/common';
import type { Author } from '@pencraft/contracts/articles/v1/articles';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { SessionService } from '../accounts/session.service.js';
import { articleJson } from '../articles/article.dto.js';
import { ARTICLES, type ArticlesClient } from '../articles/articles.upstream.js';
import { PROFILES, type ProfileClient } from '../profiles/profile.upstream.js';
import { COLLABORATION, type CollaborationClient } from './collaboration.upstream.js';
import { invitationJson } from './collaboration.dto.js';
import { languages } from '@pencraft/contracts/enums';
import { type Lang } from '@pencraft/rules';

const author = (user: UserSummary): Author => ({
  uid: user.uid,
  username: user.username,
  fullname: user.fullname,
  imageUrl: user.imageUrl,
});

/**
 * The language versions of an article and co-author invitations over the articles service's CollaborationService. The acting user is always
 * the session's; an invitee is named by username and resolved at identity (UserNotFound there).
 */
@Injectable()
export class CollaborationService {
  constructor(
    @Inject(COLLABORATION) private readonly collaboration: CollaborationClient,
    @Inject(ARTICLES) private readonly articles: ArticlesClient,
    @Inject(PROFILES) private readonly profiles: ProfileClient,
    private readonly sessions: SessionService,
  ) {}

  async invite(user: UserSummary, draftId: string, username: string) {
    const { profile } = await this.profiles.getPublicProfile({ username, viewerUid: '' });
    const invitee: Author = {
      uid: profile!.uid,
      username: profile!.username,
      fullname: profile!.fullname,
      imageUrl: profile!.imageUrl,
    };
    const { invitation } = await this.collaboration.inviteCoAuthor({ draftId, inviter: author(user), invitee });
    return invitationJson(invitation!);
  }

  async invitations(user: UserSummary) {
    const { invitations } = await this.collaboration.listInvitations({ inviteeUid: user.uid });
    return { items: invitations.map(invitationJson) };
  }

  async decide(user: UserSummary, invitationId: string, accept: boolean) {
    const { invitation } = await this.collaboration.decideInvitation({ invitationId, invitee: author(user), accept });
    return invitationJson(invitation!);
  }

  /** The article of the group in that language, read as GET /api/articles/{id} reads it (for this viewer). */
  async translation(articleId: string, language: Lang, sessionToken: string | undefined): Promise<string> {
    const viewer = await this.sessions.resolve(sessionToken);
    const viewerUid = viewer?.uid ?? '';
    const found = await this.collaboration.findArticleTranslation({
      articleId,
      language: languages.toProto(language),
      viewerUid,
    });
    const { article } = await this.articles.getArticle({ articleId: found.articleId, viewerUid });
    return articleJson(article!);
  }
}
