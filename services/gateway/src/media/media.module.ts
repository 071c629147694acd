import { Module } from '@nestjs/common';
import { CONFIG, ObjectStore, type ObjectStoreConfig } from '@pencraft/kit';
import { AccountsModule } from '../accounts/accounts.module.js';
import { EditorImagesController } from './editor-images.controller.js';
import { MediaController } from './media.controller.js';
import { MediaService } from './media.service.js';
import { articlesMediaUpstream } from './media.upstream.js';
import { UploadsLogController } from './uploads-log.controller.js';

/**
 * The gateway only reads the store: it neither creates the bucket (the services that write do) nor makes its
 * readiness depend on the store, so an object store outage costs pictures, not the whole API. Editor images are
 * written by the articles service (POST/DELETE /api/publication/f over gRPC); GET /api/ttin/logs/img lists them.
 */
@Module({
  imports: [AccountsModule],
  controllers: [MediaController, EditorImagesController, UploadsLogController],
  providers: [
    MediaService,
    articlesMediaUpstream.provider,
    {
      provide: ObjectStore,
      inject: [CONFIG],
      useFactory: (config: ObjectStoreConfig) => ObjectStore.fromConfig(config),
    },
  ],
})
export class MediaModule {}
