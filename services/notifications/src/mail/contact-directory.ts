import { languages } from '@pencraft/contracts/enums';
import { DEFAULT_LANG } from '@pencraft/rules';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { ProfileServiceClient, ProfileServiceService } from '@pencraft/contracts/identity/v1/profile';
import { AppError } from '@pencraft/errors';
import { CONFIG, createGrpcClient, type PromiseClient } from '@pencraft/kit';
import type { NotificationsConfig } from '../config.js';

export interface Contact {
  email: string;
  lang: string;
  confirmed: boolean;
}

/** Where to write to a user, asked when a mail is sent (the address is never stored here, nor logged). */
export abstract class ContactDirectory {
  /** undefined when the account is gone. */
  abstract find(uid: string): Promise<Contact | undefined>;
}

/** identity.v1.ProfileService.GetContact over gRPC (IDENTITY_GRPC_ADDR). */
@Injectable()
export class GrpcContactDirectory extends ContactDirectory implements OnApplicationShutdown {
  private readonly client: PromiseClient<ProfileServiceClient>;

  constructor(@Inject(CONFIG) config: NotificationsConfig) {
    super();
    this.client = createGrpcClient(ProfileServiceClient, ProfileServiceService, config.IDENTITY_GRPC_ADDR);
  }

  async find(uid: string): Promise<Contact | undefined> {
    try {
      const contact = await this.client.getContact({ uid });
      return { ...contact, lang: languages.fromProto(contact.lang) ?? DEFAULT_LANG };
    } catch (error) {
      if (AppError.is(error) && error.code === 'UserNotFound') return undefined;
      throw error;
    }
  }

  onApplicationShutdown() {
    this.client.close();
  }
}
