import { PICTURE_MAX_BYTES, PICTURE_TYPES } from '@pencraft/rules';
import { z } from 'zod';
import { defineRoute } from '../http/route.js';
import {
  AccountSummary,
  BioBody,
  BirthdateBody,
  CountryBody,
  CountryList,
  FollowPage,
  FollowState,
  FullnameBody,
  GenderBody,
  HeadlineBody,
  LanguageBody,
  LanguageList,
  Link,
  LinkBody,
  LinkParams,
  NotificationSettings,
  NotificationSettingsBody,
  PageQuery,
  PhoneBody,
  PhoneCodeBody,
  PhoneState,
  PictureUrl,
  Preferences,
  PROFILE_FIELD_CODES,
  ProfileArticlePage,
  ProfileFieldParams,
  ProfilePatchBody,
  ProfileSettings,
  ProfileStats,
  PublicProfile,
  SettingsIndex,
  ThemeBody,
  UserIdParams,
  UsernameBody,
  UsernameChange,
  UsernameParams,
} from './profiles.dto.js';

const TAG = 'profiles';
/** Lists that are the same for everyone and change with a release at most. */
const STATIC_LIST_CACHE = 'public, max-age=86400';

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

export const requestPhoneRoute = defineRoute({
  operationId: 'requestPhoneChange',
  method: 'PUT',
  path: '/api/ttin/phone',
  tag: TAG,
  summary: 'Send a 6-digit code by SMS to a new number (it replaces the current one once verified)',
  body: PhoneBody,
  response: PhoneState,
  auth: 'required',
  fieldCodes: { phone: 'InvalidPhoneNumber' },
  errors: ['InvalidPhoneNumber', 'PhoneNumberAlreadyExists', 'NewOldPhoneNumberMatch', 'Flood'],
});

export const verifyPhoneRoute = defineRoute({
  operationId: 'verifyPhone',
  method: 'POST',
  path: '/api/ttin/phone/verify',
  tag: TAG,
  summary: 'Enter the SMS code: the number becomes the verified number of the account',
  body: PhoneCodeBody,
  response: PhoneState,
  auth: 'required',
  fieldCodes: { code: 'WrongCode' },
  errors: ['WrongCode', 'ExpiredOrInvalid', 'Flood', 'PhoneNumberAlreadyExists'],
});

export const removePhoneRoute = defineRoute({
  operationId: 'removePhone',
  method: 'DELETE',
  path: '/api/ttin/phone',
  tag: TAG,
  summary: "Remove the account's phone number",
  status: 204,
  auth: 'required',
});

export const preferencesRoute = defineRoute({
  operationId: 'getPreferences',
  method: 'GET',
  path: '/api/ttin/prefs',
  tag: TAG,
  summary: 'Theme, language and notification settings saved on the account',
  response: Preferences,
  auth: 'required',
});

export const themeRoute = defineRoute({
  operationId: 'setTheme',
  method: 'PUT',
  path: '/api/ttin/prefs/theme',
  tag: TAG,
  summary: 'Save the theme on the account',
  body: ThemeBody,
  response: Preferences,
  auth: 'required',
  fieldCodes: { theme: 'InvalidTheme' },
  errors: ['InvalidTheme'],
});

export const languageRoute = defineRoute({
  operationId: 'setLanguage',
  method: 'PUT',
  path: '/api/ttin/prefs/language',
  tag: TAG,
  summary: 'Save the interface language on the account (mails are sent in it)',
  body: LanguageBody,
  response: Preferences,
  auth: 'required',
});

export const languagesRoute = defineRoute({
  operationId: 'listLanguages',
  method: 'GET',
  path: '/api/ttin/langs',
  tag: TAG,
  summary: 'The interface languages, each named in itself',
  response: LanguageList,
  cacheControl: STATIC_LIST_CACHE,
});

export const countriesRoute = defineRoute({
  operationId: 'listCountries',
  method: 'GET',
  path: '/api/ttin/country',
  tag: TAG,
  summary: 'The countries (ISO 3166-1 alpha-2) named in the request language (Accept-Language), by name',
  response: CountryList,
  cacheControl: STATIC_LIST_CACHE,
  vary: 'Accept-Language',
});

export const notificationsRoute = defineRoute({
  operationId: 'getNotificationSettings',
  method: 'GET',
  path: '/api/ttin/nots',
  tag: TAG,
  summary: 'The notification switches (on unless turned off)',
  response: NotificationSettings,
  auth: 'required',
});

export const setNotificationsRoute = defineRoute({
  operationId: 'setNotificationSettings',
  method: 'PUT',
  path: '/api/ttin/nots',
  tag: TAG,
  summary: 'Turn notification switches on or off (absent keys are kept)',
  body: NotificationSettingsBody,
  response: NotificationSettings,
  auth: 'required',
});

export const notificationMailRoute = defineRoute({
  operationId: 'getNotificationMailSettings',
  method: 'GET',
  path: '/api/ttin/nots/mail',
  tag: TAG,
  summary: 'Which notifications also go by e-mail (default: the review outcomes ara, atra, cra)',
  response: NotificationSettings,
  auth: 'required',
});

export const setNotificationMailRoute = defineRoute({
  operationId: 'setNotificationMailSettings',
  method: 'PUT',
  path: '/api/ttin/nots/mail',
  tag: TAG,
  summary:
    'Choose which notifications also go by e-mail (absent keys are kept; a mail goes only while the switch of ' +
    'the same key is on too)',
  body: NotificationSettingsBody,
  response: NotificationSettings,
  auth: 'required',
});

