import { Module } from '@nestjs/common';
import { DocumentsController } from './documents.controller.js';

/** The site's documents (user agreement, privacy, payment, GDPR) in three languages, versioned; no upstream. */
@Module({ controllers: [DocumentsController] })
export class DocumentsModule {}
