import { Controller, Headers } from '@nestjs/common';
import { pickLang } from '@pencraft/errors';
import { Input } from '../http/input.js';
import { Route, type RouteInput } from '../http/route.js';
import { findDocument } from './documents.js';
import { documentRoute } from './documents.routes.js';

@Controller()
export class DocumentsController {
  @Route(documentRoute)
  document(
    @Input() { params, query }: RouteInput<typeof documentRoute>,
    @Headers('accept-language') acceptLanguage: string | undefined,
  ) {
    return findDocument(params.kind, query.lang ?? pickLang(acceptLanguage), query.uid);
  }
}