export const settingsIndexRoute = defineRoute({
  operationId: 'getSettingsIndex',
  method: 'GET',
  path: '/api/ttin/index/prefs',
  tag: TAG,
  summary: 'The summary of the settings index: theme, language and how many notification switches are on',
  response: SettingsIndex,
  auth: 'required',
});

export const accountSummaryRoute = defineRoute({
  operationId: 'getAccountSummary',
  method: 'GET',
  path: '/api/ttin/accs',
  tag: TAG,
  summary:
    'The account summary: email and whether it is confirmed, username and when it may change, the masked phone ' +
    '(MFA is in GET /api/ttin/sec)',
  response: AccountSummary,
  auth: 'required',
});

export const followRoute = defineRoute({
  operationId: 'followUser',
  method: 'POST',
  path: '/api/users/:id/follow',
  tag: TAG,
  summary: 'Follow a user (following again changes nothing)',
  params: UserIdParams,
  response: FollowState,
  auth: 'required',
  fieldCodes: { id: 'UserNotFound' },
  errors: ['UserNotFound', 'CantFollowYourself'],
});

export const unfollowRoute = defineRoute({
  operationId: 'unfollowUser',
  method: 'DELETE',
  path: '/api/users/:id/follow',
  tag: TAG,
  summary: 'Stop following a user (when not following, changes nothing)',
  params: UserIdParams,
  response: FollowState,
  auth: 'required',
  fieldCodes: { id: 'UserNotFound' },
  errors: ['UserNotFound', 'CantFollowYourself'],
});

export const followersRoute = defineRoute({
  operationId: 'listFollowers',
  method: 'GET',
  path: '/api/users/:id/followers',
  tag: TAG,
  summary: "A user's followers, newest first, 20 a page",
  params: UserIdParams,
  query: PageQuery,
  response: FollowPage,
  fieldCodes: { id: 'UserNotFound', page: 'InvalidPage' },
  errors: ['UserNotFound'],
});

export const followingRoute = defineRoute({
  operationId: 'listFollowing',
  method: 'GET',
  path: '/api/users/:id/following',
  tag: TAG,
  summary: 'The users a user follows, newest first, 20 a page',
  params: UserIdParams,
  query: PageQuery,
  response: FollowPage,
  fieldCodes: { id: 'UserNotFound', page: 'InvalidPage' },
  errors: ['UserNotFound'],
});

export const myFollowingRoute = defineRoute({
  operationId: 'listMyFollowing',
  method: 'GET',
  path: '/api/follow/following',
  tag: TAG,
  summary: 'The users the signed-in user follows, newest first, 20 a page',
  query: PageQuery,
  response: FollowPage,
  auth: 'required',
  fieldCodes: { page: 'InvalidPage' },
});

export const publicProfileRoute = defineRoute({
  operationId: 'getPublicProfile',
  method: 'GET',
  path: '/api/profile/:username',
  tag: TAG,
  summary:
    "A user's public profile: no email, phone, birthdate or gender; followedByMe for the signed-in reader. The " +
    'articles tab is /api/profile/{username}/articles; comments, bookmarks, collections, badges and supporters ' +
    'come with their features.',
  params: UsernameParams,
  response: PublicProfile,
  auth: 'optional',
  fieldCodes: { username: 'UserNotFound' },
  errors: ['UserNotFound'],
});

export const profileArticlesRoute = defineRoute({
  operationId: 'listProfileArticles',
  method: 'GET',
  path: '/api/profile/:username/articles',
  tag: TAG,
  summary: "A user's published articles, newest first, 20 a page",
  params: UsernameParams,
  query: PageQuery,
  response: ProfileArticlePage,
  fieldCodes: { username: 'UserNotFound', page: 'InvalidPage' },
  errors: ['UserNotFound'],
});

/*
 * The Profile group of SPEC.md section 7 under /api/profile: the signed-in user's own public profile and articles, a
 * profile's counts, and short paths to the profile settings that answer exactly as the /api/me/settings/profile
 * routes do. Their static segments win over /api/profile/{username} in the router, which is why those names are
 * reserved usernames (RESERVED_USERNAMES).
 */

export const myProfileRoute = defineRoute({
  operationId: 'getMyProfile',
  method: 'GET',
  path: '/api/profile',
  tag: TAG,
  summary: "The signed-in user's own profile as others see it (GET /api/profile/{username} for their username)",
  response: PublicProfile,
  auth: 'required',
});

export const myArticlesRoute = defineRoute({
  operationId: 'listMyProfileArticles',
  method: 'GET',
  path: '/api/profile/articles',
  tag: TAG,
  summary: "The signed-in user's published articles, newest first, 20 a page (as /api/profile/{username}/articles)",
  query: PageQuery,
  response: ProfileArticlePage,
  auth: 'required',
  fieldCodes: { page: 'InvalidPage' },
});

export const profileStatsRoute = defineRoute({
  operationId: 'getProfileStats',
  method: 'GET',
  path: '/api/profile/:username/stats',
  tag: TAG,
  summary:
    "A user's counts: followers, following, published articles, rating and when they joined. Views and reads " +
    'statistics arrive with the reading issue.',
  params: UsernameParams,
  response: ProfileStats,
  fieldCodes: { username: 'UserNotFound' },
  errors: ['UserNotFound'],
});

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
