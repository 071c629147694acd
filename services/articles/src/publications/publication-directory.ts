import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import {
  PublicationsServiceClient,
  PublicationsServiceService,
} from '@pencraft/contracts/publications/v1/publications';
import { AppError } from '@pencraft/errors';
import { CONFIG, createGrpcClient, type PromiseClient } from '@pencraft/kit';
import { isUuid } from '@pencraft/rules';
import type { ArticlesConfig } from '../config.js';

/** What articles ask the publications service: may this user write into that publication. */
export abstract class PublicationDirectory {
  /**
   * Whether the user is the publication's owner or a member. An unknown publication (or an id that is not one)
   * answers PublicationNotFound.
   */
  abstract isMember(publicationId: string, uid: string): Promise<boolean>;
}

/** Refuses a writer who is neither the publication's owner nor a member (ActorNotPublicationMember). */
export async function requireMember(directory: PublicationDirectory, publicationId: string, uid: string) {
  if (!(await directory.isMember(publicationId, uid))) throw new AppError('ActorNotPublicationMember');
}

/**
 * The publication a new draft or article starts in when it was written on a publication's subdomain (the gateway
 * names it): that publication when the writer is its owner or a member; otherwise none, without an error (an
 * outsider's writing stays personal, and so does a writer's whose publication was deleted since the host was
 * resolved). Any other failure of publications propagates, so nothing is written on a guess.
 */
export async function startingPublication(
  directory: PublicationDirectory,
  publicationId: string | undefined,
  uid: string,
): Promise<string | null> {
  if (!publicationId) return null;
  try {
    return (await directory.isMember(publicationId, uid)) ? publicationId : null;
  } catch (error) {
    if (AppError.is(error) && error.code === 'PublicationNotFound') return null;
    throw error;
  }
}

/** publications.v1.PublicationsService.GetRole over gRPC (PUBLICATIONS_GRPC_ADDR). */
@Injectable()
export class GrpcPublicationDirectory extends PublicationDirectory implements OnApplicationShutdown {
  private readonly client: PromiseClient<PublicationsServiceClient>;

  constructor(@Inject(CONFIG) config: ArticlesConfig) {
    super();
    this.client = createGrpcClient(
      PublicationsServiceClient,
      PublicationsServiceService,
      config.PUBLICATIONS_GRPC_ADDR,
    );
  }

  async isMember(publicationId: string, uid: string): Promise<boolean> {
    if (!isUuid(publicationId)) throw new AppError('PublicationNotFound');
    // PublicationNotFound from publications arrives as that AppError (the kit's client maps the catalogue code).
    return (await this.client.getRole({ publicationId, uid })).isMember;
  }

  onApplicationShutdown() {
    this.client.close();
  }
}
