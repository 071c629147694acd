import { Module } from '@nestjs/common';
import { CONFIG, ObjectStore, type ObjectStoreConfig } from '@pencraft/kit';
import { MediaController } from './media.controller.js';
import { MediaService } from './media.service.js';

/**
 * The gateway only reads the store: it neither creates the bucket (the services that write do) nor makes its
 * readiness depend on the store, so an object store outage costs pictures, not the whole API.
 */
@Module({
  controllers: [MediaController],
  providers: [
    MediaService,
    {
      provide: ObjectStore,
      inject: [CONFIG],
      useFactory: (config: ObjectStoreConfig) => ObjectStore.fromConfig(config),
    },
  ],
})
export class MediaModule {}
