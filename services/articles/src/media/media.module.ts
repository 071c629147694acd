import { Module } from '@nestjs/common';
import { objectStoreProvider } from '@pencraft/kit';
import { ImageVariantsMaker } from './image-variants.js';
import { MediaGrpcController } from './media.grpc.controller.js';
import { MediaRepository } from './media.repository.js';
import { MediaService } from './media.service.js';

/**
 * The editor's images (articles.v1.MediaService). MediaRepository and the ObjectStore are exported: a cover or an
 * image block can be checked against the uploads of its writer (MediaRepository.findByKey); MediaService removes a
 * deleted account's images.
 */
@Module({
  controllers: [MediaGrpcController],
  providers: [ImageVariantsMaker, MediaRepository, MediaService, objectStoreProvider],
  exports: [MediaRepository, MediaService, objectStoreProvider],
})
export class MediaModule {}
