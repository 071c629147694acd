import { Module } from '@nestjs/common';
import { DocsController } from './docs.controller.js';

/** The API documentation: the OpenAPI document built from every route declaration, and a page to read it. */
@Module({ controllers: [DocsController] })
export class DocsModule {}
