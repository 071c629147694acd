import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import type { SearchTextRequest, SearchTextResponse } from '@pencraft/contracts/search/v1/search';
import { SearchService } from './search.service.js';

/** search.v1.SearchService. */
@Controller()
export class SearchGrpcController {
  constructor(private readonly search: SearchService) {}

  @GrpcMethod('SearchService', 'searchText')
  searchText(request: SearchTextRequest): Promise<SearchTextResponse> {
    return this.search.searchText(request);
  }
}
