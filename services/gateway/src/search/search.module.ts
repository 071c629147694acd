import { Module } from '@nestjs/common';
import { SearchController } from './search.controller.js';
import { SearchService } from './search.service.js';
import { searchUpstream } from './search.upstream.js';

/** Search: full-text search of published articles. */
@Module({ controllers: [SearchController], providers: [searchUpstream.provider, SearchService] })
export class SearchModule {}
