import { Injectable } from '@nestjs/common';
import type { Article } from '@pencraft/contracts/articles/v1/articles';
import { CoAuthorRepository } from '../coauthors/coauthor.repository.js';
import { TranslationRepository } from './translation.repository.js';
import { languages } from '@pencraft/contracts/enums';

/** What the Article answer says of collaboration: the accepted co-authors and the translation group. */
export type ArticleCollaborationFields = Pick<Article, 'coAuthors' | 'translations' | 'originalId'>;

/**
 * The collaboration fields of an article read (GET /api/articles/{id}): its accepted co-authors, the published
 * versions of its translation group (the original and its translations, az, en, ru) and the original's id for a
 * translation (empty for an original).
 */
@Injectable()
export class ArticleCollaboration {
  constructor(
    private readonly coAuthors: CoAuthorRepository,
    private readonly translations: TranslationRepository,
  ) {}

  /** Whether `uid` co-writes the article (an accepted co-author reads it before it is published, as its author does). */
  coWrites(articleId: string, uid: string): Promise<boolean> {
    return uid ? this.coAuthors.isAcceptedOnArticle(articleId, uid) : Promise.resolve(false);
  }

  async of(article: { id: string; translationOf: string | null }): Promise<ArticleCollaborationFields> {
    const [coAuthors, translations] = await Promise.all([
      this.coAuthors.acceptedOfArticle(article.id),
      this.translations.publishedVersions(article.translationOf ?? article.id),
    ]);
    return {
      coAuthors,
      translations: translations.map(({ id, language }) => ({ id, language: languages.toProto(language) })),
      originalId: article.translationOf ?? '',
    };
  }
}
