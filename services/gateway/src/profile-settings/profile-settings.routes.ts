import { PICTURE_MAX_BYTES, PICTURE_TYPES } from '@pencraft/rules';
import { z } from 'zod';
import { defineRoute } from '../http/route.js';
import { Link } from '../profiles/profiles.dto.js';
import { PROFILES_TAG as TAG } from '../profiles/profiles.routes.js';
import {
  BioBody,
  BirthdateBody,
  CountryBody,
  FullnameBody,
  GenderBody,
  HeadlineBody,
  LinkBody,
  LinkParams,
  PictureUrl,
  PROFILE_FIELD_CODES,
  ProfileFieldParams,
  ProfilePatchBody,
  ProfileSettings,
  UsernameBody,
  UsernameChange,
} from './profile-settings.dto.js';

export const getProfileRoute = defineRoute({
  operationId: 'getProfileSettings',
  method: 'GET',
  path: '/api/me/settings/profile',
  tag: TAG,
  summary: "The signed-in user's own profile (fields, pictures, links)",
  response: ProfileSettings,
  auth: 'required',
});

export const patchProfileRoute = defineRoute({
  operationId: 'updateProfileSettings',
  method: 'PATCH',
  path: '/api/me/settings/profile',
  tag: TAG,
  summary: 'Change any of the profile fields at once (absent fields are kept; every refused field is reported)',
  body: ProfilePatchBody,
  response: ProfileSettings,
  auth: 'required',
  fieldCodes: PROFILE_FIELD_CODES,
  errors: Object.values(PROFILE_FIELD_CODES),
});

/** PUT /api/me/settings/profile/<field>: one field, the paths of SPEC.md section 7. */
function fieldRoute<B extends z.ZodType>(field: keyof typeof PROFILE_FIELD_CODES, operationId: string, body: B) {
  return defineRoute({
    operationId,
    method: 'PUT',
    path: `/api/me/settings/profile/${field}`,
    tag: TAG,
    summary: `Change the profile's ${field}`,
    body,
    response: ProfileSettings,
    auth: 'required',
    fieldCodes: { [field]: PROFILE_FIELD_CODES[field] },
    errors: [PROFILE_FIELD_CODES[field]],
  });
}

export const fullnameRoute = fieldRoute('fullname', 'updateFullname', FullnameBody);
export const headlineRoute = fieldRoute('headline', 'updateHeadline', HeadlineBody);
export const bioRoute = fieldRoute('bio', 'updateBio', BioBody);
export const birthdateRoute = fieldRoute('birthdate', 'updateBirthdate', BirthdateBody);
export const countryRoute = fieldRoute('country', 'updateCountry', CountryBody);
export const genderRoute = fieldRoute('gender', 'updateGender', GenderBody);

export const listLinksRoute = defineRoute({
  operationId: 'listProfileLinks',
  method: 'GET',
  path: '/api/me/settings/profile/links',
  tag: TAG,
  summary: "The signed-in user's profile links",
  response: Link.array(),
  auth: 'required',
});

export const addLinkRoute = defineRoute({
  operationId: 'addProfileLink',
  method: 'POST',
  path: '/api/me/settings/profile/links',
  tag: TAG,
  summary: 'Add a link: one per provider, an https URL on the provider site (any site for website)',
  body: LinkBody,
  response: Link,
  status: 201,
  auth: 'required',
  fieldCodes: { provider: 'InvalidLinkProvider', url: 'InvalidLinkUrl' },
  errors: ['InvalidLinkProvider', 'InvalidLinkUrl', 'AlreadyHasLinkProvider'],
});

export const removeLinkRoute = defineRoute({
  operationId: 'removeProfileLink',
  method: 'DELETE',
  path: '/api/me/settings/profile/links/:id',
  tag: TAG,
  summary: "Remove one of the signed-in user's links (any other id is NotFound)",
  params: LinkParams,
  status: 204,
  auth: 'required',
  fieldCodes: { id: 'NotFound' },
  errors: ['NotFound'],
});

export const usernameRoute = defineRoute({
  operationId: 'changeUsername',
  method: 'PUT',
  path: '/api/me/settings/profile/username',
  tag: TAG,
  summary:
    'Change the username, at most once every 14 days (CantUpdateUsername carries availableAt); reserved names are ' +
    'answered UsernameAlreadyExists',
  body: UsernameBody,
  response: UsernameChange,
  auth: 'required',
  fieldCodes: { username: 'InvalidUsername' },
  errors: ['InvalidUsername', 'UsernameAlreadyExists', 'CantUpdateUsername'],
});

