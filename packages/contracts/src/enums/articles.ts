// The codecs of the articles service's contract (an article's status, an editor image's format). A module of their own,
// so that a service loads the generated code of the contracts it uses, not every one's (issue #19, memory).
import { ARTICLE_STATUSES, EDITOR_IMAGE_FORMATS } from '@pencraft/rules';
import { protoEnum } from '../enums.js';
import { ArticleStatus } from '../gen/articles/v1/articles.js';
import { EditorImageFormat } from '../gen/articles/v1/media.js';

export const articleStatuses = protoEnum<ArticleStatus, (typeof ARTICLE_STATUSES)[number]>(
  'ArticleStatus',
  ArticleStatus,
  ARTICLE_STATUSES,
);
export const editorImageFormats = protoEnum<EditorImageFormat, (typeof EDITOR_IMAGE_FORMATS)[number]>(
  'EditorImageFormat',
  EditorImageFormat,
  EDITOR_IMAGE_FORMATS,
);
