import { Inject, Injectable } from '@nestjs/common';
import { publicationImageKinds } from '@pencraft/contracts/enums/publications';
import type * as pb from '@pencraft/contracts/publications/v1/publications';
import { AppError } from '@pencraft/errors';
import { Clock, type Logger, LOGGER, ObjectStore, Outbox, TransactionManager } from '@pencraft/kit';
import type { PublicationImageKind } from '@pencraft/rules';
import { createHash } from 'node:crypto';
import { MemberRepository } from '../members/member.repository.js';
import { actorOf, publicationFor } from '../publications/publication.access.js';
import { publicationUpdatedEvent } from '../publications/publication.events.js';
import { PublicationRepository } from '../publications/publication.repository.js';
import { PublicationImageProcessor } from './publication-image.processor.js';
import { publicationMediaPrefix } from './publication-media.js';

/**
 * The owner's logo and cover (settings: PUBLICATION_PERMISSIONS.editSettings), stored in the object store under
 * content-addressed keys; the replaced object is deleted once the row names the new one.
 */
@Injectable()
export class PublicationImageService {
  constructor(
    private readonly transactions: TransactionManager,
    private readonly publications: PublicationRepository,
    private readonly members: MemberRepository,
    private readonly images: PublicationImageProcessor,
    private readonly store: ObjectStore,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  private get repositories() {
    return { publications: this.publications, members: this.members };
  }

  /** Who may is asked before a pixel is decoded; the row is written (and who may asked again) once it is stored. */
  async upload(request: pb.UploadPublicationImageRequest): Promise<pb.UploadPublicationImageResponse> {
    const actor = actorOf(request.actorUid);
    const kind = publicationImageKinds.require(request.kind, 'kind');
    const { publication } = await this.transactions.run((tx) =>
      publicationFor(this.repositories, tx, request.publicationId, actor, 'editSettings'),
    );
    const body = await this.images.process(kind, Buffer.from(request.image));
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 32);
    const key = `${publicationMediaPrefix(publication.id)}${kind}-${hash}.jpg`;
    await this.store.put(key, body, 'image/jpeg');
    let previous: string | null;
    try {
      previous = await this.save(actor, publication.id, kind, key);
    } catch (error) {
      // Deleted meanwhile: nothing names the object any more.
      if (AppError.is(error) && error.code === 'PublicationNotFound') await this.discard(key);
      throw error;
    }
    if (previous && previous !== key) await this.discard(previous);
    return { url: this.store.publicUrl(key), objectKey: key };
  }

  async remove(request: pb.RemovePublicationImageRequest): Promise<void> {
    const actor = actorOf(request.actorUid);
    const kind = publicationImageKinds.require(request.kind, 'kind');
    const previous = await this.save(actor, request.publicationId, kind, null);
    if (previous) await this.discard(previous);
  }

  /** The deprecated SetPublicationImage: it only clears (nothing can hand it a key of a stored image). */
  async clear(request: pb.SetPublicationImageRequest): Promise<pb.SetPublicationImageResponse> {
    if (request.objectKey.trim()) {
      throw new AppError('InvalidModel', { details: [{ field: 'objectKey', code: 'InvalidModel' }] });
    }
    const actor = actorOf(request.actorUid);
    const kind = publicationImageKinds.require(request.kind, 'kind');
    const previous = await this.save(actor, request.publicationId, kind, null);
    if (previous) await this.discard(previous);
    return { previousObjectKey: previous ?? '' };
  }

  /** Records the picture (announced with the publication's state) and answers the key it replaced. */
  private async save(actor: string, publicationId: string, kind: PublicationImageKind, key: string | null) {
    const now = this.clock.now();
    return this.transactions.run(async (tx) => {
      const { publication } = await publicationFor(this.repositories, tx, publicationId, actor, 'editSettings', true);
      const previous = kind === 'logo' ? publication.logoKey : publication.coverKey;
      if (previous === key) return null;
      const updated = await this.publications.update(
        tx,
        publication.id,
        kind === 'logo' ? { logoKey: key, updatedAt: now } : { coverKey: key, updatedAt: now },
      );
      await this.outbox.add(tx, publicationUpdatedEvent(updated, publication.slug, now));
      return previous;
    });
  }

  /** The replaced object is no longer named; failing to remove it leaves garbage, not a broken publication. */
  private async discard(key: string) {
    await this.store.remove(key).catch((error: unknown) => this.log.warn({ err: error, key }, 'old image kept'));
  }
}