const pictureBody = (what: string) => ({
  types: PICTURE_TYPES,
  maxBytes: PICTURE_MAX_BYTES,
  description:
    `The ${what} file itself (JPEG or PNG, at most 3 MB): judged by its content, cropped and stored as JPEG ` +
    'without metadata.',
});

export const setPictureRoute = defineRoute({
  operationId: 'setProfilePicture',
  method: 'PUT',
  path: '/api/me/settings/profile/picture',
  tag: TAG,
  summary: 'Replace the profile picture (stored 200x200); the answer is its URL under /media',
  binaryBody: pictureBody('picture'),
  response: PictureUrl,
  auth: 'required',
  errors: ['InvalidAvatarFormat', 'InvalidAvatarSize'],
});

export const removePictureRoute = defineRoute({
  operationId: 'removeProfilePicture',
  method: 'DELETE',
  path: '/api/me/settings/profile/picture',
  tag: TAG,
  summary: 'Remove the profile picture',
  status: 204,
  auth: 'required',
});

export const setBannerRoute = defineRoute({
  operationId: 'setProfileBanner',
  method: 'PUT',
  path: '/api/me/settings/profile/banner',
  tag: TAG,
  summary: 'Replace the profile banner (stored 1200x240); the answer is its URL under /media',
  binaryBody: pictureBody('banner'),
  response: PictureUrl,
  auth: 'required',
  errors: ['InvalidCoverFormat', 'InvalidCoverSize'],
});

export const removeBannerRoute = defineRoute({
  operationId: 'removeProfileBanner',
  method: 'DELETE',
  path: '/api/me/settings/profile/banner',
  tag: TAG,
  summary: 'Remove the profile banner',
  status: 204,
  auth: 'required',
});

/*
 * The short paths of SPEC.md section 7's Profile group to the profile settings, under /api/profile: they answer
 * exactly as the /api/me/settings/profile routes do (see profiles.routes.ts for why their names are reserved).
 */

export const mySettingsRoute = defineRoute({
  ...getProfileRoute,
  operationId: 'getMyProfileSettings',
  path: '/api/profile/settings',
  summary: `${getProfileRoute.summary}: the same as GET /api/me/settings/profile`,
});

export const editProfileRoute = defineRoute({
  ...patchProfileRoute,
  operationId: 'editMyProfile',
  path: '/api/profile/edit',
  summary: `${patchProfileRoute.summary}: the same as PATCH /api/me/settings/profile`,
});

/** The one-field routes by the field they change: PUT /api/profile/edit/{v} validates and answers as they do. */
export const FIELD_ROUTES = {
  fullname: fullnameRoute,
  headline: headlineRoute,
  bio: bioRoute,
  birthdate: birthdateRoute,
  country: countryRoute,
  gender: genderRoute,
} as const satisfies Record<keyof typeof PROFILE_FIELD_CODES, unknown>;
export type FieldRoute = (typeof FIELD_ROUTES)[keyof typeof FIELD_ROUTES];

export const editFieldRoute = defineRoute({
  operationId: 'editMyProfileField',
  method: 'PUT',
  path: '/api/profile/edit/:v',
  tag: TAG,
  summary:
    'Change one profile field: the same as PUT /api/me/settings/profile/{v}, whose body it takes and checks as that ' +
    "route does (another field's body is refused with v's code); a v of no such route is NotFound.",
  params: ProfileFieldParams,
  // The document's body is any of the one-field bodies; the handler holds it to v's (JSON Schema cannot tie the two).
  body: z.union(Object.values(FIELD_ROUTES).map((route) => route.body)),
  response: ProfileSettings,
  auth: 'required',
  fieldCodes: { v: 'NotFound', ...PROFILE_FIELD_CODES },
  errors: ['NotFound', ...Object.values(PROFILE_FIELD_CODES)],
});

export const myPictureRoute = defineRoute({
  ...setPictureRoute,
  operationId: 'setMyProfileImage',
  path: '/api/profile/img',
  summary: `${setPictureRoute.summary}: the same as PUT /api/me/settings/profile/picture`,
});
