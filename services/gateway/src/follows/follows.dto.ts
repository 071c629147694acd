import type { FollowUser as FollowUserPb } from '@pencraft/contracts/identity/v1/profile';
import { UUID_PATTERN } from '@pencraft/rules';
import { z } from 'zod';

export const UserIdParams = z.object({ id: z.string().regex(UUID_PATTERN) });
export const FollowState = z
  .object({ following: z.boolean(), followers: z.number().int() })
  .meta({ id: 'FollowState' });
export const FollowUser = z
  .object({
    uid: z.string(),
    username: z.string(),
    fullname: z.string(),
    headline: z.string(),
    imageUrl: z.string().nullable(),
    since: z.iso.datetime(),
  })
  .meta({ id: 'FollowUser' });
export const FollowPage = z
  .object({
    items: z.array(FollowUser),
    page: z.number().int(),
    pageSize: z.number().int(),
    hasMore: z.boolean(),
    total: z.number().int(),
  })
  .meta({ id: 'FollowPage' });

export function toFollowUser(user: FollowUserPb): z.infer<typeof FollowUser> {
  return {
    uid: user.uid,
    username: user.username,
    fullname: user.fullname,
    headline: user.headline,
    imageUrl: user.imageUrl || null,
    since: new Date(user.sinceMs).toISOString(),
  };
}
