import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import type {
  DeleteImageRequest,
  DeleteImageResponse,
  ListImagesRequest,
  ListImagesResponse,
  UploadImageRequest,
  UploadImageResponse,
} from '@pencraft/contracts/articles/v1/media';
import { MediaService } from './media.service.js';

/** articles.v1.MediaService: the editor's images. */
@Controller()
export class MediaGrpcController {
  constructor(private readonly media: MediaService) {}

  @GrpcMethod('MediaService', 'uploadImage')
  uploadImage(request: UploadImageRequest): Promise<UploadImageResponse> {
    return this.media.upload(request.uid, Buffer.from(request.image));
  }

  @GrpcMethod('MediaService', 'deleteImage')
  async deleteImage(request: DeleteImageRequest): Promise<DeleteImageResponse> {
    await this.media.remove(request.uid, request.key);
    return {};
  }

  @GrpcMethod('MediaService', 'listImages')
  listImages(request: ListImagesRequest): Promise<ListImagesResponse> {
    return this.media.list(request.uid, request.cursor);
  }
}
