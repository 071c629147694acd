import { Module } from '@nestjs/common';
import { Clock, objectStoreProvider, transactionManagerProvider } from '@pencraft/kit';
import { ImageVariantsMaker } from './image-variants.js';
import { MediaGrpcController } from './media.grpc.controller.js';
import { MediaRepository } from './media.repository.js';
import { MediaService } from './media.service.js';
import { MediaSweeper } from './media.sweeper.js';

/**
 * The editor's images (articles.v1.MediaService). MediaRepository and the ObjectStore are exported: a cover or an
 * image block can be checked against the uploads of its writer (MediaRepository.findByKey); MediaService removes a
 * deleted account's images. MediaSweeper collects the images nothing refers to.
 */
@Module({
  controllers: [MediaGrpcController],
  providers: [
    ImageVariantsMaker,
    MediaRepository,
    MediaService,
    MediaSweeper,
    Clock,
    objectStoreProvider,
    transactionManagerProvider,
  ],
  exports: [MediaRepository, MediaService, objectStoreProvider],
})
export class MediaModule {}
