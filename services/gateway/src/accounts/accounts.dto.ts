import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { z } from 'zod';

export const RegisterBody = z.object({
  email: z.string().max(320),
  username: z.string().max(64),
  fullname: z.string().max(256),
  password: z.string().max(256),
  acceptTerms: z.boolean(),
  acceptPrivacy: z.boolean(),
});

export const LoginBody = z.object({
  /** An email address or a username. */
  login: z.string().min(1).max(320),
  password: z.string().min(1).max(256),
});

/** GET /api/users/info: exactly the fields of SPEC.md section 7. */
export const UserInfo = z.object({
  uid: z.string(),
  unm: z.string(),
  fln: z.string(),
  thm: z.enum(['dark', 'light', 'system']),
  iul: z.string().nullable(),
  lng: z.enum(['az', 'en', 'ru']),
  rtg: z.number(),
  dom: z.string().nullable(),
  pub: z.string().nullable(),
});
export type UserInfo = z.infer<typeof UserInfo>;

export const CsrfToken = z.object({ token: z.string() });

export function toUserInfo(user: UserSummary): UserInfo {
  return {
    uid: user.uid,
    unm: user.username,
    fln: user.fullname,
    thm: user.theme as UserInfo['thm'],
    iul: user.imageUrl || null,
    lng: user.lang as UserInfo['lng'],
    rtg: user.rating,
    dom: user.domain || null,
    pub: user.publication || null,
  };
}
