import { Module } from '@nestjs/common';
import { SearchController } from './search.controller.js';
import { SearchService } from './search.service.js';
import { searchUpstream } from './search.upstream.js';

/** Search: articles, users and publications (/api/strict/txt, /full, /advanced). */
@Module({ controllers: [SearchController], providers: [searchUpstream.provider, SearchService] })
export class SearchModule {}
