import { Injectable } from '@nestjs/common';

/** Account deletion with a grace period. Skeleton with the agreed signature; the logic follows. */
@Injectable()
export class DeletionService {
  async scheduledFor(userId: string): Promise<Date | undefined> {
    void userId;
    return undefined;
  }
}
