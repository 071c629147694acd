import type { Block } from './blocks.js';

export interface Author {
  uid: string;
  username: string;
  fullname: string;
}

export interface ArticleCard {
  id: string;
  title: string;
  description: string;
  language: string;
  category: string;
  author: Author;
  publishedAt: string | null;
  readingMinutes: number;
}

export interface Article extends ArticleCard {
  subCategories: string[];
  content: { time?: number; version?: string; blocks: Block[] };
  status: string;
  createdAt: string;
  updatedAt: string;
  wordCount: number;
  symbolCount: number;
}

export interface SearchHit {
  id: string;
  kind: 'article';
  title: string;
  snippet: string;
  language: string;
  author: Author;
  publishedAt: string | null;
}

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}
