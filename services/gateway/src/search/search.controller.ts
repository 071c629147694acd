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

  /** On a publication's subdomain only that publication's articles are searched. */
  @Route(searchTextRoute)
  text(@Input() input: RouteInput<typeof searchTextRoute>, @Req() request: FastifyRequest) {
    return this.search.text(input, publicationOf(request)?.id);
  }

  @Route(searchFullRoute)
  full(@Input() input: RouteInput<typeof searchFullRoute>) {
    return this.search.full(input);
  }

  @Route(searchAdvancedRoute)
  advanced(@Input() input: RouteInput<typeof searchAdvancedRoute>) {
    return this.search.advanced(input);
  }
}
