import { Injectable } from '@nestjs/common';
import type { Author } from '@pencraft/contracts/articles/v1/articles';
import { AppError } from '@pencraft/errors';
import { Clock, TransactionManager } from '@pencraft/kit';
import { draftCapProblem, isLang, translationLanguages } from '@pencraft/rules';
import { AuthorRepository } from '../authors/author.repository.js';
import { CoAuthorRepository } from '../coauthors/coauthor.repository.js';
import { TranslationRepository, type GroupMember } from './translation.repository.js';

/**
 * Translations: a published article is translated into another of az, en and ru as a draft translation linked to the
 * original (its own article row once submitted); the group's id is the original's id. The original's author and its
 * accepted co-authors translate; a language is held once per group (published, in review or as a draft).
 */
@Injectable()
export class TranslationService {
  constructor(
    private readonly transactions: TransactionManager,
    private readonly translations: TranslationRepository,
    private readonly coAuthors: CoAuthorRepository,
    private readonly authors: AuthorRepository,
    private readonly clock: Clock,
  ) {}

  /** Starts a draft translation of the article's group into `language`; answers the new draft's id. */
  async translate(actor: Author | undefined, articleId: string, language: string): Promise<string> {
    if (!actor?.uid) throw new AppError('Unauthorized');
    if (!isLang(language)) throw new AppError('InvalidModel', { details: [{ field: 'lang', code: 'InvalidModel' }] });
    const member = await this.translations.findMember(articleId);
    if (!member) throw new AppError('ArticleNotFound');
    const groupId = member.translationOf ?? member.id;
    const original = await this.translations.findSource(groupId);
    if (!original || original.status !== 'published') throw new AppError('ArticleNotFound');
    if (original.authorId !== actor.uid && !(await this.coAuthors.isAcceptedOnArticle(original.id, actor.uid)))
      throw new AppError('Forbidden');
    return this.transactions.run(async (tx) => {
      await this.translations.lockGroupAndOwner(tx, groupId, actor.uid);
      const taken = await this.translations.takenLanguages(tx, groupId);
      if (!translationLanguages(original.language, taken).includes(language))
        throw new AppError('ArticleTranslationAvailable');
      if (draftCapProblem('translation', await this.translations.countDraftTranslations(tx, actor.uid)))
        throw new AppError('MaxDraftTranslationsCountReached');
      const at = this.clock.now();
      await this.authors.upsert(tx, actor, at);
      return this.translations.insertDraft(tx, original, actor.uid, language, at);
    });
  }

  /**
   * The published version of an article's group in `language` (possibly the article itself). The article must be
   * readable by the viewer (published, or theirs, or co-authored by them); its group is read only for published rows.
   */
  async find(articleId: string, language: string, viewerUid: string): Promise<string> {
    const member = await this.translations.findMember(articleId);
    if (!member || !(await this.readable(member, viewerUid))) throw new AppError('ArticleNotFound');
    const found = isLang(language)
      ? await this.translations.publishedIn(member.translationOf ?? member.id, language)
      : undefined;
    if (!found) throw new AppError('ArticleTranslationNotFound');
    return found;
  }

  private async readable(member: GroupMember, viewerUid: string): Promise<boolean> {
    if (member.status === 'published') return true;
    if (!viewerUid) return false;
    return member.authorId === viewerUid || this.coAuthors.isAcceptedOnArticle(member.id, viewerUid);
  }
}
