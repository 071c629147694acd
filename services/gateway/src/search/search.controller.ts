import { Controller } from '@nestjs/common';
import { Input } from '../http/input.js';
import { Route, type RouteInput } from '../http/route.js';
import { searchTextRoute } from './search.routes.js';
import { SearchService } from './search.service.js';

@Controller()
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Route(searchTextRoute)
  text(@Input() input: RouteInput<typeof searchTextRoute>) {
    return this.search.text(input);
  }
}
