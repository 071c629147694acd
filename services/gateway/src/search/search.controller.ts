import { Controller, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Input } from '../http/input.js';
import { publicationOf } from '../http/publication-hosts.js';
import { Route, type RouteInput } from '../http/route.js';
import { searchAdvancedRoute, searchFullRoute, searchTextRoute } from './search.routes.js';
import { SearchService } from './search.service.js';

@Controller()
export class SearchController {
  constructor(private readonly search: SearchService) {}

  /** On a publication's subdomain only that publication's documents are searched (every route). */
  @Route(searchTextRoute)
  text(@Input() input: RouteInput<typeof searchTextRoute>, @Req() request: FastifyRequest) {
    return this.search.text(input, publicationOf(request)?.id);
  }

  @Route(searchFullRoute)
  full(@Input() input: RouteInput<typeof searchFullRoute>, @Req() request: FastifyRequest) {
    return this.search.full(input, publicationOf(request)?.id);
  }

  @Route(searchAdvancedRoute)
  advanced(@Input() input: RouteInput<typeof searchAdvancedRoute>, @Req() request: FastifyRequest) {
    return this.search.advanced(input, publicationOf(request)?.id);
  }
}
